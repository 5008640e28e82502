import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  DataDirInUseError,
  lockDataDir,
  lockFileName,
  lockHolderOf,
  processIsAlive,
  type DataDirLock,
} from "./data-dir-lock.ts";

const held: DataDirLock[] = [];
afterEach(async () => {
  for (const lock of held.splice(0)) await lock.release();
});

function freshFolder(): string {
  return mkdtempSync(path.join(tmpdir(), "herbo-lock-"));
}

async function lock(dataDir: string, isAlive?: (pid: number) => boolean): Promise<DataDirLock> {
  const taken = await lockDataDir(dataDir, isAlive);
  held.push(taken);
  return taken;
}

function writeLock(dataDir: string, holder: Record<string, unknown>): void {
  writeFileSync(path.join(dataDir, lockFileName), JSON.stringify(holder));
}

/** The pid of a process that has exited and been reaped. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the PGlite folder lock", () => {
  it("writes this process's pid and removes the file on release", async () => {
    const dataDir = freshFolder();
    const taken = await lockDataDir(dataDir);
    const content = JSON.parse(readFileSync(taken.file, "utf8")) as { pid: number };
    expect(content.pid).toBe(process.pid);
    await taken.release();
    expect(existsSync(taken.file)).toBe(false);
    // Nothing else is left behind in PGlite's folder.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a folder a live process holds, naming the folder, the process and the way out", async () => {
    const dataDir = freshFolder();
    // The parent of this test process is certainly alive.
    writeLock(dataDir, { pid: process.ppid, hostname: "shop-host", startedAt: "2026-11-23T10:00:00.000Z", token: "x" });
    const error: unknown = await lockDataDir(dataDir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirInUseError);
    const message = (error as Error).message;
    expect(message).toContain(`DATA_DIR ${dataDir} is in use by another store API`);
    expect(message).toContain(`process ${process.ppid} on shop-host`);
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain(path.join(dataDir, lockFileName));
    // The other process's lock is untouched.
    expect(JSON.parse(readFileSync(path.join(dataDir, lockFileName), "utf8"))).toMatchObject({ pid: process.ppid });
  });

  it("takes over a lock whose process is gone (killed with SIGKILL, say)", async () => {
    const dataDir = freshFolder();
    const pid = deadPid();
    expect(processIsAlive(pid)).toBe(false);
    writeLock(dataDir, { pid, hostname: "shop-host", startedAt: "2026-11-23T10:00:00.000Z", token: "old" });
    const taken = await lock(dataDir);
    expect(JSON.parse(readFileSync(taken.file, "utf8"))).toMatchObject({ pid: process.pid });
  });

  it("takes over an older lock carrying this very pid, and a damaged lock file", async () => {
    const ownPid = freshFolder();
    writeLock(ownPid, { pid: process.pid, hostname: "h", startedAt: "earlier", token: "previous-life" });
    await lock(ownPid, () => true);
    const damaged = freshFolder();
    writeFileSync(path.join(damaged, lockFileName), "{not json");
    await lock(damaged, () => true);
  });

  it("does not let one process open a folder twice", async () => {
    const dataDir = freshFolder();
    await lock(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`DATA_DIR ${dataDir} is already open in this process.`);
  });

  it("lets only one of two simultaneous takers win", async () => {
    const dataDir = freshFolder();
    const results = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir)]);
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const result of won) held.push(result.value);
  });

  it("never removes a lock that is no longer its own", async () => {
    const dataDir = freshFolder();
    const taken = await lockDataDir(dataDir);
    writeLock(dataDir, { pid: process.ppid, hostname: "h", startedAt: "now", token: "someone else" });
    await taken.release();
    expect(existsSync(taken.file)).toBe(true);
  });

  it("follows its folder when renamed, held all along, and is released at the new place", async () => {
    const parent = freshFolder();
    const first = path.join(parent, "staged");
    const second = path.join(parent, "data");
    mkdirSync(first);
    const taken = await lockDataDir(first);
    const contents = readFileSync(taken.file, "utf8");
    renameSync(first, second);
    const moved = taken.movedTo(second);
    held.push(moved);
    expect(moved.file).toBe(path.join(second, lockFileName));
    expect(readFileSync(moved.file, "utf8")).toBe(contents);
    expect(await lockHolderOf(second)).toMatchObject({ pid: process.pid });
    await expect(lockDataDir(second)).rejects.toThrow(`DATA_DIR ${second} is already open in this process.`);
    // The old handle is spent: it cannot release or move the lock any more.
    await taken.release();
    expect(existsSync(moved.file)).toBe(true);
    expect(() => taken.movedTo(first)).toThrow("was already let go");
    // Its old place is free again.
    mkdirSync(first);
    held.push(await lockDataDir(first));
    await moved.release();
    expect(readdirSync(second)).toEqual([]);
    held.push(await lockDataDir(second));
  });

  it("will not move onto a folder this process already holds", async () => {
    const parent = freshFolder();
    for (const name of ["a", "b"]) mkdirSync(path.join(parent, name));
    const taken = await lock(path.join(parent, "a"));
    await lock(path.join(parent, "b"));
    expect(() => taken.movedTo(path.join(parent, "b"))).toThrow("is already open in this process");
  });
});

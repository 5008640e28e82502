import { randomBytes } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { link, readFile, rename, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** The lock file PGlite's folder carries while a store API process has it open. */
export const lockFileName = "store-api.lock";

interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Tells this process's lock from an older one with the same pid. */
  token: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file, if it is still this process's. */
  release(): Promise<void>;
  /**
   * The same lock after its folder was renamed to `dataDir` (the file moved with it): the lock is then held
   * there, and this handle is spent. A restore swaps folders this way without ever letting go of DATA_DIR.
   */
  movedTo(dataDir: string): DataDirLock;
}

/** Lock files this process holds, so it cannot open one folder twice either. */
const heldHere = new Set<string>();

/** Another live process holds the folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; hostname: string; startedAt: string },
    lockFile: string,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another store API (process ${holder.pid} on ${holder.hostname}, ` +
        `started ${holder.startedAt}). PGlite allows one process per folder: stop that process, or set ` +
        `DATABASE_URL to run several copies on PostgreSQL. If no such process is running, delete ${lockFile}.`,
    );
    this.name = "DataDirInUseError";
  }
}

/** Whether a process with this pid runs on this machine; zombies (killed, not yet reaped) count as gone. */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    // No /proc (not Linux): the signal check is all there is.
    return true;
  }
}

function parseHolder(text: string | undefined): LockHolder | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.token !== "string") return undefined;
    return {
      pid: value.pid,
      token: value.token,
      hostname: typeof value.hostname === "string" ? value.hostname : "unknown host",
      startedAt: typeof value.startedAt === "string" ? value.startedAt : "at an unknown time",
    };
  } catch {
    return undefined;
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Takes the folder for this process: PGlite is single-process, and a second process on the same files
 * loses writes. The lock file appears with its content in one step (written aside, then hard-linked), so a
 * half-written lock is never read. A lock whose process is gone (killed with SIGKILL, say) is taken over.
 */
export async function lockDataDir(
  dataDir: string,
  isAlive: (pid: number) => boolean = processIsAlive,
): Promise<DataDirLock> {
  const file = path.join(dataDir, lockFileName);
  if (heldHere.has(file)) throw new Error(`DATA_DIR ${dataDir} is already open in this process.`);
  heldHere.add(file);
  try {
    return await takeLock(dataDir, file, isAlive);
  } catch (error) {
    heldHere.delete(file);
    throw error;
  }
}

async function takeLock(dataDir: string, file: string, isAlive: (pid: number) => boolean): Promise<DataDirLock> {
  const token = randomBytes(12).toString("hex");
  const holder: LockHolder = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), token };
  const draft = `${file}.${process.pid}.${token}`;
  await writeFile(draft, `${JSON.stringify(holder)}\n`, { flag: "wx" });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await link(draft, file);
        return heldLock(file, token);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const judged = await readText(file);
      const current = parseHolder(judged);
      // Our own pid in an old lock means this process is that one's successor (a container restarted, say).
      if (current !== undefined && current.pid !== process.pid && isAlive(current.pid)) {
        throw new DataDirInUseError(dataDir, current, file);
      }
      // Move the stale lock aside, then make sure what moved is what was judged stale.
      const aside = `${file}.stale.${process.pid}.${token}`;
      try {
        await rename(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      const moved = await readText(aside);
      if (moved !== judged) {
        // A starting process took the folder in between: put its lock back and leave.
        await link(aside, file).catch(() => undefined);
        await unlink(aside);
        const winner = parseHolder(moved);
        if (winner !== undefined) throw new DataDirInUseError(dataDir, winner, file);
        continue;
      }
      await unlink(aside);
    }
    throw new Error(`DATA_DIR ${dataDir}: could not take ${file}; several processes are starting at once.`);
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

function heldLock(file: string, token: string): DataDirLock {
  let released = false;
  const isOurs = (text: string | undefined) => parseHolder(text)?.token === token;
  // A process that exits without closing (an uncaught error) still gives the folder back.
  const onExit = () => {
    if (released) return;
    try {
      if (isOurs(readFileSync(file, "utf8"))) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once("exit", onExit);
  const letGo = () => {
    released = true;
    heldHere.delete(file);
    process.removeListener("exit", onExit);
  };
  return {
    file,
    async release() {
      if (released) return;
      letGo();
      if (isOurs(await readText(file))) await unlink(file).catch(() => undefined);
    },
    movedTo(dataDir) {
      if (released) throw new Error(`The lock ${file} was already let go.`);
      const moved = path.join(dataDir, lockFileName);
      if (heldHere.has(moved)) throw new Error(`DATA_DIR ${dataDir} is already open in this process.`);
      letGo();
      heldHere.add(moved);
      return heldLock(moved, token);
    },
  };
}

/** The live process holding a folder, read from its lock file; undefined when none does. */
export async function lockHolderOf(
  dataDir: string,
  isAlive: (pid: number) => boolean = processIsAlive,
): Promise<{ pid: number; hostname: string; startedAt: string } | undefined> {
  const holder = parseHolder(await readText(path.join(dataDir, lockFileName)));
  if (holder === undefined || !isAlive(holder.pid)) return undefined;
  return { pid: holder.pid, hostname: holder.hostname, startedAt: holder.startedAt };
}

import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockFileName } from "../src/db/data-dir-lock.ts";
import { packageRoot } from "../src/package-root.ts";
import { exitCode, healthy, spawnServer, stop, type ServerProcess } from "./server-process.ts";

// PGlite's folder at start-up, as the real server process sees it.
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await stop(server, "SIGKILL");
});

async function start(dataDir: string, options: Parameters<typeof spawnServer>[1] = {}): Promise<ServerProcess> {
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: "" }, options);
  running.push(server);
  return server;
}

function freshFolder(): string {
  return mkdtempSync(path.join(tmpdir(), "herbo-data-dir-"));
}

/** The unprivileged user a root test run drops to, when it can read this checkout. */
const nobody = { uid: 65534, gid: 65534 };
const runsAsRoot = process.getuid?.() === 0;
const nobodyCanRun =
  runsAsRoot &&
  spawnSync(
    process.execPath,
    ["-e", `require("fs").accessSync(${JSON.stringify(path.join(packageRoot, "src", "server.ts"))})`],
    nobody,
  ).status === 0;
if (runsAsRoot && !nobodyCanRun) {
  console.warn("Skipping the read-only DATA_DIR start: tests run as root and user 'nobody' cannot read this checkout.");
}

describe("the PGlite data folder", () => {
  it("a second store API on the same DATA_DIR refuses to start, naming the folder and the process holding it", async () => {
    const dataDir = freshFolder();
    const first = await start(dataDir);
    await healthy(first);
    const holder = JSON.parse(readFileSync(path.join(dataDir, lockFileName), "utf8")) as { pid: number };
    expect(holder.pid).toBe(first.child.pid);

    const second = await start(dataDir);
    expect(await exitCode(second)).toBe(1);
    expect(second.stderr()).toContain(`DATA_DIR ${dataDir} is in use by another store API (process ${first.child.pid}`);
    expect(second.stderr()).toContain("DATABASE_URL");
    // The first one is unharmed and still holds the folder.
    expect((await fetch(`${first.baseUrl}/health`)).status).toBe(200);
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(true);

    // A clean stop gives the folder back.
    expect(await stop(first, "SIGTERM")).toBe(0);
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
    const third = await start(dataDir);
    await healthy(third);
    // Three starts of the real server.
  }, 180_000);

  it("a DATA_DIR that is a file stops the start with the folder and the cause", async () => {
    const file = path.join(freshFolder(), "not-a-folder");
    writeFileSync(file, "x");
    const server = await start(file);
    expect(await exitCode(server)).toBe(1);
    expect(server.stderr()).toContain(`DATA_DIR ${file} cannot hold the database: it is a file, not a folder.`);
  });

  it("a folder PGlite cannot open stops the start with the folder and the likely cause", async () => {
    const dataDir = freshFolder();
    // Looks like a database folder, but is none PGlite can open.
    writeFileSync(path.join(dataDir, "PG_VERSION"), "garbage\n");
    mkdirSync(path.join(dataDir, "base"));
    const server = await start(dataDir);
    expect(await exitCode(server)).toBe(1);
    expect(server.stderr()).toContain(
      `DATA_DIR ${dataDir} cannot hold the database: it holds a database (PG_VERSION "garbage") that PGlite could not open`,
    );
    expect(server.stderr()).toContain("(PGlite: PGlite failed to initialize properly)");
    // The failed start leaves no lock behind.
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
  });

  it.skipIf(runsAsRoot && !nobodyCanRun)(
    "a read-only DATA_DIR stops the start with the folder and the cause (as root: run as user nobody)",
    async () => {
      // chmod does not stop root, so a root run starts the server as an unprivileged user instead.
      const dataDir = freshFolder();
      chmodSync(dataDir, 0o555);
      const server = await start(dataDir, runsAsRoot ? nobody : {});
      expect(await exitCode(server)).toBe(1);
      expect(server.stderr()).toContain(
        `DATA_DIR ${dataDir} cannot hold the database: it cannot be written to: this process may not write there (EACCES).`,
      );
    },
  );
});

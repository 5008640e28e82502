import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirError, explainPgliteFailure, explainWriteFailure, prepareDataDir } from "./data-dir.ts";

const folder = () => mkdtempSync(path.join(tmpdir(), "herbo-dir-"));
const errno = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("start-up errors about DATA_DIR name the folder and the cause", () => {
  it("creates a missing folder, parents included", async () => {
    const dataDir = path.join(folder(), "a", "b");
    await prepareDataDir(dataDir);
    expect(existsSync(dataDir)).toBe(true);
  });

  it("refuses a file, and a path through a file", async () => {
    const file = path.join(folder(), "file");
    writeFileSync(file, "x");
    await expect(prepareDataDir(file)).rejects.toThrow(
      `DATA_DIR ${file} cannot hold the database: it is a file, not a folder.`,
    );
    await expect(prepareDataDir(path.join(file, "data"))).rejects.toThrow(
      `DATA_DIR ${path.join(file, "data")} cannot hold the database: a part of the path is a file, not a folder (ENOTDIR).`,
    );
  });

  it("says why a folder cannot be written", () => {
    expect((explainWriteFailure("/srv/data", errno("EACCES")) as Error).message).toBe(
      "DATA_DIR /srv/data cannot hold the database: it cannot be written to: this process may not write there (EACCES).",
    );
    expect((explainWriteFailure("/srv/data", errno("EROFS")) as Error).message).toContain(
      "it is on a read-only file system (EROFS)",
    );
    expect((explainWriteFailure("/srv/data", errno("ENOSPC")) as Error).message).toContain("the disk is full (ENOSPC)");
    // Errors that are not about the file system pass through unchanged.
    const other = new Error("in use");
    expect(explainWriteFailure("/srv/data", other)).toBe(other);
  });

  it("turns PGlite's bare failure into the folder, what it holds and PGlite's words", async () => {
    const empty = folder();
    const fresh = await explainPgliteFailure(empty, new Error("PGlite failed to initialize properly"));
    expect(fresh).toBeInstanceOf(DataDirError);
    expect(fresh.message).toBe(
      `DATA_DIR ${empty} cannot hold the database: PGlite could not create a database in it (PGlite: PGlite failed to initialize properly).`,
    );
    const existing = folder();
    writeFileSync(path.join(existing, "PG_VERSION"), "16\n");
    expect((await explainPgliteFailure(existing, new Error("boom"))).message).toContain(
      `it holds a database (PG_VERSION "16") that PGlite could not open`,
    );
  });
});

import { mkdir, readFile, stat, statfs } from "node:fs/promises";
import path from "node:path";

/** Below this much free space PGlite cannot be expected to start or write. */
const minimumFreeBytes = 32 * 1024 * 1024;

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case "EACCES":
    case "EPERM":
      return `this process may not write there (${code})`;
    case "EROFS":
      return "it is on a read-only file system (EROFS)";
    case "ENOSPC":
      return "the disk is full (ENOSPC)";
    case "ENOTDIR":
      return `a part of the path is a file, not a folder (ENOTDIR)`;
    default:
      return message;
  }
}

/** A start-up error that names the folder and the cause, for the log and the exit message. */
export class DataDirError extends Error {
  constructor(dataDir: string, problem: string, options?: { cause?: unknown }) {
    super(`DATA_DIR ${dataDir} cannot hold the database: ${problem}.`, options);
    this.name = "DataDirError";
  }
}

/** Creates the folder if needed; a path that is a file, or cannot be created, fails with its cause. */
export async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    const existing = await stat(dataDir);
    if (!existing.isDirectory()) throw new DataDirError(dataDir, "it is a file, not a folder");
    return;
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      throw new DataDirError(dataDir, reason(error), { cause: error });
  }
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new DataDirError(dataDir, `it cannot be created: ${reason(error)}`, { cause: error });
  }
}

/** Why a folder cannot be written, as a DataDirError; anything else passes through. */
export function explainWriteFailure(dataDir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined || code === "EEXIST") return error;
  return new DataDirError(dataDir, `it cannot be written to: ${reason(error)}`, { cause: error });
}

/**
 * PGlite reports any failure to start as "PGlite failed to initialize properly". This looks at the folder
 * for the likely cause, so the message says what to fix.
 */
export async function explainPgliteFailure(dataDir: string, error: unknown): Promise<DataDirError> {
  const original = error instanceof Error ? error.message : String(error);
  const problems: string[] = [];
  try {
    const space = await statfs(dataDir);
    const free = space.bavail * space.bsize;
    if (free < minimumFreeBytes) problems.push(`the disk is full (${Math.floor(free / 1024 / 1024)} MB free)`);
  } catch {
    // Free space is a hint only.
  }
  const version = await readFile(path.join(dataDir, "PG_VERSION"), "utf8").catch(() => undefined);
  if (version !== undefined) {
    problems.push(
      `it holds a database (PG_VERSION ${JSON.stringify(version.trim())}) that PGlite could not open: its files may be ` +
        "read-only for this user, damaged, or from another PGlite version",
    );
  }
  if (problems.length === 0) problems.push("PGlite could not create a database in it");
  return new DataDirError(dataDir, `${problems.join("; ")} (PGlite: ${original})`, { cause: error });
}

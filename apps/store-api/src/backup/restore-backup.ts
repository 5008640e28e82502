import { openAsBlob } from "node:fs";
import { cp, readdir, rename, rm, rmdir, stat, statfs } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../db/connection.ts";
import { DataDirInUseError, lockDataDir, lockFileName, lockHolderOf, type DataDirLock } from "../db/data-dir-lock.ts";
import { prepareDataDir } from "../db/data-dir.ts";
import { NotABackupError, readArchive, readManifestText } from "./backup-archive.ts";
import {
  checkManifest,
  databaseEntry,
  fileCounts,
  mediaPrefix,
  outboxPrefix,
  unpackedSizeProblem,
  type BackupManifest,
} from "./backup-manifest.ts";
import { knownMigrationLevel, rowCountsOf } from "./database-dump.ts";

/** The shop a backup is restored into: its folders and its STORE_ID. */
export interface RestoreTarget {
  dataDir: string;
  /** The photos' folder; undefined when they live in a bucket. */
  mediaDir: string | undefined;
  outboxDir: string;
  storeId: string;
}

interface StagedRestore {
  kind: "restored";
  manifest: BackupManifest;
  /** What the restored database holds (after its migrations) and the files put back: photos, and their files. */
  restored: { orders: number; emails: number; photos: number; photoFiles: number; outboxFiles: number };
}

type Refusal = { kind: "refused"; reason: string };

/** Restored, with where the data it replaced now is (folder by folder), or refused with nothing changed. */
export type RestoreOutcome = (StagedRestore & { movedAside: string[] }) | Refusal;

/**
 * Restores a backup file into DATA_DIR (and MEDIA_DIR, OUTBOX_DIR) with the shop stopped. Everything is
 * checked and the database loaded and migrated in a staging folder first; only then is the current data moved
 * aside to `<folder>.before-restore-<time>` (never deleted) and the restored folders put in its place.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  now: Date,
  /** Called at each step of putting the folders in place; tests look at the lock there. */
  atSwapStep: (step: SwapStep) => Promise<void> = async () => undefined,
): Promise<RestoreOutcome> {
  const holder = await lockHolderOf(target.dataDir);
  if (holder !== undefined) return runningRefusal(holder);
  const existed = await isFolder(target.dataDir);
  await prepareDataDir(target.dataDir);
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(target.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return runningRefusal(error.holder);
  }
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const staging = `${target.dataDir}.restore-${stamp}`;
  let loaded: StagedRestore | Refusal;
  try {
    loaded = await stageRestore(file, target, staging);
  } catch (error) {
    await giveUp(lock, staging, target.dataDir, existed);
    throw error;
  }
  if (loaded.kind === "refused") {
    await giveUp(lock, staging, target.dataDir, existed);
    return loaded;
  }
  const movedAside = await putInPlace(staging, target, stamp, lock, atSwapStep);
  await rm(staging, { recursive: true, force: true });
  return { ...loaded, movedAside };
}

/** The steps of putting a restore in place, in order. */
export type SwapStep = "current data moved aside" | "restored database in place" | "files in place";

/** Leaves everything as it was before the restore began. */
async function giveUp(lock: DataDirLock, staging: string, dataDir: string, existed: boolean): Promise<void> {
  await lock.release();
  await rm(staging, { recursive: true, force: true });
  if (!existed) await rmdir(dataDir).catch(() => undefined);
}

function runningRefusal(holder: { pid: number; hostname: string }): Refusal {
  return refused(`the shop is running (process ${holder.pid} on ${holder.hostname}): stop it first.`);
}

function refused(reason: string): Refusal {
  return { kind: "refused", reason };
}

/** Unpacks and checks the file, then loads its database into staging/database and brings it up to date. */
async function stageRestore(file: string, target: RestoreTarget, staging: string): Promise<StagedRestore | Refusal> {
  if (!(await isFile(file))) return refused(`${file} is not a file.`);
  const expected = { storeId: target.storeId, migrations: await knownMigrationLevel() };
  let archive;
  try {
    // The manifest comes last in the archive: it is read first, writing nothing, so that its sizes bound
    // what the unpacking writes (an archive of a few kilobytes can unpack to gigabytes).
    const manifestText = await readManifestText(file);
    const early = checkManifest(manifestText, undefined, expected);
    if (early.kind === "refused") return early;
    const free = await statfs(path.dirname(staging));
    const tooLarge = unpackedSizeProblem(early.manifest.parts, free.bavail * free.bsize);
    if (tooLarge !== undefined) return refused(tooLarge);
    archive = await readArchive(file, staging, early.manifest.parts);
    if (archive.manifestText !== manifestText) return refused("it changed while it was being read.");
  } catch (error) {
    if (error instanceof NotABackupError) return refused(error.message);
    throw error;
  }
  const check = checkManifest(archive.manifestText, archive.parts, expected);
  if (check.kind === "refused") return check;
  const handle = await openDatabase({
    kind: "pglite",
    dataDir: path.join(staging, "database"),
    loadDataDir: await openAsBlob(path.join(staging, databaseEntry)),
  });
  try {
    // A backup from an older version of the shop is brought forward, as a start would.
    await handle.migrate();
    const counts = await rowCountsOf(handle.pglite ?? failNoPglite());
    // Counted from the parts themselves: a manifest written before photos were counted by photo counts files.
    const files = fileCounts(check.manifest.parts.map((part) => part.name));
    const photos = target.mediaDir === undefined ? { photos: 0, photoFiles: 0 } : files;
    return {
      kind: "restored",
      manifest: check.manifest,
      restored: { ...counts, photos: photos.photos, photoFiles: photos.photoFiles, outboxFiles: files.outboxFiles },
    };
  } finally {
    await handle.close();
  }
}

function failNoPglite(): never {
  throw new Error("The restored database did not open as PGlite.");
}

/**
 * Moves the current folders aside and the staged ones into their places; returns where the old ones went.
 * DATA_DIR's lock is held throughout: the staged database is locked before the swap, so the folder that
 * takes DATA_DIR's name already carries it, and a shop started meanwhile is refused, not half-restored.
 */
async function putInPlace(
  staging: string,
  target: RestoreTarget,
  stamp: string,
  currentLock: DataDirLock,
  atSwapStep: (step: SwapStep) => Promise<void>,
): Promise<string[]> {
  const movedAside: string[] = [];
  const aside = async (folder: string) => {
    const moved = await moveAside(folder, stamp);
    if (moved !== undefined) movedAside.push(moved);
    return moved;
  };
  const stagedDatabase = path.join(staging, "database");
  let restoredLock = await lockDataDir(stagedDatabase);
  try {
    const oldData = await aside(target.dataDir);
    // The old lock went with its folder (or with it, when the folder held nothing else).
    await (oldData === undefined ? currentLock.release() : currentLock.movedTo(oldData).release());
    await atSwapStep("current data moved aside");
    await renameInto(stagedDatabase, target.dataDir, oldData);
    restoredLock = restoredLock.movedTo(target.dataDir);
    await atSwapStep("restored database in place");
    const folders: [string | undefined, string][] = [
      [target.mediaDir, mediaPrefix],
      [target.outboxDir, outboxPrefix],
    ];
    for (const [folder, prefix] of folders) {
      if (folder === undefined) continue;
      // A folder inside DATA_DIR (the default) moved aside with it.
      if (!isInside(folder, target.dataDir)) await aside(folder);
      await moveFolder(path.join(staging, prefix), folder);
    }
    await atSwapStep("files in place");
  } finally {
    await restoredLock.release();
  }
  return movedAside;
}

/**
 * Gives the restored database DATA_DIR's name. Between moving the old folder aside and this, DATA_DIR does not
 * exist for an instant; a shop started in that instant makes a new folder there, and then this refuses,
 * deleting nothing and naming where both copies are.
 */
async function renameInto(stagedDatabase: string, dataDir: string, oldData: string | undefined): Promise<void> {
  try {
    await rename(stagedDatabase, dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    throw new Error(
      `A shop was started on DATA_DIR ${dataDir} while the restore was putting it in place. Nothing was ` +
        `deleted: the restored database is in ${stagedDatabase}` +
        (oldData === undefined ? "" : `, and the data it was to replace in ${oldData}`) +
        ". Stop that shop, then run the restore again.",
      { cause: error },
    );
  }
}

/** Renames a folder with content to `<folder>.before-restore-<time>`; an empty or missing one is removed. */
async function moveAside(folder: string, stamp: string): Promise<string | undefined> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (entries === undefined) return undefined;
  if (entries.every((name) => name === lockFileName)) {
    await rm(folder, { recursive: true, force: true });
    return undefined;
  }
  const aside = `${folder}.before-restore-${stamp}`;
  await rename(folder, aside);
  return aside;
}

/** Renames, or copies then removes when the two are on different disks. */
async function moveFolder(from: string, to: string): Promise<void> {
  await prepareDataDir(path.dirname(to));
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

function isInside(folder: string, parent: string): boolean {
  const relative = path.relative(parent, folder);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

async function isFolder(folder: string): Promise<boolean> {
  return (await stat(folder).catch(() => undefined))?.isDirectory() ?? false;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { writeArchive } from "./backup-archive.ts";
import {
  backupFileName,
  backupFormat,
  backupFormatVersion,
  fileCounts,
  isPlainFileName,
  type BackupManifest,
} from "./backup-manifest.ts";
import { backupsToDelete, leftoverPartials } from "./backup-retention.ts";
import { dumpDatabase } from "./database-dump.ts";

/** Where a backup's parts come from, and where it goes. */
export interface BackupSources {
  client: PGlite;
  storeId: string;
  /** The photos' folder; undefined when they live in a bucket (which keeps its own copies). */
  mediaDir: string | undefined;
  outboxDir: string;
  backupDir: string;
}

export interface WrittenBackup {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** One backup file now: `scheduled` ones are subject to BACKUP_KEEP, `manual` ones are kept until deleted. */
export async function writeBackup(
  sources: BackupSources,
  kind: "scheduled" | "manual",
  now: Date,
): Promise<WrittenBackup> {
  const dump = await dumpDatabase(sources.client);
  const mediaFiles = sources.mediaDir === undefined ? [] : await plainFilesIn(sources.mediaDir, isPlainFileName);
  const outboxFiles = await plainFilesIn(sources.outboxDir, (name) => isPlainFileName(name) && name.endsWith(".eml"));
  const file = path.join(sources.backupDir, backupFileName(now, kind));
  let manifest: BackupManifest | undefined;
  const bytes = await writeArchive(file, { database: dump.archive, mediaFiles, outboxFiles }, (parts) => {
    const files = fileCounts(parts.map((part) => part.name));
    manifest = {
      format: backupFormat,
      version: backupFormatVersion,
      storeId: sources.storeId,
      createdAt: now.toISOString(),
      migrations: dump.migrations,
      counts: { ...dump.counts, photos: files.photos, outboxFiles: files.outboxFiles },
      parts,
    };
    return manifest;
  });
  if (manifest === undefined) throw new Error("The backup was written without its manifest.");
  return { file, bytes, manifest };
}

/** The regular files of a folder whose names pass `keep`, sorted; none when the folder does not exist. */
export async function plainFilesIn(folder: string, keep: (name: string) => boolean): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && keep(entry.name))
      .map((entry) => path.join(folder, entry.name))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * Deletes the scheduled backups beyond the `keep` newest in the folder, and the unfinished files a crash left
 * a day or more ago; returns their names.
 */
export async function pruneBackups(backupDir: string, keep: number, now: Date): Promise<string[]> {
  const files = await Promise.all(
    (await plainFilesIn(backupDir, () => true)).map(async (file) => ({
      name: path.basename(file),
      modifiedAt: (await stat(file)).mtime,
    })),
  );
  const doomed = [
    ...backupsToDelete(
      files.map((file) => file.name),
      keep,
    ),
    ...leftoverPartials(files, now),
  ];
  for (const name of doomed) await rm(path.join(backupDir, name), { force: true });
  return doomed;
}

/** The running store API's backups: one at a time, whether the schedule or `npm run admin -- backup` asks. */
export interface BackupService {
  write(kind: "scheduled" | "manual"): Promise<WrittenBackup>;
  prune(): Promise<string[]>;
}

export function backupService(sources: BackupSources, keep: number, now: () => Date): BackupService {
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };
  return {
    write: (kind) => oneAtATime(() => writeBackup(sources, kind, now())),
    prune: () => oneAtATime(() => pruneBackups(sources.backupDir, keep, now())),
  };
}

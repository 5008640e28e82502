import { existsSync } from "node:fs";
import path from "node:path";
import type { StoreApiConfig } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import { DataDirInUseError, lockHolderOf } from "../db/data-dir-lock.ts";
import { readOpsToken } from "./ops-token.ts";
import { restoreBackup } from "./restore-backup.ts";
import { writeBackup } from "./write-backup.ts";

export type BackupConfig = Pick<
  StoreApiConfig,
  "databaseUrl" | "dataDir" | "storeId" | "mediaDir" | "mediaBucket" | "outboxDir" | "port" | "host" | "backup"
>;

export interface BackupCommandIo {
  print(line: string): void;
  printError(line: string): void;
  now(): Date;
}

/** What `backup` and `restore` say with DATABASE_URL: PostgreSQL's own tools do it better. */
export const postgresBackupAdvice = `With DATABASE_URL the database is PostgreSQL's: back it up and restore it with its own tools.
  Back up:  pg_dump -Fc "$DATABASE_URL" -f shop.dump
  Restore:  pg_restore --clean --if-exists -d "$DATABASE_URL" shop.dump   (with the shop stopped)
Copy MEDIA_DIR (the product photos) with each dump, and put it back with each restore.`;

/** `npm run admin -- backup` and `restore FILE`: returns the exit code. */
export async function runBackupCommand(
  command: "backup" | "restore",
  args: readonly string[],
  config: BackupConfig,
  io: BackupCommandIo,
): Promise<number> {
  if (config.databaseUrl !== undefined) {
    io.printError(postgresBackupAdvice);
    return 1;
  }
  if (command === "backup") {
    if (args.length > 0) return usage(io, `backup takes no arguments (got ${args[0]}).`);
    return backupNow(config, io);
  }
  const [file, ...extra] = args;
  if (file === undefined || extra.length > 0) return usage(io, "restore needs the backup file: restore FILE.");
  return restoreNow(path.resolve(file), config, io);
}

function usage(io: BackupCommandIo, message: string): number {
  io.printError(message);
  return 2;
}

/** Asks the running shop to write it (PGlite is one process per folder), else opens the folder itself. */
async function backupNow(config: BackupConfig, io: BackupCommandIo): Promise<number> {
  const holder = await lockHolderOf(config.dataDir);
  if (holder !== undefined) return askRunningShop(config, io);
  if (!existsSync(path.join(config.dataDir, "PG_VERSION"))) {
    io.printError(`DATA_DIR ${config.dataDir} holds no database: there is nothing to back up.`);
    return 1;
  }
  let handle;
  try {
    handle = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  } catch (error) {
    // The shop started in between: ask it instead.
    if (error instanceof DataDirInUseError) return askRunningShop(config, io);
    throw error;
  }
  try {
    const written = await writeBackup(sourcesOf(config, handle.pglite), "manual", io.now());
    printWritten(io, written.file, written.bytes, written.manifest.counts.orders);
    if (config.mediaBucket !== undefined) io.print("The photos are in the bucket (MEDIA_BUCKET_*): back it up there.");
    return 0;
  } finally {
    await handle.close();
  }
}

function sourcesOf(config: BackupConfig, client: Parameters<typeof writeBackup>[0]["client"] | undefined) {
  if (client === undefined) throw new Error("DATA_DIR did not open as PGlite.");
  return {
    client,
    storeId: config.storeId,
    mediaDir: config.mediaBucket === undefined ? config.mediaDir : undefined,
    outboxDir: config.outboxDir,
    backupDir: config.backup.dir,
  };
}

/** The store API's own address on this machine, for POST /ops/backup. */
export function opsUrl(config: Pick<BackupConfig, "host" | "port">): string {
  const wildcard = ["0.0.0.0", "::", ""].includes(config.host);
  const host = wildcard ? "127.0.0.1" : config.host.includes(":") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}/ops/backup`;
}

async function askRunningShop(config: BackupConfig, io: BackupCommandIo): Promise<number> {
  const token = await readOpsToken(config.dataDir);
  if (token === undefined) {
    io.printError(
      `The shop is running on DATA_DIR ${config.dataDir} but wrote no ops token there: restart it with this ` +
        "version, or stop it and run the backup again.",
    );
    return 1;
  }
  const url = opsUrl(config);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  } catch (error) {
    io.printError(`The shop is running but did not answer at ${url}: ${(error as Error).message}`);
    return 1;
  }
  if (response.status !== 200) {
    io.printError(`The running shop refused the backup (HTTP ${response.status}); its log says why.`);
    return 1;
  }
  const written = (await response.json()) as { file: string; bytes: number; orders: number };
  printWritten(io, written.file, written.bytes, written.orders);
  return 0;
}

function printWritten(io: BackupCommandIo, file: string, bytes: number, orders: number): void {
  io.print(`Backup written: ${file} (${formatBytes(bytes)}, ${orders} orders).`);
  io.print("Copy it off this machine: a backup on the same disk is lost with the disk.");
}

/** "1 photo (5 files)": each photo is kept at several sizes, so its files outnumber it. */
function photosText(photos: number, files: number): string {
  const counted = `${photos} ${photos === 1 ? "photo" : "photos"}`;
  return files === 0 ? counted : `${counted} (${files} ${files === 1 ? "file" : "files"})`;
}

/** "12.3 MB": sizes as the owner reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

async function restoreNow(file: string, config: BackupConfig, io: BackupCommandIo): Promise<number> {
  const outcome = await restoreBackup(
    file,
    {
      dataDir: config.dataDir,
      mediaDir: config.mediaBucket === undefined ? config.mediaDir : undefined,
      outboxDir: config.outboxDir,
      storeId: config.storeId,
    },
    io.now(),
  );
  if (outcome.kind === "refused") {
    io.printError(`Not restored, nothing was changed: ${file}: ${outcome.reason}`);
    return 1;
  }
  const { restored, manifest, movedAside } = outcome;
  io.print(`Restored the backup of ${manifest.createdAt} (${path.basename(file)}):`);
  io.print(
    `  ${restored.orders} orders, ${restored.emails} emails, ${photosText(restored.photos, restored.photoFiles)}`,
  );
  io.print(`  ${restored.outboxFiles} sent-mail files in ${config.outboxDir}`);
  for (const folder of movedAside) io.print(`The data it replaced was moved to ${folder} (delete it when sure).`);
  if (config.mediaBucket !== undefined) io.print("The photos are in the bucket (MEDIA_BUCKET_*): none were restored.");
  return 0;
}

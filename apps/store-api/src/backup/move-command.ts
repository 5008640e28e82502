import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { StoreApiConfig } from "../config.ts";
import { bucketMediaStore } from "../media/bucket-media-store.ts";
import { isMediaStoreName } from "../media/media-names.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { DataDirInUseError, lockHolderOf } from "../db/data-dir-lock.ts";
import { copyShop, figuresTable, moveRefusal } from "./move-to-postgres.ts";

export type MoveConfig = Pick<StoreApiConfig, "dataDir" | "mediaDir" | "mediaBucket" | "outboxDir">;

export interface MoveCommandIo {
  print(line: string): void;
  printError(line: string): void;
}

/** The server and database a connection string names, without its user or password, for what is printed. */
export function describeServer(url: URL): string {
  return `${url.hostname}${url.port === "" ? "" : `:${url.port}`}${url.pathname}`;
}

/**
 * `npm run admin -- move-to-postgres <DATABASE_URL> [--media-to-bucket]`: copies the stopped shop in DATA_DIR
 * into an empty PostgreSQL database, prints each table's rows and money sums (the same on both sides, or
 * nothing is kept), and says where the photos and the sent mail are. Returns the exit code.
 */
export async function runMoveCommand(args: readonly string[], config: MoveConfig, io: MoveCommandIo): Promise<number> {
  const flags = args.filter((arg) => arg.startsWith("--"));
  const [target, ...extra] = args.filter((arg) => !arg.startsWith("--"));
  const unknown = flags.filter((flag) => flag !== "--media-to-bucket");
  let url: URL | undefined;
  try {
    url = target === undefined ? undefined : new URL(target);
  } catch {
    url = undefined;
  }
  if (url === undefined || !/^postgres(ql)?:$/.test(url.protocol) || extra.length > 0 || unknown.length > 0) {
    io.printError(
      "move-to-postgres needs the PostgreSQL database's connection string, and takes only --media-to-bucket:\n  npm run admin -- move-to-postgres postgres://user:password@host:5432/shop [--media-to-bucket]",
    );
    return 2;
  }
  const toBucket = flags.includes("--media-to-bucket");
  if (toBucket && config.mediaBucket === undefined) {
    io.printError("--media-to-bucket needs the bucket's settings (MEDIA_BUCKET_URL or MEDIA_BUCKET, and its region and keys).");
    return 2;
  }
  if (!existsSync(path.join(config.dataDir, "PG_VERSION"))) {
    io.printError(`DATA_DIR ${config.dataDir} holds no database: there is nothing to move.`);
    return 1;
  }
  const running = () => {
    io.printError(`The shop is running on DATA_DIR ${config.dataDir}: stop it first, then move it.`);
    return 1;
  };
  if ((await lockHolderOf(config.dataDir)) !== undefined) return running();
  let source: DatabaseHandle;
  try {
    source = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  } catch (error) {
    // The shop started in between.
    if (error instanceof DataDirInUseError) return running();
    throw error;
  }
  const server = describeServer(url);
  try {
    // Both at this version's level, so every table has the same columns on both sides.
    await source.migrate();
    const destination = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
    try {
      await destination.migrate();
      const refusal = await moveRefusal(destination.db);
      if (refusal !== undefined) {
        io.printError(refusal);
        return 1;
      }
      const figures = await copyShop(source.db, destination.db);
      io.print(`Moved the shop from ${config.dataDir} to ${server}, in one transaction. Rows and money sums, the same on both sides:`);
      for (const line of figuresTable(figures)) io.print(`  ${line}`);
    } finally {
      await destination.close();
    }
  } finally {
    await source.close();
  }
  if (toBucket && config.mediaBucket !== undefined) {
    const moved = await copyMediaToBucket(config.mediaDir, config.mediaBucket);
    io.print(`Copied ${moved} photo and certificate files from ${config.mediaDir} to the bucket.`);
  } else {
    io.print(
      `Photos and certificates stay in MEDIA_DIR (${config.mediaDir}): give every copy of the shop that folder, shared, or put them in a bucket with --media-to-bucket.`,
    );
  }
  io.print(
    `The emails, sent and waiting, moved with the database; the .eml files already written stay in ${config.outboxDir}.`,
  );
  io.print(`Start the shop with DATABASE_URL set to ${server}'s connection string. DATA_DIR is left as it was.`);
  return 0;
}

/** Copies every media file of the folder to the bucket; returns how many. */
async function copyMediaToBucket(
  folder: string,
  bucket: NonNullable<MoveConfig["mediaBucket"]>,
): Promise<number> {
  const store = bucketMediaStore(bucket);
  let names: string[];
  try {
    names = (await readdir(folder)).filter(isMediaStoreName);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  for (const name of names) await store.write(name, await readFile(path.join(folder, name)));
  return names.length;
}

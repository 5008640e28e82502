import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import tarStream from "tar-stream";
import { packageRoot } from "../package-root.ts";
import { bytesOf } from "./backup-archive.ts";
import type { MigrationLevel } from "./backup-manifest.ts";

/** The database as PGlite dumped it (PostgreSQL's files only, gzipped tar), with what it holds. */
export interface DatabaseDump {
  archive: Buffer;
  migrations: MigrationLevel;
  counts: { orders: number; emails: number };
}

/**
 * A consistent copy of the embedded database. No statement runs meanwhile: the transaction lock keeps the
 * shop's transactions out, CHECKPOINT writes every change into the data files, and PGlite's dump holds its
 * query lock while it copies them. The counts are read in the same hold, so they describe the same copy.
 */
export async function dumpDatabase(client: PGlite): Promise<DatabaseDump> {
  const { tar, migrations, counts } = await client.transaction(async (transaction) => {
    const level = await migrationLevelOf(transaction);
    const rows = await rowCountsOf(transaction);
    await transaction.exec("CHECKPOINT");
    return { tar: await client.dumpDataDir("none"), migrations: level, counts: rows };
  });
  return { archive: await keepPostgresFiles(tar), migrations, counts };
}

/** The migrations a database has applied (drizzle's own table), 0 when it has none. */
export async function migrationLevelOf(client: Pick<Transaction, "query">): Promise<MigrationLevel> {
  const result = await client.query<{ applied: number; latest: string }>(
    `SELECT count(*)::int AS applied, coalesce(max(created_at), 0)::text AS latest
       FROM drizzle.__drizzle_migrations`,
  );
  const [row] = result.rows;
  return { applied: row?.applied ?? 0, latest: Number(row?.latest ?? 0) };
}

/** Orders and outbox emails (sent, waiting or failed) in the database. */
export async function rowCountsOf(client: Pick<Transaction, "query">): Promise<{ orders: number; emails: number }> {
  const result = await client.query<{ orders: number; emails: number }>(
    "SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM outbox) AS emails",
  );
  const [row] = result.rows;
  return { orders: row?.orders ?? 0, emails: row?.emails ?? 0 };
}

/** The migrations this code ships (drizzle/meta/_journal.json): a backup past them came from newer code. */
export async function knownMigrationLevel(): Promise<MigrationLevel> {
  const journal = JSON.parse(await readFile(path.join(packageRoot, "drizzle", "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return {
    applied: journal.entries.length,
    latest: Math.max(0, ...journal.entries.map((entry) => entry.when)),
  };
}

/** PostgreSQL's own entries at the top of a data folder; DATA_DIR's other files are the shop's. */
const postgresEntry = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(opts|pid))$/;

/** Whether a path of PGlite's dump belongs to PostgreSQL (not media/, outbox/, the lock or the ops token). */
export function isPostgresPath(name: string): boolean {
  const [top = ""] = name.replace(/^(\.?\/)+/, "").split("/");
  return postgresEntry.test(top);
}

/**
 * PGlite dumps all of DATA_DIR, which also holds the photos, the sent-mail files, the lock and the ops token
 * by default: those are left out (photos and mail are parts of their own), and the rest gzipped.
 */
async function keepPostgresFiles(tar: Blob): Promise<Buffer> {
  const extract = tarStream.extract();
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const packing = pipeline(pack, createGzip(), collect);
  const reading = pipeline(Readable.fromWeb(tar.stream() as Parameters<typeof Readable.fromWeb>[0]), extract);
  for await (const entry of extract) {
    if (isPostgresPath(entry.header.name)) await pipeline(bytesOf(entry), pack.entry(entry.header));
    else entry.resume();
  }
  await reading;
  pack.finalize();
  await packing;
  return Buffer.concat(chunks);
}

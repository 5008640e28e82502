import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { packageRoot } from "../package-root.ts";
import { lockDataDir, type DataDirLock } from "./data-dir-lock.ts";
import { explainPgliteFailure, explainWriteFailure, prepareDataDir } from "./data-dir.ts";
import { drizzleClient, pgliteParsers } from "./pglite-parsers.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The embedded database itself, for what only PGlite does (its data-folder dump for backups). */
  pglite: PGlite | undefined;
  /** Applies pending migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | {
      kind: "pglite";
      dataDir: string | undefined;
      /** A dump (PGlite's dumpDataDir) to load into an empty folder: a backup being restored. */
      loadDataDir?: Blob;
    }
  | { kind: "postgres"; url: string; poolSize?: number };

const migrationsFolder = path.join(packageRoot, "drizzle");
/** Arbitrary constant naming our migration lock among PostgreSQL advisory locks. */
const migrationLockKey = 7_240_131;

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === "pglite") {
    const { client, lock } = await openPglite(location.dataDir, location.loadDataDir);
    // Drizzle's queries leave out the parsers the client was opened with (db/pglite-parsers.ts).
    const db = drizzlePglite(drizzleClient(client), { schema });
    return {
      db,
      kind: "pglite",
      pglite: client,
      migrate: () => migratePglite(db, { migrationsFolder }),
      async close() {
        await client.close();
        await lock?.release();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: location.url,
    max: location.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its server must not crash the process; the next query reports the error.
  pool.on("error", () => undefined);
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db,
    kind: "postgres",
    pglite: undefined,
    async migrate() {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
        await migrateNodePostgres(db, { migrationsFolder });
      } finally {
        await lockClient.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite in its folder, which this process then holds alone: a second process on the same files would lose
 * writes. Failures name the folder and the cause.
 */
async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<{ client: PGlite; lock: DataDirLock | undefined }> {
  const parsers = pgliteParsers();
  const options = loadDataDir === undefined ? { parsers } : { parsers, loadDataDir };
  if (dataDir === undefined) {
    const client = new PGlite(options);
    await client.waitReady;
    return { client, lock: undefined };
  }
  await prepareDataDir(dataDir);
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(dataDir);
  } catch (error) {
    throw explainWriteFailure(dataDir, error);
  }
  try {
    const client = new PGlite(dataDir, options);
    await client.waitReady;
    return { client, lock };
  } catch (error) {
    await lock.release();
    throw await explainPgliteFailure(dataDir, error);
  }
}

/** A cheap round trip proving the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

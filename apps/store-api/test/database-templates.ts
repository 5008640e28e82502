import { cp, readFile } from "node:fs/promises";
import { inject } from "vitest";

/**
 * Migrated, empty databases made once per test run (test/global-setup.ts), which each test's
 * database starts as a copy of. A new PGlite runs initdb (seconds of CPU) and every database would then
 * run all of drizzle/'s migrations; a copy of a migrated one skips both. Tests still call migrate() on the
 * copy, which finds nothing to do.
 */
export interface DatabaseTemplates {
  /** A PGlite data folder, migrated, to copy into a server's empty DATA_DIR. */
  pgliteFolder: string;
  /** The same folder as PGlite's dumpDataDir tar, to load into a new PGlite. */
  pgliteDump: string;
  /** A migrated PostgreSQL database to CREATE DATABASE ... TEMPLATE from; undefined without a server. */
  postgresName: string | undefined;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

let pgliteDump: Promise<Blob> | undefined;

/** The migrated PGlite dump, read once per test process. */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= readFile(inject("databaseTemplates").pgliteDump).then((bytes) => new Blob([bytes]));
  return pgliteDump;
}

/** Fills an empty folder with a migrated, empty PGlite database; a server started on it still seeds it. */
export async function copyMigratedPgliteFolder(dataDir: string): Promise<void> {
  await cp(inject("databaseTemplates").pgliteFolder, dataDir, { recursive: true });
}

/** The migrated PostgreSQL template's name, when the run has a server. */
export function postgresTemplateName(): string | undefined {
  return inject("databaseTemplates").postgresName;
}

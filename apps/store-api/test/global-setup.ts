import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/connection.ts";
import { bundleChildPrograms, childBundleFolder } from "./child-bundle.ts";
import type { DatabaseTemplates } from "./database-templates.ts";

const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function makePgliteTemplate(folder: string): Promise<{ pgliteFolder: string; pgliteDump: string }> {
  // The dump in-process databases load, made in memory: a dump of a folder the store API opened would carry
  // its lock file (this process's pid) into every copy, where it reads as a shop still running.
  const inMemory = await openDatabase({ kind: "pglite", dataDir: undefined });
  let dump: Blob;
  try {
    await inMemory.migrate();
    if (inMemory.pglite === undefined) throw new Error("expected PGlite");
    dump = await inMemory.pglite.dumpDataDir("none");
  } finally {
    await inMemory.close();
  }
  const pgliteDump = path.join(folder, "pglite.tar");
  await writeFile(pgliteDump, Buffer.from(await dump.arrayBuffer()));
  // The folder child servers copy: the dump unpacked on disk (a second initdb and migration would take
  // seconds more), then closed, so the store API's lock file is gone from it.
  const pgliteFolder = path.join(folder, "pglite");
  const onDisk = await openDatabase({ kind: "pglite", dataDir: pgliteFolder, loadDataDir: dump });
  try {
    await onDisk.migrate();
  } finally {
    await onDisk.close();
  }
  return { pgliteFolder, pgliteDump };
}

/**
 * The migrated PostgreSQL template, or undefined when none could be made: without a server (harness.ts then
 * skips or fails the PostgreSQL half) or on a failure, when each test database migrates itself as before.
 */
async function makePostgresTemplate(): Promise<string | undefined> {
  const name = `herbo_template_${randomBytes(6).toString("hex")}`;
  try {
    await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  } catch {
    return undefined;
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  // Two connections: migrate() holds one for its advisory lock while the migrations run on the other.
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
  try {
    await handle.migrate();
    return name;
  } catch (error) {
    console.warn(`No PostgreSQL template; each test database migrates itself: ${String(error)}`);
    await dropPostgresTemplate(name).catch(() => undefined);
    return undefined;
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
    await handle.close();
  }
}

function dropPostgresTemplate(name: string): Promise<unknown> {
  return withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Vitest's globalSetup: makes the templates and the child programs' bundle before any test file runs,
 * removes them after the last. In watch mode the bundle is made again before each rerun, so a child
 * process runs the code as edited.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), "herbo-templates-"));
  // One after the other: PGlite's initdb holds the event loop for seconds, long enough to time out a
  // PostgreSQL connection being opened meanwhile.
  const postgresName = await makePostgresTemplate();
  const pglite = await makePgliteTemplate(folder);
  const templates: DatabaseTemplates = { ...pglite, postgresName };
  project.provide("databaseTemplates", templates);
  const bundleFolder = await childBundleFolder();
  project.provide("childPrograms", await bundleChildPrograms(bundleFolder));
  project.onTestsRerun(async () => {
    await bundleChildPrograms(bundleFolder);
  });
  return async () => {
    await rm(bundleFolder, { recursive: true, force: true });
    if (postgresName !== undefined) await dropPostgresTemplate(postgresName);
    await rm(folder, { recursive: true, force: true });
  };
}

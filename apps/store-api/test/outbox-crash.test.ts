import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../src/db/connection.ts";
import { outbox } from "../src/db/schema.ts";
import { emlFileName } from "../src/email/eml-transport.ts";
import { packageRoot } from "../src/package-root.ts";
import { childProgram } from "./server-process.ts";
import { parseEmail } from "./email-parse.ts";
import { createTestDatabase, databaseKinds, type DatabaseKind } from "./harness.ts";
import { queueConfirmations } from "./outbox-fixtures.ts";

const kinds = await databaseKinds();
const emails = 12;
/** The child's claim on a row; on PostgreSQL the restarted child's clock is moved past it, as if it came back later. */
const leaseMs = 60_000;

function startChild(environment: Record<string, string>): {
  child: ChildProcess;
  written: string[];
  exited: Promise<number | null>;
} {
  // The script itself is the process (not a runner's child of its own, which a SIGKILL would leave running).
  const child = spawn(process.execPath, [childProgram("outboxChild")], {
    cwd: packageRoot,
    env: { ...process.env, ...environment },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const written: string[] = [];
  if (child.stdout !== null) {
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("written ")) written.push(line.slice("written ".length));
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, written, exited };
}

function emlFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .sort();
}

describe.each(kinds)("email crash safety on %s", (kind: DatabaseKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("after a SIGKILL between writing emails and marking them sent, a restart leaves exactly one .eml per row, all sent", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "herbo-outbox-crash-"));
    let location: string;
    let reopen: () => Promise<DatabaseHandle>;
    if (kind === "pglite") {
      const dataDir = mkdtempSync(path.join(tmpdir(), "herbo-outbox-db-"));
      location = `pglite:${dataDir}`;
      reopen = () => openDatabase({ kind: "pglite", dataDir });
      const setup = await reopen();
      await setup.migrate();
      await queueConfirmations(setup.db, new Date(), emails);
      await setup.close();
    } else {
      const test = await createTestDatabase("postgres");
      cleanups.push(() => test.drop().catch(() => undefined));
      await queueConfirmations(test.db, new Date(), emails);
      await test.handle.close();
      const url = test.url ?? "";
      location = url;
      reopen = () => openDatabase({ kind: "postgres", url });
    }

    // Killed right after its third file, before that row is marked sent.
    const first = startChild({ OUTBOX_CHILD_DATABASE: location, OUTBOX_DIR: folder, OUTBOX_CHILD_HANG_AFTER: "3" });
    cleanups.push(async () => {
      first.child.kill("SIGKILL");
    });
    const deadline = Date.now() + 60_000;
    while (first.written.length < 3) {
      if (Date.now() > deadline || first.child.exitCode !== null) throw new Error("The child wrote too few emails");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    first.child.kill("SIGKILL");
    await first.exited;

    const beforeRestart = emlFiles(folder);
    const contentBefore = new Map(beforeRestart.map((name) => [name, readFileSync(path.join(folder, name), "utf8")]));
    let handle = await reopen();
    const afterCrash = await handle.db.select().from(outbox);
    await handle.close();
    const sentBeforeRestart = afterCrash.filter((row) => row.status === "sent").length;
    expect(beforeRestart).toHaveLength(3);
    // The crash window was hit: an email is on disk whose row still says pending.
    expect(sentBeforeRestart).toBeLessThan(beforeRestart.length);

    // PGlite has one process, so the restart takes the dead run's claims back at once; on PostgreSQL,
    // where other copies may be alive, they wait for their lease to run out.
    const second = startChild({
      OUTBOX_CHILD_DATABASE: location,
      OUTBOX_DIR: folder,
      OUTBOX_CHILD_CLOCK_OFFSET_MS: kind === "pglite" ? "0" : String(leaseMs + 1_000),
    });
    cleanups.push(async () => {
      second.child.kill("SIGKILL");
    });
    expect(await second.exited).toBe(0);

    handle = await reopen();
    cleanups.push(() => handle.close());
    const rows = await handle.db.select().from(outbox);
    expect(rows).toHaveLength(emails);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    const files = emlFiles(folder);
    expect(files).toEqual(rows.map((row) => emlFileName(row.id, row.createdAt)).sort());
    for (const row of rows) {
      const email = parseEmail(readFileSync(path.join(folder, emlFileName(row.id, row.createdAt)), "utf8"));
      expect(email.headers.get("message-id")).toBe(`<${row.id}@shop.example>`);
    }
    // The files written before the crash were kept as they were, not written a second time.
    for (const [name, content] of contentBefore) expect(readFileSync(path.join(folder, name), "utf8")).toBe(content);
    expect(readdirSync(folder).filter((name) => !name.endsWith(".eml"))).toEqual([]);
    // Three processes each start PGlite's WebAssembly build; a busy machine needs more than the default minute.
  }, 180_000);
});

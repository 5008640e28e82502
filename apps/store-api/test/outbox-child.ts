/**
 * A store API copy reduced to its outbox worker, for the crash test: delivers the outbox of the database
 * in OUTBOX_CHILD_DATABASE ("pglite:<folder>" or a PostgreSQL URL) as .eml files into OUTBOX_DIR, then
 * exits. It prints "written <id>" after each file; after the OUTBOX_CHILD_HANG_AFTER-th it stops before
 * that row is marked sent, so the test can kill it between the two. OUTBOX_CHILD_CLOCK_OFFSET_MS moves
 * its clock, as if it restarted that much later.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../src/db/connection.ts";
import { outbox } from "../src/db/schema.ts";
import { createEmlTransport } from "../src/email/eml-transport.ts";
import { startOutboxWorker } from "../src/email/outbox-worker.ts";
import type { EmailTransport } from "../src/email/transport.ts";
import { testMailSettings } from "./outbox-fixtures.ts";

function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`${name} is required`);
  return value;
}

const location = setting("OUTBOX_CHILD_DATABASE");
const hangAfter = Number(process.env.OUTBOX_CHILD_HANG_AFTER ?? "0");
const offsetMs = Number(process.env.OUTBOX_CHILD_CLOCK_OFFSET_MS ?? "0");

const handle = await openDatabase(
  location.startsWith("pglite:")
    ? { kind: "pglite", dataDir: location.slice("pglite:".length) }
    : { kind: "postgres", url: location },
);
const files = createEmlTransport(setting("OUTBOX_DIR"));
let written = 0;
const transport: EmailTransport = {
  description: files.description,
  async deliver(email, signal) {
    await files.deliver(email, signal);
    written += 1;
    process.stdout.write(`written ${email.id}\n`);
    // Waits to be killed, the file on disk and its row not yet marked.
    if (written === hangAfter) await new Promise((resolve) => setTimeout(resolve, 600_000));
  },
  close: () => files.close(),
};
const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: Record<string, unknown>, message: string) => console.error(message, details),
};
const worker = startOutboxWorker({
  db: handle.db,
  transport,
  mail: testMailSettings,
  log: silent,
  now: () => new Date(Date.now() + offsetMs),
  pollMs: 100,
  batchSize: 4,
  sendTimeoutMs: 50_000,
  leaseMs: 60_000,
  reclaimAtStart: location.startsWith("pglite:"),
});
while ((await handle.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, "pending"))).length > 0) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await worker.stop();
await transport.close();
await handle.close();
process.stdout.write("done\n");

import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/db/connection.ts";
import { checkoutSessions, orders, outbox, variants } from "../src/db/schema.ts";
import { parseEmail } from "./email-parse.ts";
import { freePort, startedServer, stop, withoutAddressLimits } from "./server-process.ts";
import {
  checkoutBody,
  databaseKinds,
  payForm,
  postJson,
  serverDatabase,
  sessionIdOf,
  type DatabaseKind,
} from "./harness.ts";

const kinds = await databaseKinds();
const sessions = 40;
const seedStock = 120;

async function inspect(db: Database) {
  const [resin] = await db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
  const paidOrders = await db.select({ sessionId: orders.sessionId, number: orders.number }).from(orders);
  const open = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.status, "open"));
  return { resin, paidOrders, open };
}

describe.each(kinds)("crash safety on %s", (kind: DatabaseKind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("keeps every acknowledged payment, and no double, when killed with SIGKILL mid-stream", async () => {
    const { environment, reopen, drop } = await serverDatabase(kind, "herbo-crash-");
    cleanups.push(drop);
    // The shopper's confirmations go to .eml files, in a folder both starts share.
    const outboxFolder = mkdtempSync(path.join(tmpdir(), "herbo-crash-outbox-"));
    const database = { ...environment, OUTBOX_DIR: outboxFolder };
    const port = await freePort();
    const first = await startedServer({ ...withoutAddressLimits, ...database }, port);
    cleanups.push(() => stop(first, "SIGKILL"));
    const storeUrl = `${first.baseUrl}/store/test-store`;

    const sessionIds: string[] = [];
    for (let index = 0; index < sessions; index += 1) {
      const response = await postJson(
        `${storeUrl}/checkout`,
        checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
      );
      sessionIds.push(sessionIdOf(((await response.json()) as { url: string }).url));
    }

    // Pay in a stream, four at a time, and kill the process once a third have been acknowledged.
    const acknowledged = new Set<string>();
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < sessionIds.length && !killed) {
        const sessionId = sessionIds[next++] ?? "";
        try {
          const response = await payForm(first.baseUrl, sessionId, { number: "4242424242424242" });
          if (response.status === 303) acknowledged.add(sessionId);
          if (acknowledged.size >= sessions / 3 && !killed) {
            killed = true;
            first.child.kill("SIGKILL");
          }
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    await stop(first, "SIGKILL");
    expect(acknowledged.size).toBeGreaterThanOrEqual(sessions / 3);
    expect(acknowledged.size).toBeLessThan(sessions);

    // Back up on the same data: the unpaid sessions are still payable, and paying again changes nothing.
    const second = await startedServer({ ...withoutAddressLimits, ...database }, port);
    cleanups.push(() => stop(second, "SIGKILL"));
    for (const sessionId of acknowledged) {
      const again = await payForm(second.baseUrl, sessionId, { number: "4242424242424242" });
      expect(again.status).toBe(303);
    }
    // Every order written before the kill gets its confirmation, however the kill fell.
    const confirmations = () => readdirSync(outboxFolder).filter((name) => name.endsWith(".eml"));
    for (let wait = 0; wait < 100 && confirmations().length < acknowledged.size / 2; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop(second, "SIGTERM");

    const handle = await reopen();
    cleanups.push(() => handle.close());
    const { resin, paidOrders, open } = await inspect(handle.db);
    const paid = new Set(paidOrders.map((order) => order.sessionId));
    expect(paid.size).toBe(paidOrders.length);
    for (const sessionId of acknowledged) expect(paid.has(sessionId), sessionId).toBe(true);
    expect(resin?.stockOnHand).toBe(seedStock - paidOrders.length);
    expect(resin?.stockReserved).toBe(open.length);
    expect(paidOrders.length + open.length).toBe(sessions);
    // Each order's confirmation survived the kill: one outbox row per order, none sent twice, and every
    // row marked sent has its .eml (a row the killed process had claimed is sent once its lease runs out).
    const rows = await handle.db
      .select({ orderId: outbox.orderId, status: outbox.status, number: orders.number })
      .from(outbox)
      .innerJoin(orders, eq(orders.id, outbox.orderId))
      .where(eq(outbox.kind, "order_confirmation"));
    expect(rows.map((row) => row.number).toSorted()).toEqual(paidOrders.map((order) => order.number).toSorted());
    const emailed = readdirSync(outboxFolder)
      .filter((name) => name.endsWith(".eml"))
      .map(
        (name) =>
          /HS-\d+/.exec(
            parseEmail(readFileSync(path.join(outboxFolder, name), "utf8")).headers.get("subject") ?? "",
          )?.[0],
      );
    expect(new Set(emailed).size).toBe(emailed.length);
    for (const row of rows.filter((candidate) => candidate.status === "sent")) {
      expect(emailed, row.number).toContain(row.number);
    }
    // Two real starts of the server (PGlite in a fresh folder, then after the kill): slow on a busy machine.
  }, 180_000);
});

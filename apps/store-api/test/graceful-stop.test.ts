import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutSessions, orders, outbox, variants } from "../src/db/schema.ts";
import { startFakeSmtpServer } from "./fake-smtp-server.ts";
import {
  checkoutBody,
  databaseKinds,
  payForm,
  postJson,
  serverDatabase,
  sessionIdOf,
  type DatabaseKind,
} from "./harness.ts";
import { eventually } from "./outbox-fixtures.ts";
import { exitCode, freePort, startedServer, stop, withoutAddressLimits } from "./server-process.ts";

const kinds = await databaseKinds();
const seedStock = 120;
/** Checkouts the stream may open in all (each holds one unit), well below the stock. */
const maxCheckouts = 80;
const shoppers = 6;
/** Payments acknowledged before the SIGTERM. */
const paidBeforeStop = 8;

describe.each(kinds)("a SIGTERM on %s", (kind: DatabaseKind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("in the middle of a stream of checkouts exits 0, keeps every acknowledged payment and gives back its email claims", async () => {
    const { environment, reopen, drop } = await serverDatabase(kind, "herbo-stop-");
    cleanups.push(drop);
    // An SMTP server that holds each message far longer than a stop may take: the worker is mid-send at the
    // SIGTERM, and must give that message back rather than wait for it.
    const smtp = await startFakeSmtpServer();
    cleanups.push(() => smtp.close());
    smtp.delayMs = 600_000;
    const settings = { ...withoutAddressLimits, ...environment, SMTP_URL: smtp.url };
    const port = await freePort();
    const server = await startedServer(settings, port);
    cleanups.push(() => stop(server, "SIGKILL"));
    const storeUrl = `${server.baseUrl}/store/test-store`;

    const opened = new Set<string>();
    const paid = new Set<string>();
    let started = 0;
    let signalled = false;
    const shopper = async () => {
      while (started < maxCheckouts && server.child.exitCode === null) {
        started += 1;
        try {
          const created = await postJson(
            `${storeUrl}/checkout`,
            checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
          );
          if (!created.ok) continue;
          const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
          opened.add(sessionId);
          const payment = await payForm(server.baseUrl, sessionId, { number: "4242424242424242" });
          if (payment.status === 303) paid.add(sessionId);
        } catch {
          // Refused or cut off by the stopping server: no answer, nothing acknowledged.
        }
        if (!signalled && paid.size >= paidBeforeStop && smtp.answering > 0) {
          signalled = true;
          server.child.kill("SIGTERM");
        }
      }
    };
    const stream = Promise.all(Array.from({ length: shoppers }, shopper));
    // The stop's bounds: 10 s for requests, 5 s for the email in hand (overlapping), then the database.
    await eventually(async () => signalled, 120_000);
    expect(await exitCode(server, 30_000)).toBe(0);
    const stoppedAt = new Date();
    await stream;
    expect(paid.size).toBeGreaterThanOrEqual(paidBeforeStop);
    expect(opened.size).toBeLessThan(maxCheckouts);

    const handle = await reopen();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await handle.close();
    });
    const sessions = await handle.db
      .select({ id: checkoutSessions.id, status: checkoutSessions.status })
      .from(checkoutSessions);
    const placed = await handle.db.select({ id: orders.id, sessionId: orders.sessionId }).from(orders);
    const [resin] = await handle.db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
    const emails = await handle.db.select().from(outbox);

    // Every answered checkout and payment is there, once; every session is paid with its order or still open.
    const statusOf = new Map(sessions.map((session) => [session.id, session.status]));
    for (const sessionId of opened) expect(statusOf.has(sessionId), sessionId).toBe(true);
    const orderSessions = new Set(placed.map((order) => order.sessionId));
    expect(orderSessions.size).toBe(placed.length);
    for (const sessionId of paid) expect(orderSessions.has(sessionId), sessionId).toBe(true);
    for (const session of sessions) {
      expect(session.status === "paid", session.id).toBe(orderSessions.has(session.id));
      expect(["paid", "open"]).toContain(session.status);
    }
    const open = sessions.filter((session) => session.status === "open");
    expect(resin?.stockOnHand).toBe(seedStock - placed.length);
    expect(resin?.stockReserved).toBe(open.length);

    // No email was sent (the server never answered), and none is left leased: each is due now, its
    // interrupted attempt not counted.
    expect(emails.length).toBeGreaterThanOrEqual(placed.length);
    for (const email of emails) {
      expect(email, email.id).toMatchObject({ status: "pending", attempts: 0 });
      expect(email.nextAttemptAt.getTime(), email.id).toBeLessThanOrEqual(stoppedAt.getTime());
    }
    closed = true;
    await handle.close();

    // Back up on the same data with a prompt mail server: the emails go at once, not after a lease, and
    // the checkouts left open are still payable.
    smtp.delayMs = 0;
    const second = await startedServer(settings, port);
    cleanups.push(() => stop(second, "SIGKILL"));
    const unanswered = open.find((session) => !paid.has(session.id));
    if (unanswered !== undefined) {
      expect((await payForm(second.baseUrl, unanswered.id, { number: "4242424242424242" })).status).toBe(303);
    }
    await eventually(async () => smtp.received.length >= emails.length, 30_000);
    expect(await stop(second, "SIGTERM")).toBe(0);
    // Two real starts of the server and a stop that waits out its email grace: slow on a busy machine.
  }, 240_000);
});

import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/connection.ts";
import { outbox } from "../src/db/schema.ts";
import { createEmlTransport } from "../src/email/eml-transport.ts";
import { claimDueEmails, enqueueEmail, markSent, resend } from "../src/email/outbox-store.ts";
import { deliverDueEmails, startOutboxWorker, type OutboxDeliveryOptions } from "../src/email/outbox-worker.ts";
import { retryDelayMs } from "../src/email/retry-schedule.ts";
import { createSmtpTransport } from "../src/email/smtp-transport.ts";
import type { EmailTransport } from "../src/email/transport.ts";
import outboxWorker, { isEmbeddedDatabase } from "../src/plugins/outbox-plugin.ts";
import { sampleOrder } from "./email-fixtures.ts";
import { parseEmail } from "./email-parse.ts";
import { startFakeSmtpServer, type FakeSmtpServer } from "./fake-smtp-server.ts";
import { createTestDatabase, databaseKinds, TestClock, type DatabaseKind, type TestDatabase } from "./harness.ts";
import { eventually, queueConfirmations, recordingLog, testMailSettings } from "./outbox-fixtures.ts";

const kinds = await databaseKinds();
const second = 1_000;
const minute = 60 * second;

async function rows(db: Database) {
  return db.select().from(outbox).orderBy(asc(outbox.createdAt), asc(outbox.id));
}

async function row(db: Database, id: string) {
  const [found] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (found === undefined) throw new Error(`No outbox row ${id}`);
  return found;
}

function emlFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .sort();
}

describe.each(kinds)("the outbox worker on %s", (kind: DatabaseKind) => {
  let database: TestDatabase;
  let db: Database;
  let smtp: FakeSmtpServer;
  let clock: TestClock;
  let nextNumber = 1001;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    await db.execute(sql`DELETE FROM outbox`);
    await db.execute(sql`DELETE FROM orders`);
    await db.execute(sql`DELETE FROM checkout_sessions`);
    smtp = await startFakeSmtpServer();
    clock = new TestClock();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await smtp.close();
  });

  async function queue(count: number): Promise<string[]> {
    const ids = await queueConfirmations(db, clock.now(), count, nextNumber);
    nextNumber += count;
    return ids;
  }

  function smtpTransport(): EmailTransport {
    const transport = createSmtpTransport(smtp.url);
    cleanups.push(() => transport.close());
    return transport;
  }

  function options(transport: EmailTransport, log = recordingLog().log): OutboxDeliveryOptions {
    return { db, transport, mail: testMailSettings, log };
  }

  it("writes each due email as one .eml file named after its row, marks it sent, and never writes it again", async () => {
    const ids = await queue(3);
    const folder = mkdtempSync(path.join(tmpdir(), "herbo-outbox-"));
    const worker = startOutboxWorker({ ...options(createEmlTransport(folder)), now: clock.now, pollMs: 60_000 });
    cleanups.push(() => worker.stop());
    await worker.idle();

    const files = emlFiles(folder);
    expect(files).toEqual(ids.map((id) => `2026-03-01T10-00-00Z-${id}.eml`).sort());
    for (const [index, id] of ids.entries()) {
      const email = parseEmail(readFileSync(path.join(folder, `2026-03-01T10-00-00Z-${id}.eml`), "utf8"));
      expect(email.headers.get("message-id")).toBe(`<${id}@shop.example>`);
      expect(email.headers.get("subject")).toBe(`Your order HS-${nextNumber - 3 + index} is confirmed`);
      expect(email.text).toContain("Total: Rs. 5700.00");
      const stored = await row(db, id);
      expect(stored).toMatchObject({ status: "sent", attempts: 1, lastError: null, sentAt: clock.now() });
    }

    clock.advance(10 * minute);
    worker.kick();
    await worker.idle();
    expect(emlFiles(folder)).toEqual(files);
  });

  it("sends through SMTP with a login, from MAIL_FROM to the recipient, with the row's Message-ID", async () => {
    const [id] = await queue(1);
    const tally = await deliverDueEmails(options(smtpTransport()), clock.now);
    expect(tally).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.mailFrom).toBe("orders@shop.example");
    expect(received?.rcptTo).toEqual(["rita.sharma@example.com"]);
    expect(received?.messageId).toBe(`<${id}@shop.example>`);
    expect(await row(db, id ?? "")).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("retries a refused message with backoff (30 s, then 2 min) and sends it once; logs keep addresses and passwords out", async () => {
    const [id = ""] = await queue(1);
    const recorder = recordingLog();
    const settings = options(smtpTransport(), recorder.log);
    smtp.refuseNext(2, 451, "Try again later");

    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let stored = await row(db, id);
    expect(stored).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: new Date(clock.now().getTime() + 30 * second),
    });
    expect(stored.lastError).toMatch(/451 .*Try again later/);

    // Not due yet: nothing happens.
    clock.advance(29 * second);
    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    clock.advance(1 * second);
    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    stored = await row(db, id);
    expect(stored).toMatchObject({
      status: "pending",
      attempts: 2,
      nextAttemptAt: new Date(clock.now().getTime() + 2 * minute),
    });

    clock.advance(2 * minute);
    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await row(db, id)).toMatchObject({ status: "sent", attempts: 3, lastError: null, sentAt: clock.now() });
    expect(smtp.received).toHaveLength(1);

    const logged = JSON.stringify(recorder.lines);
    expect(recorder.lines.map((line) => line.message)).toEqual([
      "email not sent; will retry",
      "email not sent; will retry",
      "email sent",
    ]);
    expect(logged).toContain("r***@example.com");
    expect(logged).not.toContain("rita.sharma@example.com");
    expect(logged).not.toContain("s3cret-pass");
    expect(logged).not.toContain("Thank you for your order");
  });

  it("gives a message up ('failed') after 8 attempts and then leaves it alone", async () => {
    const [id = ""] = await queue(1);
    const settings = options(smtpTransport());
    smtp.refuseNext(100, 421, "Service not available");
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      clock.advance(retryDelayMs(attempt));
    }
    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row(db, id)).toMatchObject({ status: "failed", attempts: 8 });
    clock.advance(7 * 24 * 60 * minute);
    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("gives up at once when the server refuses the recipient for good, or when a row makes no message", async () => {
    const [refused = ""] = await queue(1);
    smtp.rejectRecipients(550);
    expect(await deliverDueEmails(options(smtpTransport()), clock.now)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const stored = await row(db, refused);
    expect(stored).toMatchObject({ status: "failed", attempts: 1 });
    expect(stored.lastError).toMatch(/^EENVELOPE 550/);
    expect(stored.lastError).not.toContain("rita.sharma@example.com");

    await db.insert(outbox).values({
      id: "msg_unknown_kind",
      kind: "newsletter",
      recipient: "rita.sharma@example.com",
      data: {},
      nextAttemptAt: clock.now(),
      createdAt: clock.now(),
    });
    smtp.rejectRecipients(0);
    expect(await deliverDueEmails(options(smtpTransport()), clock.now)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row(db, "msg_unknown_kind")).toMatchObject({
      status: "failed",
      lastError: 'Unknown email kind "newsletter"',
    });
    expect(smtp.received).toHaveLength(0);
  });

  it("fails a send that outlasts the send timeout, to retry it before its claim runs out", async () => {
    const [id = ""] = await queue(1);
    const hanging: EmailTransport = {
      description: "never answers",
      deliver: () => new Promise(() => undefined),
      close: async () => undefined,
    };
    const settings = { ...options(hanging), sendTimeoutMs: 100, leaseMs: 1_000 };
    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await row(db, id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "ETIMEDOUT Sending timed out",
    });
    expect(() => startOutboxWorker({ ...options(hanging), sendTimeoutMs: 5_000, leaseMs: 5_000 })).toThrow(
      /shorter than leaseMs/,
    );
  });

  it("writes nothing for an email whose data does not fit its kind", async () => {
    const [existing = ""] = await queue(1);
    const { orderId } = await row(db, existing);
    // A refund state the type does not allow, as a forged or outdated caller could send it.
    const forged = JSON.parse('{"refund": "maybe"}') as { refund: "none" };
    await expect(
      enqueueEmail(
        db,
        {
          kind: "order_cancelled",
          recipient: "rita.sharma@example.com",
          orderId,
          data: { order: sampleOrder(), ...forged },
        },
        clock.now(),
      ),
    ).rejects.toThrow(/refund/);
    await expect(
      enqueueEmail(
        db,
        { kind: "order_confirmation", recipient: "not-an-address", orderId, data: { order: sampleOrder() } },
        clock.now(),
      ),
    ).rejects.toThrow(/recipient/);
    expect(await rows(db)).toHaveLength(1);
  });

  it("resends: a failed row is tried again with fresh attempts, a sent one is sent again as a new message", async () => {
    const [failing = "", sent = ""] = await queue(2);
    const folder = mkdtempSync(path.join(tmpdir(), "herbo-outbox-"));
    const settings = options(createEmlTransport(folder));
    await db
      .update(outbox)
      .set({ status: "failed", attempts: 8, lastError: "EAUTH 535 Authentication failed" })
      .where(eq(outbox.id, failing));
    await deliverDueEmails(settings, clock.now);
    expect(emlFiles(folder)).toEqual([`2026-03-01T10-00-00Z-${sent}.eml`]);

    clock.advance(minute);
    expect(await resend(db, failing, clock.now())).toBe(failing);
    expect(await row(db, failing)).toMatchObject({
      status: "pending",
      attempts: 0,
      lastError: null,
      nextAttemptAt: clock.now(),
    });
    const copy = await resend(db, sent, clock.now());
    expect(copy).toBeDefined();
    expect(copy).not.toBe(sent);
    expect(await resend(db, copy ?? "", clock.now())).toBeUndefined();
    expect(await resend(db, "msg_nobody", clock.now())).toBeUndefined();

    expect(await deliverDueEmails(settings, clock.now)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(emlFiles(folder)).toHaveLength(3);
    const copyFile = emlFiles(folder).find((name) => name.endsWith(`${copy}.eml`)) ?? "";
    expect(parseEmail(readFileSync(path.join(folder, copyFile), "utf8")).headers.get("message-id")).toBe(
      `<${copy}@shop.example>`,
    );
    expect(await row(db, sent)).toMatchObject({ status: "sent", sentAt: new Date(clock.now().getTime() - minute) });
    expect(await row(db, copy ?? "")).toMatchObject({
      status: "sent",
      kind: "order_confirmation",
      recipient: "rita.sharma@example.com",
    });
  });

  it("does not let a copy whose claim ran out overwrite the outcome of the copy that took over", async () => {
    const [id = ""] = await queue(1);
    const [first] = await claimDueEmails(db, clock.now(), 10, 5 * minute);
    expect(await claimDueEmails(db, clock.now(), 10, 5 * minute)).toEqual([]);
    clock.advance(5 * minute);
    const [second] = await claimDueEmails(db, clock.now(), 10, 5 * minute);
    expect(second?.attempts).toBe(2);
    if (first === undefined || second === undefined) throw new Error("Both claims should hold the row");
    expect(await markSent(db, first, clock.now())).toBe(false);
    expect(await row(db, id)).toMatchObject({ status: "pending", attempts: 2 });
    expect(await markSent(db, second, clock.now())).toBe(true);
  });

  it("picks up rows written without a kick on its next poll, and stop() waits for the message in hand", async () => {
    const worker = startOutboxWorker({ ...options(smtpTransport()), now: clock.now, pollMs: 50, batchSize: 2 });
    cleanups.push(() => worker.stop());
    await worker.idle();
    const ids = await queue(3);
    await eventually(async () => (await rows(db)).every((stored) => stored.status === "sent"));
    expect(smtp.received).toHaveLength(3);
    expect(new Set(smtp.received.map((email) => email.messageId))).toEqual(
      new Set(ids.map((id) => `<${id}@shop.example>`)),
    );

    // A slow server: stop() during the first message of a batch returns once it is delivered,
    // and the claimed message not yet tried goes back to pending without counting an attempt.
    smtp.delayMs = 1_000;
    const [slow = ""] = await queue(1);
    clock.advance(second);
    const [untried = ""] = await queue(1);
    worker.kick();
    // The message is in hand once the server holds its answer: a claimed row alone is not, since the
    // worker may not have begun sending it when the test reads the claim.
    await eventually(async () => smtp.answering === 1);
    expect(await row(db, slow)).toMatchObject({ attempts: 1 });
    await worker.stop();
    expect(await row(db, slow)).toMatchObject({ status: "sent" });
    expect(await row(db, untried)).toMatchObject({
      status: "pending",
      attempts: 0,
      nextAttemptAt: clock.now(),
      lastError: null,
    });
    expect(smtp.received).toHaveLength(4);
  });

  it("stop(graceMs) aborts the email still sending after the grace and gives every claim back, due at once", async () => {
    smtp.delayMs = 5_000;
    const worker = startOutboxWorker({ ...options(smtpTransport()), now: clock.now, pollMs: 60_000, batchSize: 3 });
    cleanups.push(() => worker.stop());
    await worker.idle();
    const [inHand = "", untried = ""] = await queue(2);
    worker.kick();
    await eventually(async () => (await row(db, inHand)).attempts === 1);
    expect(await row(db, untried)).toMatchObject({ attempts: 1 });
    expect((await row(db, inHand)).nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());

    await worker.stop(200);
    for (const id of [inHand, untried]) {
      expect(await row(db, id)).toMatchObject({
        status: "pending",
        attempts: 0,
        nextAttemptAt: clock.now(),
        lastError: null,
      });
    }
    expect(smtp.received).toHaveLength(0);
    // The next run takes both at once, without waiting for the lease the stopped one had set.
    smtp.delayMs = 0;
    const next = startOutboxWorker({ ...options(smtpTransport()), now: clock.now, pollMs: 60_000 });
    cleanups.push(() => next.stop());
    await next.idle();
    expect(await row(db, inHand)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await row(db, untried)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("delivers 20 emails exactly once with two workers (two API copies) on one database", async () => {
    const ids = await queue(20);
    smtp.delayMs = 10;
    const copies =
      kind === "postgres" && database.url !== undefined
        ? await Promise.all([0, 1].map(() => openDatabase({ kind: "postgres", url: database.url ?? "", poolSize: 3 })))
        : [];
    for (const copy of copies) cleanups.push(() => copy.close());
    const databases = copies.length > 0 ? copies.map((copy) => copy.db) : [db, db];
    const logs = databases.map(() => recordingLog());
    const workers = databases.map((copyDb, index) =>
      startOutboxWorker({
        db: copyDb,
        transport: smtpTransport(),
        mail: testMailSettings,
        log: logs[index]?.log ?? recordingLog().log,
        now: clock.now,
        pollMs: 60_000,
        batchSize: 3,
      }),
    );
    for (const worker of workers) cleanups.push(() => worker.stop());
    await eventually(async () => (await rows(db)).every((stored) => stored.status === "sent"));
    await Promise.all(workers.map((worker) => worker.idle()));

    expect(smtp.received).toHaveLength(20);
    expect(new Set(smtp.received.map((email) => email.messageId))).toEqual(
      new Set(ids.map((id) => `<${id}@shop.example>`)),
    );
    expect((await rows(db)).every((stored) => stored.attempts === 1)).toBe(true);
    const sentBy = logs.map((log) => log.lines.filter((line) => line.message === "email sent").length);
    expect(sentBy[0] ?? 0).toBeGreaterThan(0);
    expect(sentBy[1] ?? 0).toBeGreaterThan(0);
    expect((sentBy[0] ?? 0) + (sentBy[1] ?? 0)).toBe(20);
  });

  it("takes back a crashed run's claims at start only when it is the database's one process", async () => {
    const [id = ""] = await queue(1);
    // A run that claimed the row, then died.
    await claimDueEmails(db, clock.now(), 10, 5 * minute);
    const transport = smtpTransport();
    const shared = startOutboxWorker({ ...options(transport), now: clock.now, pollMs: 60_000 });
    await shared.idle();
    await shared.stop();
    expect(await row(db, id)).toMatchObject({ status: "pending", attempts: 1 });
    const alone = startOutboxWorker({ ...options(transport), now: clock.now, pollMs: 60_000, reclaimAtStart: true });
    cleanups.push(() => alone.stop());
    await alone.idle();
    expect(await row(db, id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received).toHaveLength(1);
    expect(isEmbeddedDatabase(db)).toBe(kind === "pglite");
  });

  it("runs as a Fastify plugin: starts with the app, delivers on kickOutbox() to OUTBOX_DIR, stops when it closes", async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "herbo-plugin-")), "outbox");
    const app = Fastify();
    await app.register(outboxWorker, {
      db,
      now: clock.now,
      // Polling slower than the test: only a kick can explain a prompt delivery.
      pollMs: 60_000,
      config: {
        mailFrom: testMailSettings.from,
        messageIdDomain: testMailSettings.messageIdDomain,
        shopEmail: undefined,
        smtpUrl: undefined,
        outboxDir,
      },
    });
    try {
      app.kickOutbox();
      await app.ready();
      const [first] = await queue(1);
      app.kickOutbox();
      await eventually(
        async () => existsSync(outboxDir) && emlFiles(outboxDir).some((name) => name.endsWith(`${first}.eml`)),
      );
    } finally {
      await app.close();
    }
    // Closed: nothing is delivered any more, kicked or not.
    await queue(1);
    app.kickOutbox();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(emlFiles(outboxDir)).toHaveLength(1);
  });

  it.runIf(kind === "postgres")("skips a row another transaction has locked instead of waiting for it", async () => {
    const [locked = "", free = ""] = await queue(2);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    await client.query("BEGIN");
    await client.query("SELECT id FROM outbox WHERE id = $1 FOR UPDATE", [locked]);
    // Waiting for the lock would never end before the ROLLBACK below: answering at all is the proof.
    const claimed = await claimDueEmails(db, clock.now(), 10, 5 * minute);
    expect(claimed.map((claim) => claim.id)).toEqual([free]);
    await client.query("ROLLBACK");
    expect((await claimDueEmails(db, clock.now(), 10, 5 * minute)).map((claim) => claim.id)).toEqual([locked]);
  });
});

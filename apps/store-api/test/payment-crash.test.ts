import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../src/db/connection.ts";
import { orders, paymentAttempts, variants } from "../src/db/schema.ts";
import { startStripeFake } from "./fakes/stripe-fake.ts";
import { freePort, startedServer, stop, withoutAddressLimits } from "./server-process.ts";
import {
  checkoutBody,
  createTestDatabase,
  databaseKinds,
  enterDetails,
  postJson,
  postPayment,
  sessionIdOf,
} from "./harness.ts";

const kinds = await databaseKinds();

describe.each(kinds)("payment crash safety on %s", (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("records the order once after a SIGKILL between Stripe's confirmation and the order, by reconciliation at restart", async () => {
    let database: Record<string, string>;
    let reopen: () => Promise<DatabaseHandle>;
    if (kind === "pglite") {
      const dataDir = mkdtempSync(path.join(tmpdir(), "herbo-pay-crash-"));
      database = { DATA_DIR: dataDir, DATABASE_URL: "" };
      reopen = () => openDatabase({ kind: "pglite", dataDir });
    } else {
      const test = await createTestDatabase("postgres");
      await test.handle.close();
      const url = test.url ?? "";
      database = { DATABASE_URL: url };
      reopen = () => openDatabase({ kind: "postgres", url });
      cleanups.push(() => test.drop().catch(() => undefined));
    }
    const stripe = await startStripeFake();
    cleanups.push(() => stripe.close());
    const environment = {
      ...database,
      PAYMENT_METHODS: "stripe,cod",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    };
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const first = await startedServer({ ...withoutAddressLimits, ...environment }, port);
    cleanups.push(() => stop(first, "SIGKILL"));

    const created = await postJson(
      `${baseUrl}/store/test-store/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(baseUrl, sessionId)).status).toBe(303);
    expect((await postPayment(baseUrl, sessionId, "stripe")).status).toBe(303);
    const [stripeSessionId] = [...stripe.sessions.keys()];
    if (stripeSessionId === undefined) throw new Error("No Checkout Session was created");
    stripe.pay(stripeSessionId);

    // The shopper comes back; the API asks Stripe, Stripe confirms, and the process dies the moment that
    // answer is sent: before the order can be written. No webhook ever arrives.
    let killedAfterConfirm = false;
    stripe.onAnswered = (request) => {
      if (
        request.method === "GET" &&
        request.path === `/v1/checkout/sessions/${stripeSessionId}` &&
        !killedAfterConfirm
      ) {
        killedAfterConfirm = true;
        first.child.kill("SIGKILL");
      }
    };
    await fetch(`${baseUrl}/checkout/${sessionId}/return/stripe?reference=${stripeSessionId}`).catch(() => undefined);
    await stop(first, "SIGKILL");
    expect(killedAfterConfirm).toBe(true);
    stripe.onAnswered = undefined;

    const between = await reopen();
    expect(await between.db.select().from(orders)).toHaveLength(0);
    const [pending] = await between.db.select().from(paymentAttempts);
    expect(pending?.status).toBe("pending");
    await between.close();

    // Back up: reconciliation at start-up asks Stripe about every pending payment and places the order.
    const second = await startedServer({ ...withoutAddressLimits, ...environment }, port);
    cleanups.push(() => stop(second, "SIGKILL"));
    for (let wait = 0; wait < 100; wait += 1) {
      const page = await (await fetch(`${baseUrl}/checkout/${sessionId}`)).text();
      if (page.includes("already been placed")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The shopper's late return finds that order and changes nothing.
    const back = await fetch(`${baseUrl}/checkout/${sessionId}/return/stripe?reference=${stripeSessionId}`, {
      redirect: "manual",
    });
    expect(back.headers.get("location")).toMatch(/^http:\/\/shop\.test\/success\?order=HS-\d+$/);
    await stop(second, "SIGTERM");

    const handle = await reopen();
    cleanups.push(() => handle.close());
    const placed = await handle.db.select().from(orders);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ sessionId, paymentProvider: "stripe", paymentStatus: "paid" });
    const [attempt] = await handle.db.select().from(paymentAttempts);
    expect(attempt?.status).toBe("paid");
    const [resin] = await handle.db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
    expect(resin?.stockOnHand).toBe(119);
    expect(resin?.stockReserved).toBe(0);
    // It starts the real server twice (and PGlite migrates its folder): a busy machine needs more than the default.
  }, 180_000);
});

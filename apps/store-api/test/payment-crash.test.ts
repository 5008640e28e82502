import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  codeRedemptions,
  discountCodes,
  orderRefunds,
  orders,
  outbox,
  paymentAttempts,
  variants,
} from "../src/db/schema.ts";
import { startCybersourceFake } from "./fakes/cybersource-fake.ts";
import { startKhaltiFake } from "./fakes/khalti-fake.ts";
import { startStripeFake } from "./fakes/stripe-fake.ts";
import { freePort, startedServer, stop, withoutAddressLimits } from "./server-process.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  kathmanduDetails,
  postJson,
  postPayment,
  serverDatabase,
  sessionIdOf,
  shopperDetails,
} from "./harness.ts";

const kinds = await databaseKinds();

describe.each(kinds)("payment crash safety on %s", (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("records the order once after a SIGKILL between Stripe's confirmation and the order, by reconciliation at restart, its discount code used once", async () => {
    const { environment: database, reopen, drop } = await serverDatabase(kind, "herbo-pay-crash-");
    cleanups.push(drop);
    // A code the shopper applies: its use is held by the checkout, and must be used by exactly one order.
    const setup = await reopen();
    await setup.db.insert(discountCodes).values({
      id: "dc_crash",
      code: "CRASH10",
      kind: "percent",
      percent: 10,
      amounts: {},
      minimums: {},
      markets: [],
      productIds: [],
      totalUses: 1,
      createdAt: new Date(),
    });
    await setup.close();
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
    expect((await enterDetails(baseUrl, sessionId, { ...kathmanduDetails, discountCode: "crash10" })).status).toBe(303);
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
    // Killed before the order: the code's use is still held by the checkout, not used, not lost.
    expect((await between.db.select().from(codeRedemptions)).map((row) => row.status)).toEqual(["held"]);
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
    expect(back.headers.get("location")).toMatch(/^http:\/\/shop\.test\/success\?order=HS-\d+&receipt=[\w-]{22}$/);
    await stop(second, "SIGTERM");

    const handle = await reopen();
    cleanups.push(() => handle.close());
    const placed = await handle.db.select().from(orders);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      sessionId,
      paymentProvider: "stripe",
      paymentStatus: "paid",
      discountCode: "CRASH10",
      codeDiscountAmount: 12_000,
      totalAmount: 108_000,
      capturedAmount: 108_000,
    });
    expect(await handle.db.select().from(codeRedemptions)).toMatchObject([
      { sessionId, codeId: "dc_crash", status: "used", orderId: placed[0]?.id },
    ]);
    const [attempt] = await handle.db.select().from(paymentAttempts);
    expect(attempt?.status).toBe("paid");
    const [resin] = await handle.db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
    expect(resin?.stockOnHand).toBe(119);
    expect(resin?.stockReserved).toBe(0);
    // It starts the real server twice (and PGlite migrates its folder): a busy machine needs more than the default.
  }, 180_000);

  async function checkoutWithKathmanduDetails(baseUrl: string): Promise<string> {
    const created = await postJson(
      `${baseUrl}/store/test-store/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(baseUrl, sessionId)).status).toBe(303);
    return sessionId;
  }

  /** Signs in to a running server's back office; answers its session cookie. */
  async function signInTo(baseUrl: string, email: string, password: string): Promise<string> {
    const signIn = await fetch(`${baseUrl}/admin/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    return (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }

  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read();
    for (let wait = 0; wait < 200 && !done(value); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      value = await read();
    }
    return value;
  }

  it("places the order of a superseded Khalti payment completed while no one came back, at the next start", async () => {
    const { environment: database, reopen, drop } = await serverDatabase(kind, "herbo-pay-crash-");
    cleanups.push(drop);
    const khalti = await startKhaltiFake();
    cleanups.push(() => khalti.close());
    const environment = {
      ...withoutAddressLimits,
      ...database,
      PAYMENT_METHODS: "khalti,cod",
      KHALTI_SECRET_KEY: khalti.secretKey,
      KHALTI_API_URL: khalti.url,
    };
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const first = await startedServer(environment, port);
    cleanups.push(() => stop(first, "SIGKILL"));

    const sessionId = await checkoutWithKathmanduDetails(baseUrl);
    // Two tabs: the second Khalti payment supersedes the first, which Khalti cannot cancel.
    expect((await postPayment(baseUrl, sessionId, "khalti")).status).toBe(303);
    expect((await postPayment(baseUrl, sessionId, "khalti")).status).toBe(303);
    const [firstPidx, secondPidx] = [...khalti.payments.keys()];
    if (firstPidx === undefined || secondPidx === undefined) throw new Error("Khalti was not asked twice");
    // The shopper completes the first at Khalti and never comes back; the process dies.
    khalti.complete(firstPidx);
    await stop(first, "SIGKILL");

    const between = await reopen();
    const attempts = await between.db.select().from(paymentAttempts);
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual(["pending", "superseded"]);
    expect(await between.db.select().from(orders)).toHaveLength(0);
    await between.close();

    // The next start asks Khalti about every payment still open: the completed one becomes the order.
    const second = await startedServer(environment, port);
    cleanups.push(() => stop(second, "SIGKILL"));
    const page = await eventually(
      async () => (await fetch(`${baseUrl}/checkout/${sessionId}`)).text(),
      (html) => html.includes("already been placed"),
    );
    expect(page).toContain("already been placed");
    // Then the shopper also finishes the second tab's payment: it is refunded in full, never a second order.
    khalti.complete(secondPidx);
    await stop(second, "SIGTERM");
    const third = await startedServer(environment, port);
    cleanups.push(() => stop(third, "SIGKILL"));
    await eventually(
      async () => khalti.payments.get(secondPidx)?.status,
      (status) => status === "Refunded",
    );
    await stop(third, "SIGTERM");

    const handle = await reopen();
    cleanups.push(() => handle.close());
    const placed = await handle.db.select().from(orders);
    expect(placed).toHaveLength(1);
    const attempt = (await handle.db.select().from(paymentAttempts)).find((row) => row.reference === firstPidx);
    expect(placed[0]).toMatchObject({
      sessionId,
      paymentProvider: "khalti",
      paymentAttemptId: attempt?.id,
      totalAmount: attempt?.amount,
    });
    const statuses = Object.fromEntries(
      (await handle.db.select().from(paymentAttempts)).map((row) => [row.reference, row.status]),
    );
    expect(statuses).toEqual({ [firstPidx]: "paid", [secondPidx]: "refunded" });
    expect(khalti.payments.get(firstPidx)?.status).toBe("Completed");
  }, 240_000);

  it("places one order after a SIGKILL between the card gateway's accept and the order: from the receipt after restart, never twice", async () => {
    const { environment: database, reopen, drop } = await serverDatabase(kind, "herbo-pay-crash-");
    cleanups.push(drop);
    const gateway = await startCybersourceFake();
    cleanups.push(() => gateway.close());
    const environment = {
      ...withoutAddressLimits,
      ...database,
      PAYMENT_METHODS: "cybersource,cod",
      CYBERSOURCE_PROFILE_ID: gateway.profileId,
      CYBERSOURCE_ACCESS_KEY: gateway.accessKey,
      CYBERSOURCE_SECRET_KEY: gateway.secretKey,
      CYBERSOURCE_URL: gateway.payUrl,
      CYBERSOURCE_CURRENCIES: "USD",
    };
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    gateway.merchantPostUrl = `${baseUrl}/payments/cybersource/webhook`;
    const first = await startedServer(environment, port);
    cleanups.push(() => stop(first, "SIGKILL"));

    const created = await postJson(
      `${baseUrl}/store/test-store/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }], "USD"),
    );
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(baseUrl, sessionId, shopperDetails.US)).status).toBe(303);
    const started = await postPayment(baseUrl, sessionId, "cybersource");
    const handOver = await (await fetch(`${baseUrl}${started.headers.get("location") ?? ""}`)).text();
    const form = new URLSearchParams();
    for (const match of handOver.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      form.set(match[1] ?? "", (match[2] ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"'));
    }
    expect((await fetch(gateway.payUrl, { method: "POST", body: form })).status).toBe(200);
    const reference = form.get("reference_number") ?? "";

    // The process dies while the shopper is on the bank's page; the bank accepts the card, and its
    // notification finds no one.
    await stop(first, "SIGKILL");
    const reply = await gateway.decide(reference, "ACCEPT");
    expect(gateway.notifications.at(-1)?.status).toBe(0);
    const between = await reopen();
    expect(await between.db.select().from(orders)).toHaveLength(0);
    expect((await between.db.select().from(paymentAttempts))[0]?.status).toBe("pending");
    await between.close();

    // Back up: with no API to ask, the payment stays open (its time is not over), and the shopper's
    // browser brings the signed reply to the receipt page: one order. The bank's notification, sent
    // again by hand from the Business Center, changes nothing.
    const second = await startedServer(environment, port);
    cleanups.push(() => stop(second, "SIGKILL"));
    const back = await fetch(`${baseUrl}/checkout/${sessionId}/return/cybersource`, {
      method: "POST",
      body: new URLSearchParams(reply),
      redirect: "manual",
    });
    expect(back.headers.get("location")).toMatch(/^http:\/\/shop\.test\/success\?order=HS-\d+&receipt=[\w-]{22}$/);
    const again = await fetch(gateway.merchantPostUrl, { method: "POST", body: new URLSearchParams(reply) });
    expect(again.status).toBe(200);
    await stop(second, "SIGTERM");

    const handle = await reopen();
    cleanups.push(() => handle.close());
    const placed = await handle.db.select().from(orders);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      sessionId,
      paymentProvider: "cybersource",
      paymentStatus: "paid",
      totalAmount: 4298,
      currencyCode: "USD",
    });
    const [attempt] = await handle.db.select().from(paymentAttempts);
    expect(attempt?.status).toBe("paid");
    const [resin] = await handle.db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
    expect(resin?.stockOnHand).toBe(119);
    expect(resin?.stockReserved).toBe(0);
  }, 240_000);

  it("finishes a refund after a SIGKILL between Stripe's refund and recording it, without refunding twice", async () => {
    const { environment: database, reopen, drop } = await serverDatabase(kind, "herbo-pay-crash-");
    cleanups.push(drop);
    const stripe = await startStripeFake();
    cleanups.push(() => stripe.close());
    const environment = {
      ...withoutAddressLimits,
      ...database,
      PAYMENT_METHODS: "stripe,cod",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ADMIN_EMAIL: "owner@shop.test",
      ADMIN_PASSWORD: "correct horse battery staple",
    };
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const first = await startedServer({ ...environment, STORE_API_URL: baseUrl }, port);
    cleanups.push(() => stop(first, "SIGKILL"));

    const sessionId = await checkoutWithKathmanduDetails(baseUrl);
    expect((await postPayment(baseUrl, sessionId, "stripe")).status).toBe(303);
    const [stripeSessionId] = [...stripe.sessions.keys()];
    if (stripeSessionId === undefined) throw new Error("No Checkout Session was created");
    stripe.pay(stripeSessionId);
    const back = await fetch(`${baseUrl}/checkout/${sessionId}/return/stripe?reference=${stripeSessionId}`, {
      redirect: "manual",
    });
    const number = new URL(back.headers.get("location") ?? "").searchParams.get("order") ?? "";
    expect(number).toMatch(/^HS-\d+$/);

    const cookie = await signInTo(baseUrl, environment.ADMIN_EMAIL, environment.ADMIN_PASSWORD);
    // The owner cancels; Stripe refunds, and the process dies the moment Stripe's answer is sent.
    let killed = false;
    stripe.onAnswered = (request) => {
      if (request.method === "POST" && request.path === "/v1/refunds" && !killed) {
        killed = true;
        first.child.kill("SIGKILL");
      }
    };
    await fetch(`${baseUrl}/admin/api/orders/${number}/actions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify({ action: "cancel" }),
    }).catch(() => undefined);
    await stop(first, "SIGKILL");
    expect(killed).toBe(true);
    stripe.onAnswered = undefined;
    expect(stripe.refunds).toHaveLength(1);

    // In between: the order is cancelled with its stock back, and the refund is written but not recorded.
    const between = await reopen();
    const [cancelled] = await between.db.select().from(orders);
    expect(cancelled).toMatchObject({ fulfilmentStatus: "cancelled", paymentStatus: "refund_due", refundedAmount: 0 });
    expect((await between.db.select().from(orderRefunds)).map((row) => row.status)).toEqual(["requested"]);
    await between.close();

    // The next start sends it again with the same idempotency key: Stripe answers the refund it made.
    const second = await startedServer({ ...environment, STORE_API_URL: baseUrl }, port);
    cleanups.push(() => stop(second, "SIGKILL"));
    // PGlite lets one process at a time open its folder: watch through the back office while it runs.
    const again = await signInTo(baseUrl, environment.ADMIN_EMAIL, environment.ADMIN_PASSWORD);
    await eventually(
      async () => {
        const detail = await fetch(`${baseUrl}/admin/api/orders/${number}`, { headers: { cookie: again } });
        return ((await detail.json()) as { refunds?: { status: string }[] }).refunds?.[0]?.status;
      },
      (status) => status === "succeeded",
    );
    await stop(second, "SIGTERM");
    const handle = await reopen();
    cleanups.push(() => handle.close());
    const [refund] = await handle.db.select().from(orderRefunds);
    expect(refund).toMatchObject({
      status: "succeeded",
      providerReference: stripe.refunds[0]?.id,
      amount: cancelled?.totalAmount,
    });
    expect(stripe.refunds).toHaveLength(1);
    const [order] = await handle.db.select().from(orders);
    expect(order).toMatchObject({ paymentStatus: "refunded", refundedAmount: cancelled?.totalAmount });
    const emails = await handle.db.select().from(outbox).where(eq(outbox.kind, "order_cancelled"));
    expect(emails.map((email) => email.data)).toMatchObject([
      { refund: "refunded", refundAmount: cancelled?.totalAmount },
    ]);
    const [resin] = await handle.db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
    expect(resin).toMatchObject({ stockOnHand: 120, stockReserved: 0 });
  }, 240_000);
});

import { formatMoneyWithCode } from "@herbo/hosted-api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, orderRefunds, orders } from "../src/db/schema.ts";
import { ownerEmail, signedInOwner } from "./admin-helpers.ts";
import { referenceTail } from "../src/log-redaction.ts";
import { startStripeFake, type StripeFake } from "./fakes/stripe-fake.ts";
import {
  databaseKinds,
  postJson,
  checkoutBody,
  sessionIdOf,
  enterDetails,
  shopperDetails,
  type RunningApi,
  startApi,
  receiptFor,
} from "./harness.ts";
import {
  LogCapture,
  checkoutWithDetails,
  confirmationEmails,
  eventsOf,
  attemptOf,
  onlyAttempt,
  ordersOf,
  paymentState,
  resinStock,
  sessionStatus,
  startProviderPayment,
} from "./payment-helpers.ts";

const kinds = await databaseKinds();

describe.each(kinds)("Stripe Checkout on %s", (kind) => {
  let stripe: StripeFake;
  let api: RunningApi;
  const logs = new LogCapture();
  let webhookUrl = "";

  beforeAll(async () => {
    stripe = await startStripeFake();
    api = await startApi(kind, {
      paymentMethods: ["stripe", "khalti", "cod"],
      paymentSettings: {
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
        khalti: { secretKey: "live_secret_key_unused", apiUrl: "http://127.0.0.1:9" },
      },
      logger: logs.logger,
    });
    webhookUrl = `${api.baseUrl}/payments/stripe/webhook`;
  });
  afterAll(async () => {
    await api.close();
    await stripe.close();
  });

  /** Webhooks are signed at the API's (test) clock, as Stripe signs at the time it sends. */
  const signedAt = () => Math.floor(api.clock.now().getTime() / 1000);
  const deliver = (type: string, stripeSessionId: string) => {
    const session = stripe.sessions.get(stripeSessionId);
    if (session === undefined) throw new Error("no such fake session");
    return stripe.deliver(webhookUrl, stripe.event(type, session), signedAt());
  };

  async function startStripe(quantity = 1) {
    const sessionId = await checkoutWithDetails(api, quantity);
    const continueUrl = await startProviderPayment(api, sessionId, "stripe");
    const attempt = await onlyAttempt(api.db, sessionId);
    return { sessionId, continueUrl, attempt };
  }

  it("creates a Checkout Session from the server's lines and shipping, with an idempotency key, and sends the shopper there", async () => {
    const { sessionId, continueUrl, attempt } = await startStripe(2);
    const [session] = await api.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    const fakeSession = stripe.sessions.get(attempt.reference);
    expect(fakeSession).toMatchObject({
      client_reference_id: sessionId,
      currency: "npr",
      customer_email: "asha.gurung@example.com",
      amount_total: (session?.totalAmount ?? 0) + (session?.shippingAmount ?? 0),
      success_url: `http://api.test/checkout/${sessionId}/return/stripe?reference={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://api.test/checkout/${sessionId}`,
    });
    expect(fakeSession?.line_items_sent).toEqual([
      { name: "Pure Himalayan Shilajit Resin (10 g)", quantity: 2, unit_amount: (session?.totalAmount ?? 0) / 2 },
    ]);
    expect(fakeSession?.shipping_amount).toBe(session?.shippingAmount);
    expect(stripe.idempotencyKeys).toContain(attempt.id);
    expect(attempt).toMatchObject({ provider: "stripe", status: "pending", amount: fakeSession?.amount_total });
    // The reservation lasts at least as long as Stripe takes the payment (30 minutes or more).
    expect(session?.expiresAt.getTime()).toBeGreaterThanOrEqual(attempt.expiresAt.getTime());

    const handOver = await fetch(`${api.baseUrl}${continueUrl}`);
    const html = await handOver.text();
    expect(handOver.status).toBe(200);
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${stripe.url}/c/pay/${attempt.reference}">`);
    expect(html).not.toContain(stripe.secretKey);
  });

  it("charges a US checkout in dollars, where Khalti and cash on delivery are not offered", async () => {
    const response = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }], "USD"),
    );
    const sessionId = sessionIdOf(((await response.json()) as { url: string }).url);
    await enterDetails(api.baseUrl, sessionId, shopperDetails.US);
    const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    expect(page).toContain("Pay by card");
    expect(page).not.toContain("with Khalti");
    expect(page).not.toContain("Cash on delivery");
    const forged = await fetch(`${api.baseUrl}/checkout/${sessionId}/pay/khalti`, {
      method: "POST",
      redirect: "manual",
    });
    expect(forged.status).toBe(400);
    // Stripe is asked for exactly what the page showed: $29.99 and $12.99 shipping, in US dollars.
    await startProviderPayment(api, sessionId, "stripe");
    const attempt = await onlyAttempt(api.db, sessionId);
    expect(attempt).toMatchObject({ currencyCode: "USD", amount: 4_298, providerAmount: 4_298 });
    expect(stripe.sessions.get(attempt.reference)).toMatchObject({ currency: "usd", amount_total: 4_298 });
  });

  it.each([
    ["US", "USD", "usd", 2 * 2_999 + 1_299],
    ["GB", "GBP", "gbp", 2 * 2_499 + 999],
    ["CA", "CAD", "cad", 2 * 3_999 + 1_699],
    ["AE", "AED", "aed", 2 * 11_000 + 4_500],
    ["IN", "INR", "inr", 2 * 149_900 + 14_900],
    ["NP", "NPR", "npr", 2 * 120_000],
  ] as const)(
    "asks Stripe for a %s order in %s exactly the total the checkout showed",
    async (country, currency, stripeCurrency, total) => {
      const sessionId = await checkoutWithDetails(api, 2, country === "NP" ? undefined : shopperDetails[country]);
      const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      const shown = formatMoneyWithCode(total, { code: currency, template: currency === "NPR" ? "Rs. $1" : null });
      expect(page).toContain(`data-testid="total"><span class="nowrap">${shown}</span>`);
      await startProviderPayment(api, sessionId, "stripe");
      const attempt = await onlyAttempt(api.db, sessionId);
      expect(attempt).toMatchObject({ currencyCode: currency, amount: total, providerAmount: total });
      expect(stripe.sessions.get(attempt.reference)).toMatchObject({ currency: stripeCurrency, amount_total: total });
    },
  );

  it("fulfils the order exactly once from a webhook signed with STRIPE_WEBHOOK_SECRET", async () => {
    const { sessionId, attempt } = await startStripe();
    const before = await resinStock(api.db);
    stripe.pay(attempt.reference);
    expect(await deliver("checkout.session.completed", attempt.reference)).toBe(200);
    expect(await deliver("checkout.session.completed", attempt.reference)).toBe(200);
    const placed = await ordersOf(api.db, sessionId);
    expect(placed).toHaveLength(1);
    const [order] = placed;
    expect(order).toMatchObject({
      paymentProvider: "stripe",
      paymentStatus: "paid",
      paymentReference: stripe.sessions.get(attempt.reference)?.payment_intent,
    });
    expect(await confirmationEmails(api.db, order?.id ?? "")).toHaveLength(1);
    expect((await onlyAttempt(api.db, sessionId)).status).toBe("paid");
    expect(await resinStock(api.db)).toEqual({
      onHand: (before.onHand ?? 0) - 1,
      reserved: (before.reserved ?? 0) - 1,
    });

    // The shopper's return afterwards finds the order the webhook placed.
    const back = await fetch(`${api.baseUrl}/checkout/${sessionId}/return/stripe?reference=${attempt.reference}`, {
      redirect: "manual",
    });
    expect(back.headers.get("location")).toBe(
      `http://shop.test/success?order=${order?.number}&receipt=${receiptFor(order)}`,
    );
  });

  it("waits for a delayed payment method and fulfils on checkout.session.async_payment_succeeded", async () => {
    const { sessionId, attempt } = await startStripe();
    const fakeSession = stripe.sessions.get(attempt.reference);
    if (fakeSession === undefined) throw new Error("no fake session");
    fakeSession.status = "complete";
    expect(await deliver("checkout.session.completed", attempt.reference)).toBe(200);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
    expect((await onlyAttempt(api.db, sessionId)).status).toBe("pending");
    fakeSession.payment_status = "paid";
    fakeSession.payment_intent = "pi_delayed_1";
    expect(await deliver("checkout.session.async_payment_succeeded", attempt.reference)).toBe(200);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
  });

  it("makes one order when the webhook and the shopper's return arrive at the same moment", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { sessionId, attempt } = await startStripe();
      stripe.pay(attempt.reference);
      const [webhook, back] = await Promise.all([
        deliver("checkout.session.completed", attempt.reference),
        fetch(`${api.baseUrl}/checkout/${sessionId}/return/stripe?reference=${attempt.reference}`, {
          redirect: "manual",
        }),
      ]);
      const placed = await ordersOf(api.db, sessionId);
      expect(placed).toHaveLength(1);
      expect(webhook).toBe(200);
      expect(back.headers.get("location")).toBe(
        `http://shop.test/success?order=${placed[0]?.number}&receipt=${receiptFor(placed[0])}`,
      );
      expect(await confirmationEmails(api.db, placed[0]?.id ?? "")).toHaveLength(1);
    }
  });

  it("refuses a forged, tampered, old or unknown webhook and writes nothing", async () => {
    const { sessionId, attempt } = await startStripe();
    const session = stripe.pay(attempt.reference);
    const before = await paymentState(api.db);
    const payload = stripe.event("checkout.session.completed", session);
    const post = (body: string, signature: string) =>
      fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });

    // Signed with another secret.
    expect((await post(payload, stripe.sign(payload, signedAt(), "whsec_attacker000000"))).status).toBe(400);
    // Signed, then changed.
    const tampered = payload.replace(`"amount_total":${session.amount_total}`, `"amount_total":1`);
    expect((await post(tampered, stripe.sign(payload, signedAt()))).status).toBe(400);
    // A genuine event replayed after the tolerance (5 minutes).
    expect((await post(payload, stripe.sign(payload, signedAt() - 600))).status).toBe(400);
    // No signature at all.
    expect(
      (await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: payload }))
        .status,
    ).toBe(400);
    // Correctly signed, about a Checkout Session this shop never made.
    const stranger = { ...session, id: "cs_test_unknown", client_reference_id: "cs_someone_else" };
    const unknown = JSON.stringify({ ...JSON.parse(payload), data: { object: stranger } });
    expect((await post(unknown, stripe.sign(unknown, signedAt()))).status).toBe(400);
    // Correctly signed, our Checkout Session but claiming another checkout.
    const crossed = JSON.stringify({
      ...JSON.parse(payload),
      data: { object: { ...session, client_reference_id: "cs_other" } },
    });
    expect((await post(crossed, stripe.sign(crossed, signedAt()))).status).toBe(400);

    expect(await paymentState(api.db)).toEqual(before);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
    expect(logs.text()).not.toContain(stripe.webhookSecret);
    expect(logs.text()).not.toContain(stripe.secretKey);
  });

  it("refuses a webhook signed more than 5 minutes ahead of its clock, and takes one signed within them", async () => {
    const { sessionId, attempt } = await startStripe();
    const session = stripe.pay(attempt.reference);
    const before = await paymentState(api.db);
    const payload = stripe.event("checkout.session.completed", session);
    const post = (signature: string) =>
      fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
    // Genuinely signed with the shop's secret, but 10 minutes and 5 minutes and a second in the future.
    expect((await post(stripe.sign(payload, signedAt() + 600))).status).toBe(400);
    expect((await post(stripe.sign(payload, signedAt() + 301))).status).toBe(400);
    expect(await paymentState(api.db)).toEqual(before);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
    expect(logs.text()).toContain("Webhook signed more than 5 minutes ahead of our clock");
    // A clock a little behind Stripe's is normal.
    expect((await post(stripe.sign(payload, signedAt() + 60))).status).toBe(200);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
  });

  it("treats a return whose reference holds control characters or is no Checkout Session id as no payment", async () => {
    const { sessionId } = await startStripe();
    const before = await paymentState(api.db);
    const errorsBefore = logs.errorLines().length;
    for (const reference of ["%00", "cs_test_a%00b", "%0D%0Aset-cookie", "cs_test_%E2%80%8B", "x".repeat(300)]) {
      const back = await fetch(`${api.baseUrl}/checkout/${sessionId}/return/stripe?reference=${reference}`, {
        redirect: "manual",
      });
      expect(back.status, reference).toBe(303);
      expect(back.headers.get("location")).toBe(`/checkout/${sessionId}`);
    }
    expect(await paymentState(api.db)).toEqual(before);
    expect(logs.errorLines()).toHaveLength(errorsBefore);
  });

  it("refunds in full a payment whose amount does not match the order, places no order, and logs it for the owner", async () => {
    const { sessionId, attempt } = await startStripe();
    const session = stripe.pay(attempt.reference);
    session.amount_total -= 100;
    expect(await deliver("checkout.session.completed", attempt.reference)).toBe(200);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
    expect(await onlyAttempt(api.db, sessionId)).toMatchObject({
      status: "refunded",
      paymentReference: session.payment_intent,
    });
    // Everything Stripe captured goes back, once.
    expect(stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toMatchObject([
      { amount: session.amount_total, idempotencyKey: `refund_${attempt.id}` },
    ]);
    expect(await sessionStatus(api.db, sessionId)).toBe("open");
    // The log names the payment by the end of its reference; the checkout id, a key to it, is never written.
    const line = logs.lines.find(
      (entry) => entry.includes("does not match the order") && entry.includes(referenceTail(attempt.reference)),
    );
    expect(logs.text()).not.toContain(sessionId);
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      expected: { amount: attempt.providerAmount, currency: "NPR" },
      received: { amount: attempt.providerAmount - 100, currency: "NPR" },
    });
  });

  it("places a paid order whose webhook was lost when reconciliation asks Stripe", async () => {
    const { sessionId, attempt } = await startStripe();
    stripe.pay(attempt.reference);
    // Not due yet: reconciliation leaves a fresh payment to its return and webhook.
    expect((await api.app.reconcilePayments(false)).checked).toBe(0);
    api.clock.advance(3 * 60_000);
    const report = await api.app.reconcilePayments(false);
    expect(report.placed).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
    expect((await api.app.reconcilePayments(true)).placed).toBe(0);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
  });

  it("keeps the reservation past its time while Stripe may still take the payment, and releases it once Stripe expires it", async () => {
    const { sessionId, attempt } = await startStripe();
    // Past the hold: expiry asks the provider first, so this session keeps its items (other tests' go back).
    api.clock.advance(attempt.expiresAt.getTime() - api.clock.now().getTime() + 60_000);
    await fetch(`${api.baseUrl}/checkout/${sessionId}`);
    expect(await sessionStatus(api.db, sessionId)).toBe("open");
    const held = await resinStock(api.db);
    expect(held.reserved).toBeGreaterThanOrEqual(1);

    const session = stripe.sessions.get(attempt.reference);
    if (session === undefined) throw new Error("no fake session");
    session.status = "expired";
    expect(await deliver("checkout.session.expired", attempt.reference)).toBe(200);
    expect(await sessionStatus(api.db, sessionId)).toBe("expired");
    expect((await resinStock(api.db)).reserved).toBe((held.reserved ?? 0) - 1);
    expect((await onlyAttempt(api.db, sessionId)).status).toBe("failed");
  });

  it("expires the Stripe session and releases the items when the shopper cancels the checkout", async () => {
    const { sessionId, attempt } = await startStripe();
    const held = await resinStock(api.db);
    const cancelled = await fetch(`${api.baseUrl}/checkout/${sessionId}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancelled.headers.get("location")).toBe("http://shop.test/store");
    expect(stripe.sessions.get(attempt.reference)?.status).toBe("expired");
    expect(await sessionStatus(api.db, sessionId)).toBe("cancelled");
    expect((await resinStock(api.db)).reserved).toBe((held.reserved ?? 0) - 1);
  });

  it("stops the first Stripe session when the shopper comes back and pays another way, so one payment is taken", async () => {
    const { sessionId, attempt } = await startStripe();
    // Back from Stripe's page without paying, the shopper chooses cash on delivery.
    const placed = await fetch(`${api.baseUrl}/checkout/${sessionId}/pay/cod`, { method: "POST", redirect: "manual" });
    expect(placed.headers.get("location")).toMatch(
      /^http:\/\/shop\.test\/success\?order=HS-\d+&payment=cod&receipt=[\w-]{22}$/,
    );
    expect(stripe.sessions.get(attempt.reference)?.status).toBe("expired");
    expect((await attemptOf(api.db, sessionId, "stripe")).status).toBe("failed");
    expect((await attemptOf(api.db, sessionId, "cod")).status).toBe("paid");
  });

  it("refunds in full a second payment for an order already paid, and records it on the order", async () => {
    const { sessionId, attempt } = await startStripe();
    await fetch(`${api.baseUrl}/checkout/${sessionId}/pay/cod`, { method: "POST", redirect: "manual" });
    const [order] = await ordersOf(api.db, sessionId);
    if (order === undefined) throw new Error("no order");
    // Stripe took the card payment at the very moment its session was being expired.
    const session = stripe.sessions.get(attempt.reference);
    if (session === undefined) throw new Error("no fake session");
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: "pi_raced_1" });
    expect(await deliver("checkout.session.completed", attempt.reference)).toBe(200);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
    expect(await attemptOf(api.db, sessionId, "stripe")).toMatchObject({
      status: "refunded",
      paymentReference: "pi_raced_1",
    });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === "pi_raced_1")).toHaveLength(1);
    const duplicate = (await eventsOf(api.db, order.id)).filter((event) => event.type === "payment_duplicate");
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]?.data).toMatchObject({ provider: "stripe", reference: "pi_raced_1" });
    expect(logs.text()).toContain(`Paid twice: order ${order.number} was already paid by cod`);
    // The same webhook again adds nothing.
    expect(await deliver("checkout.session.completed", attempt.reference)).toBe(200);
    expect((await eventsOf(api.db, order.id)).filter((event) => event.type === "payment_duplicate")).toHaveLength(1);
  });

  it("places the order of a Stripe payment made in another tab when the shopper then tries to pay again", async () => {
    const { sessionId, attempt } = await startStripe();
    stripe.pay(attempt.reference);
    const again = await fetch(`${api.baseUrl}/checkout/${sessionId}/pay/stripe`, {
      method: "POST",
      redirect: "manual",
    });
    const [order] = await ordersOf(api.db, sessionId);
    expect(again.headers.get("location")).toBe(
      `http://shop.test/success?order=${order?.number}&receipt=${receiptFor(order)}`,
    );
    expect(order?.paymentProvider).toBe("stripe");
    expect(await onlyAttempt(api.db, sessionId)).toMatchObject({ status: "paid" });
  });

  it("cancelling a paid Stripe order in the back office refunds it through Stripe, once", async () => {
    const { sessionId, attempt } = await startStripe();
    stripe.pay(attempt.reference);
    await deliver("checkout.session.completed", attempt.reference);
    const [order] = await ordersOf(api.db, sessionId);
    if (order === undefined) throw new Error("no order");
    const owner = await signedInOwner(api);

    const cancelled = await owner.action(order.number, { action: "cancel", reason: "customer asked" });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await cancelled.json()).toMatchObject({ fulfilmentStatus: "cancelled", refund: "refunded" });
    expect((await owner.action(order.number, { action: "cancel" })).status).toBe(200);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === order.paymentReference)).toHaveLength(1);
    const [refreshed] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(refreshed).toMatchObject({ paymentStatus: "refunded", fulfilmentStatus: "cancelled" });
    const events = await eventsOf(api.db, order.id);
    expect(events.filter((event) => event.type === "cancelled")).toMatchObject([{ actor: ownerEmail }]);
    expect(events.filter((event) => event.type === "refund_requested")).toMatchObject([{ actor: ownerEmail }]);
    const refunded = events.filter((event) => event.type === "refunded");
    expect(refunded).toMatchObject([{ actor: ownerEmail, data: { provider: "stripe", amount: order.totalAmount } }]);
    // Stripe was asked once, for what it captured, with the refund's own id as the idempotency key.
    const [refund] = await api.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({ status: "succeeded", amount: order.totalAmount, kind: "cancel" });
    expect(stripe.refunds.filter((row) => row.payment_intent === order.paymentReference)).toMatchObject([
      { amount: attempt.providerAmount, currency: "npr", idempotencyKey: refund?.id },
    ]);
  });

  it("tells the shopper when Stripe refuses to start, records nothing and logs no key", async () => {
    const refusing = await startApi(kind, {
      paymentMethods: ["stripe", "cod"],
      paymentSettings: {
        stripe: { secretKey: "sk_test_revoked00000", webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
      },
      logger: logs.logger,
    });
    try {
      const sessionId = await checkoutWithDetails(refusing);
      const response = await fetch(`${refusing.baseUrl}/checkout/${sessionId}/pay/stripe`, {
        method: "POST",
        redirect: "manual",
      });
      expect(response.headers.get("location")).toBe(`/checkout/${sessionId}`);
      const step = await (await fetch(`${refusing.baseUrl}/checkout/${sessionId}`)).text();
      expect(step).toContain("Stripe could not start the payment. Please try again, or choose another way to pay.");
      expect(await paymentState(refusing.db)).toMatchObject({ orders: 0, attempts: [] });
      expect(logs.text()).toContain("a payment provider refused to start");
      expect(logs.text()).not.toContain("sk_test_revoked00000");
    } finally {
      await refusing.close();
    }
  });

  it("leaves a cash-on-delivery order nothing to refund", async () => {
    const sessionId = await checkoutWithDetails(api);
    const placed = await fetch(`${api.baseUrl}/checkout/${sessionId}/pay/cod`, { method: "POST", redirect: "manual" });
    expect(placed.status).toBe(303);
    const [order] = await ordersOf(api.db, sessionId);
    if (order === undefined) throw new Error("no order");
    const owner = await signedInOwner(api, "cash@shop.test");
    const cancelled = await owner.action(order.number, { action: "cancel" });
    expect(await cancelled.json()).toMatchObject({ fulfilmentStatus: "cancelled", refund: "none", refunds: [] });
    const [refreshed] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    expect(refreshed).toMatchObject({ paymentStatus: "cod_due", capturedAmount: 0, refundedAmount: 0 });
  });
});

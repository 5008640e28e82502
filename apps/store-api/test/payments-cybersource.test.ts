import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCybersourceFake, transactionIdOf, type CybersourceFake } from "./fakes/cybersource-fake.ts";
import { signedInOwner } from "./admin-helpers.ts";
import { databaseKinds, postPayment, receiptFor, shopperDetails, startApi, type RunningApi } from "./harness.ts";
import {
  LogCapture,
  checkoutWithDetails,
  onlyAttempt,
  ordersOf,
  paymentState,
  postHandOverForm,
  startProviderPayment,
} from "./payment-helpers.ts";

const kinds = await databaseKinds();

describe.each(kinds)("Cybersource Secure Acceptance on %s", (kind) => {
  let gateway: CybersourceFake;
  let api: RunningApi;
  const logs = new LogCapture();
  const previousKey = {
    accessKey: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    secretKey: "the-retiring-secret-key-0123456789",
  };

  beforeAll(async () => {
    gateway = await startCybersourceFake();
    api = await startApi(kind, {
      paymentMethods: ["cybersource", "cod"],
      paymentSettings: {
        cybersource: {
          displayName: "NIC Asia Bank",
          profileId: gateway.profileId,
          key: { accessKey: gateway.accessKey, secretKey: gateway.secretKey },
          previousKey,
          payUrl: gateway.payUrl,
          currencies: ["USD"],
          rest: { ...gateway.rest, apiUrl: gateway.url },
        },
      },
      logger: logs.logger,
    });
    gateway.merchantPostUrl = `${api.baseUrl}/payments/cybersource/webhook`;
  });
  afterAll(async () => {
    await api.close();
    await gateway.close();
  });

  /** A US checkout ($29.99 + $12.99 shipping) sent to the gateway: its hand-over form, posted to the fake. */
  async function startCard() {
    const sessionId = await checkoutWithDetails(api, 1, shopperDetails.US);
    const continueUrl = await startProviderPayment(api, sessionId, "cybersource");
    const handOver = await postHandOverForm(api, continueUrl);
    const attempt = await onlyAttempt(api.db, sessionId);
    return { sessionId, continueUrl, attempt, handOver };
  }

  const browserReturn = (sessionId: string, fields: Record<string, string>) =>
    fetch(`${api.baseUrl}/checkout/${sessionId}/return/cybersource`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const notify = (fields: Record<string, string>) =>
    fetch(`${api.baseUrl}/payments/cybersource/webhook`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("sends the shopper with a signed sale form in dollars, with the delivery details, which the gateway accepts", async () => {
    const { attempt, handOver } = await startCard();
    expect(handOver.response.status).toBe(200);
    expect(handOver.action).toBe(gateway.payUrl);
    expect(handOver.posted.status).toBe(200);
    expect(gateway.forms.at(-1)?.accepted).toBe(true);
    const fields = Object.fromEntries(handOver.fields);
    expect(fields).toMatchObject({
      transaction_type: "sale",
      reference_number: attempt.reference,
      amount: "42.98",
      currency: "USD",
      bill_to_forename: "Jordan",
      bill_to_surname: "Lee",
      bill_to_email: "jordan@example.com",
      bill_to_address_city: "San Francisco",
      bill_to_address_state: "CA",
      bill_to_address_country: "US",
      bill_to_address_postal_code: "94105",
      override_custom_receipt_page: `http://api.test/checkout/${attempt.sessionId}/return/cybersource`,
    });
    expect(attempt).toMatchObject({ amount: 4298, currencyCode: "USD", providerAmount: 4298 });
    // Every field but the signature is signed.
    expect(fields.signed_field_names?.split(",").sort()).toEqual(
      Object.keys(fields)
        .filter((name) => name !== "signature")
        .sort(),
    );
    // The page allows exactly that form action, and never shows the secret key.
    const policy = handOver.response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`form-action 'self' http://shop.test ${gateway.url}`);
    const page = await (await fetch(`${api.baseUrl}/checkout/${attempt.sessionId}/continue/${attempt.id}`)).text();
    expect(page).not.toContain(gateway.secretKey);
  });

  it("places the order from the notification, and the shopper's return then finds it", async () => {
    const { sessionId, attempt } = await startCard();
    const fields = await gateway.decide(attempt.reference, "ACCEPT");
    expect(gateway.notifications.at(-1)?.status).toBe(200);
    const [order] = await ordersOf(api.db, sessionId);
    expect(order).toMatchObject({
      paymentMethod: "card",
      paymentProvider: "cybersource",
      paymentStatus: "paid",
      paymentReference: transactionIdOf(attempt.reference),
      totalAmount: 4298,
      currencyCode: "USD",
    });
    const back = await browserReturn(sessionId, fields);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(
      `http://shop.test/success?order=${order?.number}&receipt=${receiptFor(order)}`,
    );
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
  });

  it("places the order from the shopper's return when no notification came, and a late notification changes nothing", async () => {
    const { sessionId, attempt } = await startCard();
    const fields = await gateway.decide(attempt.reference, "ACCEPT", { notify: false });
    const back = await browserReturn(sessionId, fields);
    const [order] = await ordersOf(api.db, sessionId);
    expect(back.headers.get("location")).toBe(
      `http://shop.test/success?order=${order?.number}&receipt=${receiptFor(order)}`,
    );
    expect(order?.paymentReference).toBe(transactionIdOf(attempt.reference));
    const before = await paymentState(api.db);
    // The same notification, late and then replayed.
    expect((await notify(fields)).status).toBe(200);
    expect((await notify(fields)).status).toBe(200);
    expect(await paymentState(api.db)).toEqual(before);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
  });

  it("returns a declined or cancelled payment to the payment step, charging nothing, and lets the shopper pay again", async () => {
    for (const decision of ["DECLINE", "CANCEL", "ERROR"] as const) {
      const { sessionId, attempt } = await startCard();
      const fields = await gateway.decide(attempt.reference, decision);
      expect(gateway.notifications.at(-1)?.status).toBe(200);
      const back = await browserReturn(sessionId, fields);
      expect(back.headers.get("location")).toBe(`/checkout/${sessionId}`);
      expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
      expect((await onlyAttempt(api.db, sessionId)).status).toBe("failed");
      const step = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      expect(step).toContain("Your NIC Asia Bank payment was not completed, and nothing was charged.");
      // The shopper tries again; this time the card goes through.
      expect((await postPayment(api.baseUrl, sessionId, "cybersource")).status).toBe(303);
    }
  });

  it("refuses a reply signed with another key, unsigned, or missing a signed field, and records nothing", async () => {
    const { sessionId, attempt } = await startCard();
    const good = gateway.reply(attempt.reference, "ACCEPT");
    const forged = gateway.reply(attempt.reference, "ACCEPT", {}, "a-key-the-shop-never-had-000000");
    const unsigned: Record<string, string> = { ...good };
    delete unsigned.signature;
    const withoutAmount = gateway.reply(attempt.reference, "ACCEPT");
    withoutAmount.signed_field_names = (withoutAmount.signed_field_names ?? "")
      .split(",")
      .filter((name) => name !== "req_amount")
      .join(",");
    const changed = { ...good, req_amount: "0.01", auth_amount: "0.01" };
    const before = await paymentState(api.db);
    for (const fields of [forged, unsigned, withoutAmount, changed]) {
      expect((await notify(fields)).status).toBe(400);
      const back = await browserReturn(sessionId, fields);
      expect(back.headers.get("location")).toBe(`/checkout/${sessionId}`);
      expect(await paymentState(api.db)).toEqual(before);
    }
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
    expect(logs.text()).not.toContain(gateway.secretKey);
  });

  it("refuses a correctly signed reply whose amount or currency is not the attempt's, and records nothing", async () => {
    const { sessionId, attempt } = await startCard();
    const before = await paymentState(api.db);
    for (const overrides of [
      { req_amount: "4.29" },
      { req_currency: "NPR" },
      { req_profile_id: "ANOTHER-PROFILE" },
    ] as Record<string, string>[]) {
      const fields = gateway.reply(attempt.reference, "ACCEPT", overrides);
      expect((await notify(fields)).status).toBe(400);
      expect((await browserReturn(sessionId, fields)).headers.get("location")).toBe(`/checkout/${sessionId}`);
    }
    expect(await paymentState(api.db)).toEqual(before);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
  });

  it("refuses another checkout's paid reply brought to this checkout, and a notification about no payment of ours", async () => {
    const victim = await startCard();
    const other = await startCard();
    const paid = await gateway.decide(other.attempt.reference, "ACCEPT", { notify: false });
    const before = await paymentState(api.db);
    const back = await browserReturn(victim.sessionId, paid);
    expect(back.headers.get("location")).toBe(`/checkout/${victim.sessionId}`);
    expect(await paymentState(api.db)).toEqual(before);
    expect(await ordersOf(api.db, victim.sessionId)).toHaveLength(0);
    // A reply signed for a reference the shop never made.
    expect((await notify(gateway.reply("0b9d1c0e-made-up", "ACCEPT"))).status).toBe(400);
    expect(await paymentState(api.db)).toEqual(before);
    // The genuine owner of that reply still gets their order.
    expect((await notify(paid)).status).toBe(200);
    expect(await ordersOf(api.db, other.sessionId)).toHaveLength(1);
  });

  it("reads replies signed with the retiring key during a rotation, and signs new requests with the new one", async () => {
    const { sessionId, attempt, handOver } = await startCard();
    expect(handOver.fields.get("access_key")).toBe(gateway.accessKey);
    const fields = gateway.reply(
      attempt.reference,
      "ACCEPT",
      { req_access_key: previousKey.accessKey },
      previousKey.secretKey,
    );
    // The retiring key's reply claiming the current access key is not accepted.
    const mixed = gateway.reply(attempt.reference, "ACCEPT", {}, previousKey.secretKey);
    expect((await notify(mixed)).status).toBe(400);
    expect((await notify(fields)).status).toBe(200);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
  });

  it("asks the transaction search, signed, about payments whose replies were all lost: a capture is placed, the rest wait", async () => {
    const paid = await startCard();
    const declined = await startCard();
    await gateway.decide(paid.attempt.reference, "ACCEPT", { notify: false });
    await gateway.decide(declined.attempt.reference, "DECLINE", { notify: false });
    const report = await api.app.reconcilePayments(true);
    expect(gateway.searches).toEqual(expect.arrayContaining([paid.attempt.reference, declined.attempt.reference]));
    expect(report.placed).toBeGreaterThanOrEqual(1);
    const [order] = await ordersOf(api.db, paid.sessionId);
    expect(order).toMatchObject({
      paymentProvider: "cybersource",
      paymentReference: transactionIdOf(paid.attempt.reference),
      totalAmount: 4298,
      currencyCode: "USD",
    });
    // A decline found no capture; within the shopper's time it is left open, its items held.
    expect((await onlyAttempt(api.db, declined.sessionId)).status).toBe("pending");
    expect(await ordersOf(api.db, declined.sessionId)).toHaveLength(0);
  });

  it("is not offered for a currency the bank does not settle", async () => {
    const sessionId = await checkoutWithDetails(api);
    const step = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    expect(step).not.toContain("Card (Visa, Mastercard)");
    const before = await paymentState(api.db);
    const refused = await postPayment(api.baseUrl, sessionId, "cybersource");
    expect(refused.headers.get("location") ?? "").not.toContain("/continue/");
    expect(await paymentState(api.db)).toEqual(before);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
  });

  it("refunds through the REST API, signed, a payment that arrived after the shopper cancelled the checkout", async () => {
    const { sessionId, attempt } = await startCard();
    const cancelled = await fetch(`${api.baseUrl}/checkout/${sessionId}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    await gateway.decide(attempt.reference, "ACCEPT");
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
    expect((await onlyAttempt(api.db, sessionId)).status).toBe("refunded");
    expect(gateway.refunds.at(-1)).toMatchObject({
      paymentId: transactionIdOf(attempt.reference),
      body: { orderInformation: { amountDetails: { totalAmount: "42.98", currency: "USD" } } },
    });
  });

  it("refunds a cancelled card order through the REST API when the owner cancels it", async () => {
    const { sessionId, attempt } = await startCard();
    await gateway.decide(attempt.reference, "ACCEPT");
    const [order] = await ordersOf(api.db, sessionId);
    if (order === undefined) throw new Error("no order");
    const owner = await signedInOwner(api, "cards@shop.test");
    const cancelled = await owner.action(order.number, { action: "cancel" });
    expect(await cancelled.json()).toMatchObject({ refund: "refunded", payment: { status: "refunded" } });
    expect(gateway.refunds.at(-1)?.paymentId).toBe(order.paymentReference);
  });
});

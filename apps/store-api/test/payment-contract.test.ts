import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outbox } from "../src/db/schema.ts";
import { type AdminClient, signedInOwner } from "./admin-helpers.ts";
import { startEsewaFake, type EsewaFake } from "./fakes/esewa-fake.ts";
import { startKhaltiFake, type KhaltiFake } from "./fakes/khalti-fake.ts";
import { startStripeFake, type StripeFake } from "./fakes/stripe-fake.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  payForm,
  sessionIdOf,
  kathmanduDetails,
  startApi,
  type RunningApi,
  receiptFor,
} from "./harness.ts";
import {
  attemptOf,
  attemptsOf,
  checkoutWithDetails,
  ordersOf,
  postHandOverForm,
  sessionStatus,
  startProviderPayment,
} from "./payment-helpers.ts";

const kinds = await databaseKinds();

/**
 * A payment is for the order it was started for. Details that change while it is open at a provider
 * never change what a capture becomes, and a capture that no longer matches the checkout is placed
 * as the order it paid for, or refunded in full; never lost, never inflated.
 */
describe.each(kinds)("a payment attempt is a contract, on %s", (kind) => {
  let api: RunningApi;
  let stripe: StripeFake;
  let khalti: KhaltiFake;
  let esewa: EsewaFake;
  let owner: AdminClient;

  beforeAll(async () => {
    stripe = await startStripeFake();
    khalti = await startKhaltiFake();
    esewa = await startEsewaFake();
    api = await startApi(kind, {
      paymentMethods: ["stripe", "khalti", "esewa", "sandbox", "cod"],
      paymentSettings: {
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
        khalti: { secretKey: khalti.secretKey, apiUrl: khalti.url },
        esewa: { productCode: esewa.productCode, secretKey: esewa.secretKey, apiUrl: esewa.url },
      },
      shopEmail: "owner@shop.test",
    });
    owner = await signedInOwner(api, "contract@shop.test");
  });
  afterAll(async () => {
    await api.close();
    await stripe.close();
    await khalti.close();
    await esewa.close();
  });

  /** Another address in the checkout's market (an address abroad belongs to another market's checkout). */
  const pokharaDetails = {
    ...kathmanduDetails,
    fullName: "Bimala Thapa",
    line1: "Lakeside Road 7",
    city: "Pokhara",
    region: "P4",
    district: "Kaski",
    postalCode: "33700",
  };
  const changeAddress = (sessionId: string) => enterDetails(api.baseUrl, sessionId, pokharaDetails);
  const returnTo = (sessionId: string, provider: string, query: URLSearchParams | string) =>
    fetch(`${api.baseUrl}/checkout/${sessionId}/return/${provider}?${query.toString()}`, { redirect: "manual" });

  async function onlyOrder(sessionId: string) {
    const placed = await ordersOf(api.db, sessionId);
    expect(placed).toHaveLength(1);
    const [order] = placed;
    if (order === undefined) throw new Error("no order");
    return order;
  }

  /** The order is exactly what the attempt was for: its Kathmandu details, free shipping and its amount. */
  async function expectOrderOfAttempt(sessionId: string, provider: string) {
    const attempt = await attemptOf(api.db, sessionId, provider);
    const order = await onlyOrder(sessionId);
    expect(order).toMatchObject({
      totalAmount: attempt.amount,
      shippingAmount: 0,
      subtotalAmount: attempt.amount,
      capturedAmount: attempt.amount,
      paymentAttemptId: attempt.id,
      customer: { country: "NP", address: { city: kathmanduDetails.city } },
    });
    const [confirmation] = await api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, "order_confirmation")));
    expect(confirmation?.data).toMatchObject({
      order: { totalAmount: attempt.amount, shippingAmount: 0, customer: { country: "NP" } },
    });
    return { attempt, order };
  }

  /** Cancelling in the back office gives back exactly what was captured, never more. */
  async function cancelAndExpectRefundOf(number: string, captured: number) {
    const cancelled = await owner.action(number, { action: "cancel" });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const body = (await cancelled.json()) as { refunds: { amount: { amount: number } }[] };
    expect(body.refunds.map((refund) => refund.amount.amount)).toEqual([captured]);
    const [row] = await api.db.select().from(orders).where(eq(orders.number, number));
    const [email] = await api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, row?.id ?? ""), eq(outbox.kind, "order_cancelled")));
    expect(email?.data).toMatchObject({ refundAmount: captured });
    return row;
  }

  describe("details changed while a payment is open", () => {
    it("Stripe: a payment made before the change becomes the order it paid for, not the new details", async () => {
      const sessionId = await checkoutWithDetails(api);
      await startProviderPayment(api, sessionId, "stripe");
      const started = await attemptOf(api.db, sessionId, "stripe");
      stripe.pay(started.reference);
      // The shopper paid, then went back and posted another address before returning.
      const changed = await changeAddress(sessionId);
      const { order } = await expectOrderOfAttempt(sessionId, "stripe");
      expect(changed.headers.get("location")).toBe(
        `http://shop.test/success?order=${order.number}&receipt=${receiptFor(order)}`,
      );
      const refunded = await cancelAndExpectRefundOf(order.number, started.amount);
      expect(refunded?.paymentStatus).toBe("refunded");
      expect(stripe.refunds.filter((refund) => refund.payment_intent === order.paymentReference)).toMatchObject([
        { amount: started.providerAmount },
      ]);
    });

    it("Stripe: an unpaid payment is stopped at Stripe before the new details are saved, and the next is for them", async () => {
      const sessionId = await checkoutWithDetails(api);
      await startProviderPayment(api, sessionId, "stripe");
      const first = await attemptOf(api.db, sessionId, "stripe");
      expect((await changeAddress(sessionId)).headers.get("location")).toBe(`/checkout/${sessionId}`);
      expect(stripe.sessions.get(first.reference)?.status).toBe("expired");
      expect((await attemptOf(api.db, sessionId, "stripe")).status).toBe("failed");
      // Paying now is for the new address.
      await startProviderPayment(api, sessionId, "stripe");
      const second = (await attemptsOf(api.db, sessionId)).find((row) => row.status === "pending");
      if (second === undefined) throw new Error("no second attempt");
      expect(second).toMatchObject({
        shippingAmount: 0,
        amount: first.amount,
        customer: { country: "NP", fullName: "Bimala Thapa", address: { city: "Pokhara" } },
      });
      expect(stripe.sessions.get(second.reference)?.amount_total).toBe(second.providerAmount);
      stripe.pay(second.reference);
      const back = await returnTo(sessionId, "stripe", `reference=${second.reference}`);
      const order = await onlyOrder(sessionId);
      expect(back.headers.get("location")).toBe(
        `http://shop.test/success?order=${order.number}&receipt=${receiptFor(order)}`,
      );
      expect(order).toMatchObject({ totalAmount: second.amount, customer: { address: { city: "Pokhara" } } });
    });

    it("Khalti: the payment is superseded, not failed, and when it completes it becomes the Nepal order it paid for", async () => {
      const sessionId = await checkoutWithDetails(api);
      await startProviderPayment(api, sessionId, "khalti");
      const started = await attemptOf(api.db, sessionId, "khalti");
      expect((await changeAddress(sessionId)).headers.get("location")).toBe(`/checkout/${sessionId}`);
      expect((await attemptOf(api.db, sessionId, "khalti")).status).toBe("superseded");
      // Khalti cannot cancel it: the shopper completes it in the other tab and comes back.
      khalti.complete(started.reference);
      const back = await returnTo(sessionId, "khalti", khalti.callbackQuery(started.reference));
      const { order } = await expectOrderOfAttempt(sessionId, "khalti");
      expect(back.headers.get("location")).toBe(
        `http://shop.test/success?order=${order.number}&receipt=${receiptFor(order)}`,
      );
      expect(order.paymentReference).toBe(khalti.payments.get(started.reference)?.transactionId);
      await cancelAndExpectRefundOf(order.number, started.amount);
      expect(khalti.payments.get(started.reference)?.status).toBe("Refunded");
    });

    it("eSewa: the payment is superseded, and a completed one becomes the Nepal order it paid for", async () => {
      const sessionId = await checkoutWithDetails(api);
      await postHandOverForm(api, await startProviderPayment(api, sessionId, "esewa"));
      const started = await attemptOf(api.db, sessionId, "esewa");
      expect((await changeAddress(sessionId)).headers.get("location")).toBe(`/checkout/${sessionId}`);
      expect((await attemptOf(api.db, sessionId, "esewa")).status).toBe("superseded");
      esewa.complete(started.reference);
      const back = await returnTo(
        sessionId,
        "esewa",
        `data=${encodeURIComponent(esewa.successData(started.reference))}`,
      );
      const { order } = await expectOrderOfAttempt(sessionId, "esewa");
      expect(back.headers.get("location")).toBe(
        `http://shop.test/success?order=${order.number}&receipt=${receiptFor(order)}`,
      );
      // eSewa has no refund API: the cancellation leaves exactly the captured amount for the owner to refund.
      const cancelled = await cancelAndExpectRefundOf(order.number, started.amount);
      expect(cancelled?.paymentStatus).toBe("refund_due");
    });

    it("never lets details change under a payment the shop is still starting (a second saving is refused)", async () => {
      const sessionId = await checkoutWithDetails(api);
      await startProviderPayment(api, sessionId, "khalti");
      // The new details arrive: the pending Khalti payment is superseded first, then they are saved.
      expect((await changeAddress(sessionId)).status).toBe(303);
      const step = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      expect(step).toContain("Lakeside Road 7");
      expect((await attemptOf(api.db, sessionId, "khalti")).status).toBe("superseded");
    });
  });

  describe("a superseded payment that completes", () => {
    it("is refunded in full when the checkout was paid another way", async () => {
      const sessionId = await checkoutWithDetails(api);
      await startProviderPayment(api, sessionId, "khalti");
      const first = await attemptOf(api.db, sessionId, "khalti");
      // The shopper gives up on Khalti and pays cash on delivery instead.
      const cod = await fetch(`${api.baseUrl}/checkout/${sessionId}/pay/cod`, { method: "POST", redirect: "manual" });
      expect(cod.headers.get("location")).toMatch(/payment=cod&receipt=[\w-]{22}$/);
      expect((await attemptOf(api.db, sessionId, "khalti")).status).toBe("superseded");
      khalti.complete(first.reference);
      api.clock.advance(3 * 60_000);
      await api.app.reconcilePayments(false);
      expect((await attemptOf(api.db, sessionId, "khalti")).status).toBe("refunded");
      expect(khalti.payments.get(first.reference)?.status).toBe("Refunded");
      const order = await onlyOrder(sessionId);
      expect(order.paymentProvider).toBe("cod");
    });
  });

  describe("two shoppers behind one address (carrier NAT)", () => {
    it("both check out the same item and both pay", async () => {
      const checkout = async (cartToken: string) => {
        const response = await fetch(`${api.storeUrl}/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]), cartToken }),
        });
        expect(response.status).toBe(200);
        return sessionIdOf(((await response.json()) as { url: string }).url);
      };
      const first = await checkout(randomBytes(16).toString("base64url"));
      expect((await enterDetails(api.baseUrl, first)).status).toBe(303);
      const second = await checkout(randomBytes(16).toString("base64url"));
      expect(await sessionStatus(api.db, first)).toBe("open");
      const paidFirst = await payForm(api.baseUrl, first, { number: "4242424242424242" }, false);
      const paidSecond = await payForm(api.baseUrl, second, { number: "4242424242424242" });
      expect(paidFirst.headers.get("location")).toMatch(
        /^http:\/\/shop\.test\/success\?order=HS-\d+&receipt=[\w-]{22}$/,
      );
      expect(paidSecond.headers.get("location")).toMatch(
        /^http:\/\/shop\.test\/success\?order=HS-\d+&receipt=[\w-]{22}$/,
      );
      expect(await ordersOf(api.db, first)).toHaveLength(1);
      expect(await ordersOf(api.db, second)).toHaveLength(1);
    });
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, outbox, paymentAttempts } from "../src/db/schema.ts";
import { AdminClient, addOwner } from "./admin-helpers.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  kathmanduDetails,
  postPayment,
  sessionIdOf,
  snapshot,
  startApi,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();
const hour = 3_600_000;

/**
 * Cash on delivery costs nothing to order, so it waits for the shop's confirming call with its
 * stock held, not sold; one phone or email may have only so many waiting, a shared address ten times as many;
 * one order has a ceiling;
 * unconfirmed orders expire and give their stock back, and are neither revenue nor cash to collect.
 */
describe.each(kinds)("cash on delivery before the shop's call, on %s", (kind) => {
  let api: RunningApi;
  let owner: AdminClient;
  let shopper = 0;

  beforeAll(async () => {
    api = await startApi(kind, {
      trustProxy: 1,
      // Rs 10,000: two jars of resin (Rs 2,400) pass, ten do not.
      cashOnDelivery: { openLimit: 3, maxTotal: 1_000_000, confirmWithinMs: 48 * hour },
      shopEmail: "owner@shop.test",
    });
    await addOwner(api);
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(async () => {
    shopper += 1;
    // Tests move the clock by days, past a session's idle limit: each signs in afresh.
    owner = await AdminClient.signIn(api);
  });

  /** A cash-on-delivery order from an address, with these details; answers the payment's response. */
  async function orderCash(
    address: string,
    details: Record<string, string>,
    quantity = 1,
  ): Promise<{ status: number; location: string; sessionId: string }> {
    const created = await fetch(`${api.storeUrl}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(checkoutBody([{ variant_id: "var_resin_10g", quantity }])),
    });
    expect(created.status).toBe(200);
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(api.baseUrl, sessionId, details)).status).toBe(303);
    const paid = await postPayment(api.baseUrl, sessionId, "cod");
    return { status: paid.status, location: paid.headers.get("location") ?? "", sessionId };
  }
  const someone = (n: number) => ({
    ...kathmanduDetails,
    email: `buyer${shopper}-${n}@example.com`,
    phone: `98${String(shopper).padStart(2, "0")}${String(n).padStart(6, "0")}`,
  });
  const placedNumber = (location: string) => new URL(location, "http://shop.test").searchParams.get("order");
  const stepMessage = async (sessionId: string) => (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
  async function orderOf(number: string) {
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    if (order === undefined) throw new Error(`no order ${number}`);
    return order;
  }
  async function emailsOf(number: string, kindOf: string) {
    const order = await orderOf(number);
    return api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, kindOf)));
  }

  it("holds the stock of an unconfirmed order, sells it once the owner confirms by phone, and tells the shopper each time", async () => {
    const before = (await snapshot(api.db)).stock.var_resin_10g;
    const placed = await orderCash(`203.0.113.${shopper}`, someone(1), 2);
    const number = placedNumber(placed.location) ?? "";
    expect(await orderOf(number)).toMatchObject({ fulfilmentStatus: "unconfirmed", paymentStatus: "cod_due" });
    const held = (await snapshot(api.db)).stock.var_resin_10g;
    expect(held).toEqual({ onHand: before?.onHand, reserved: (before?.reserved ?? 0) + 2 });
    const [confirmation] = await emailsOf(number, "order_confirmation");
    expect(confirmation?.data).toMatchObject({ order: { awaitingConfirmation: true } });
    const [notice] = await emailsOf(number, "new_order_notice");
    expect(notice?.data).toMatchObject({ order: { awaitingConfirmation: true } });
    // The owner cannot pack or ship it before confirming it.
    expect((await owner.action(number, { action: "pack" })).status).toBe(409);
    const confirmed = await owner.action(number, { action: "confirm" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      fulfilmentStatus: "unfulfilled",
      actions: ["pack", "ship", "cancel"],
    });
    expect((await snapshot(api.db)).stock.var_resin_10g).toEqual({
      onHand: (before?.onHand ?? 0) - 2,
      reserved: before?.reserved,
    });
    expect(await emailsOf(number, "order_confirmed")).toHaveLength(1);
    // Confirming again changes nothing.
    expect((await owner.action(number, { action: "confirm" })).status).toBe(200);
    expect(await emailsOf(number, "order_confirmed")).toHaveLength(1);
  });

  it("gives the held stock back when an unconfirmed order is cancelled, with nothing to refund", async () => {
    const before = (await snapshot(api.db)).stock.var_resin_10g;
    const placed = await orderCash(`203.0.113.${shopper}`, someone(1), 3);
    const number = placedNumber(placed.location) ?? "";
    const cancelled = await owner.action(number, { action: "cancel", reason: "no answer on the phone" });
    expect(await cancelled.json()).toMatchObject({ fulfilmentStatus: "cancelled", refund: "none", refunds: [] });
    expect((await snapshot(api.db)).stock.var_resin_10g).toEqual(before);
    expect((await emailsOf(number, "order_cancelled"))[0]?.data).toMatchObject({ refund: "none" });
  });

  it("cancels an order left unconfirmed past COD_CONFIRM_HOURS, gives its stock back and emails the shopper", async () => {
    const before = (await snapshot(api.db)).stock.var_resin_10g;
    const number = placedNumber((await orderCash(`203.0.113.${shopper}`, someone(1))).location) ?? "";
    api.clock.advance(47 * hour);
    expect((await api.app.sweepExpired()).unconfirmedOrders).toBe(0);
    expect((await orderOf(number)).fulfilmentStatus).toBe("unconfirmed");
    api.clock.advance(2 * hour);
    expect((await api.app.sweepExpired()).unconfirmedOrders).toBe(1);
    expect(await orderOf(number)).toMatchObject({ fulfilmentStatus: "cancelled", paymentStatus: "cod_due" });
    expect((await snapshot(api.db)).stock.var_resin_10g).toEqual(before);
    expect(await emailsOf(number, "order_cancelled")).toHaveLength(1);
    owner = await AdminClient.signIn(api);
    const detail = await owner.get<{ history: { actor: string; summary: string }[] }>(`/orders/${number}`);
    expect(detail.history.at(-1)).toMatchObject({
      actor: "system",
      summary: "Cancelled (not confirmed within 48 hours)",
    });
    // A second sweep finds nothing more to do.
    expect((await api.app.sweepExpired()).unconfirmedOrders).toBe(0);
  });

  it("lets one shared address hold 30 unconfirmed cash orders of different shoppers (ten times a person's 3), even sent all at once, and the refusal changes nothing", async () => {
    const address = `198.51.100.${shopper}`;
    const before = await snapshot(api.db);
    const people = Array.from({ length: 32 }, (_, index) => index + 1);
    const rush = await Promise.all(people.map((n) => orderCash(address, someone(n))));
    const placed = rush.filter((answer) => answer.location.includes("/success?order="));
    const refused = rush.filter((answer) => answer.location.startsWith("/checkout/"));
    expect(placed).toHaveLength(30);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(await stepMessage(answer.sessionId)).toContain(
        "Many cash-on-delivery orders from your internet connection are waiting for our call to confirm them. Please pay online",
      );
      expect(
        await api.db.select().from(paymentAttempts).where(eq(paymentAttempts.sessionId, answer.sessionId)),
      ).toEqual([]);
    }
    expect((await snapshot(api.db)).orders).toBe(before.orders + 30);
    // Once the shop has confirmed one, the address may order again.
    const first = placedNumber(placed[0]?.location ?? "") ?? "";
    expect((await owner.action(first, { action: "confirm" })).status).toBe(200);
    expect((await orderCash(address, someone(40))).location).toContain("/success?order=");
  });

  it("counts one phone and one email across addresses", async () => {
    const samePhone = someone(1);
    for (const n of [1, 2, 3]) {
      const answer = await orderCash(`192.0.2.${shopper * 10 + n}`, {
        ...samePhone,
        email: `p${shopper}-${n}@example.com`,
      });
      expect(answer.location).toContain("/success?order=");
    }
    const phoneAgain = await orderCash(`192.0.2.${shopper * 10 + 4}`, {
      ...samePhone,
      email: `p${shopper}-4@example.com`,
    });
    expect(phoneAgain.location).toBe(`/checkout/${phoneAgain.sessionId}`);

    const sameEmail = someone(50);
    for (const n of [1, 2, 3]) {
      const answer = await orderCash(`192.0.2.${shopper * 10 + 5 + n}`, {
        ...sameEmail,
        phone: `97${String(shopper).padStart(2, "0")}${String(n).padStart(6, "0")}`,
        email: n === 2 ? sameEmail.email.toUpperCase() : sameEmail.email,
      });
      expect(answer.location).toContain("/success?order=");
    }
    const emailAgain = await orderCash("192.0.2.250", {
      ...sameEmail,
      phone: `97${String(shopper).padStart(2, "0")}${String(9).padStart(6, "0")}`,
    });
    expect(emailAgain.location).toBe(`/checkout/${emailAgain.sessionId}`);
  });

  it("refuses a cash order above COD_MAX_TOTAL and offers to pay online, changing nothing", async () => {
    const before = await snapshot(api.db);
    const large = await orderCash(`203.0.113.${shopper}`, someone(1), 10);
    expect(large.location).toBe(`/checkout/${large.sessionId}`);
    expect(await stepMessage(large.sessionId)).toContain(
      "Cash on delivery takes orders of up to Rs. 10000.00; this one is Rs. 12000.00. Please pay online, or split the order.",
    );
    expect((await snapshot(api.db)).orders).toBe(before.orders);
  });
});

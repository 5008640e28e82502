import type { AdminOrderDetail, AdminOverview, AdminOwedPayments } from "@herbo/hosted-api/admin";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { includedTax } from "@herbo/hosted-api";
import { markets, orderRefunds, orders, outbox, variants } from "../src/db/schema.ts";
import { type AdminClient, placeTestOrder, signedInOwner } from "./admin-helpers.ts";
import { startEsewaFake, type EsewaFake } from "./fakes/esewa-fake.ts";
import { startKhaltiFake, type KhaltiFake } from "./fakes/khalti-fake.ts";
import { databaseKinds, shopperDetails, startApi, type RunningApi } from "./harness.ts";
import {
  attemptOf,
  checkoutWithDetails,
  ordersOf,
  postHandOverForm,
  sessionStatus,
  startProviderPayment,
} from "./payment-helpers.ts";

const kinds = await databaseKinds();
const ship = { action: "ship", carrier: "Nepal Post", trackingNumber: "RR123456785NP" };

/** The owner's money back: returns, refunds by hand and by provider, corrections and undone steps. */
describe.each(kinds)("refunds, returns and corrections in the back office, on %s", (kind) => {
  let api: RunningApi;
  let khalti: KhaltiFake;
  let esewa: EsewaFake;
  let owner: AdminClient;

  beforeAll(async () => {
    khalti = await startKhaltiFake();
    esewa = await startEsewaFake();
    api = await startApi(kind, {
      paymentMethods: ["khalti", "esewa", "sandbox", "cod"],
      paymentSettings: {
        khalti: { secretKey: khalti.secretKey, apiUrl: khalti.url },
        esewa: { productCode: esewa.productCode, secretKey: esewa.secretKey, apiUrl: esewa.url },
      },
    });
    owner = await signedInOwner(api);
  });
  afterAll(async () => {
    await api.close();
    await khalti.close();
    await esewa.close();
  });

  const detail = (number: string) => owner.get<AdminOrderDetail>(`/orders/${number}`);
  async function act(number: string, body: Record<string, unknown>, status = 200) {
    const response = await owner.action(number, body);
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as AdminOrderDetail & { error?: { code: string; message: string } };
  }
  async function emailsOf(number: string, kind: string) {
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    return api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order?.id ?? ""), eq(outbox.kind, kind)))
      .orderBy(asc(outbox.createdAt));
  }
  async function onHand(variantId: string): Promise<number> {
    const [row] = await api.db.select().from(variants).where(eq(variants.id, variantId));
    return row?.stockOnHand ?? -1;
  }
  /** A delivered order of two resin jars, paid with Khalti. */
  async function deliveredKhaltiOrder(): Promise<{ number: string; pidx: string }> {
    const sessionId = await checkoutWithDetails(api, 2);
    await startProviderPayment(api, sessionId, "khalti");
    const { reference } = await attemptOf(api.db, sessionId, "khalti");
    khalti.complete(reference);
    await fetch(`${api.baseUrl}/checkout/${sessionId}/return/khalti?${khalti.callbackQuery(reference).toString()}`, {
      redirect: "manual",
    });
    const [order] = await ordersOf(api.db, sessionId);
    if (order === undefined) throw new Error("no Khalti order");
    await act(order.number, ship);
    await act(order.number, { action: "deliver" });
    return { number: order.number, pidx: reference };
  }

  it("takes a partial return: one of two units back on the shelf, a partial refund through Khalti, the shopper emailed", async () => {
    const { number, pidx } = await deliveredKhaltiOrder();
    const before = await detail(number);
    const unit = before.lines[0]?.unitPrice.amount ?? 0;
    const stock = await onHand("var_resin_10g");
    const returned = await act(number, {
      action: "take_return",
      lines: [{ position: 1, quantity: 1 }],
      restock: true,
      refundAmount: unit,
      reason: "jar arrived cracked",
    });
    expect(returned).toMatchObject({
      fulfilmentStatus: "delivered",
      payment: { status: "partially_refunded" },
      refunded: { amount: unit },
      refundable: { amount: before.captured.amount - unit },
      refunds: [
        {
          kind: "return",
          status: "succeeded",
          provider: "khalti",
          amount: { amount: unit },
          reason: "jar arrived cracked",
        },
      ],
    });
    expect(returned.lines[0]?.returnedQuantity).toBe(1);
    expect(await onHand("var_resin_10g")).toBe(stock + 1);
    expect(khalti.refundAmounts.at(-1)).toBe(unit);
    expect(khalti.payments.get(pidx)?.status).toBe("Partially refunded");
    const [email] = await emailsOf(number, "order_returned");
    expect(email?.data).toMatchObject({ refund: "refunded", refundAmount: unit, lines: [{ quantity: 1 }] });

    // The second unit comes back too, without a refund and not restocked: every unit back, the order is returned.
    const rest = await act(number, {
      action: "take_return",
      lines: [{ position: 1, quantity: 1 }],
      restock: false,
      refundAmount: 0,
    });
    expect(rest).toMatchObject({ fulfilmentStatus: "returned", payment: { status: "partially_refunded" } });
    expect(await onHand("var_resin_10g")).toBe(stock + 1);
    expect(await emailsOf(number, "order_returned")).toHaveLength(2);
  });

  it("refuses a return of more than was sold, more money than is left, a line named twice, or nothing at all, and changes nothing", async () => {
    const { number } = await deliveredKhaltiOrder();
    const before = await detail(number);
    const refusals = [
      { lines: [{ position: 1, quantity: 3 }], refundAmount: 0 },
      { lines: [{ position: 9, quantity: 1 }], refundAmount: 0 },
      { lines: [], refundAmount: before.captured.amount + 1 },
      {
        lines: [
          { position: 1, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
        refundAmount: 0,
      },
      { lines: [], refundAmount: 0 },
    ];
    for (const refusal of refusals) {
      const answer = await act(number, { action: "take_return", restock: true, ...refusal }, 409);
      expect(answer.error?.code).toBe("action_not_allowed");
      expect(answer.error?.message).toMatch(/^Cannot (take a return|refund that much)/);
    }
    expect(await detail(number)).toEqual(before);
    for (const malformed of [
      { lines: [{ position: 1, quantity: 0 }], refundAmount: 0 },
      { lines: [{ position: 1, quantity: 1 }], refundAmount: -5 },
      { lines: [{ position: 1, quantity: 1 }], refundAmount: 1.5 },
    ]) {
      await act(number, { action: "take_return", restock: true, ...malformed }, 400);
    }
  });

  it("records a refund made by hand: an eSewa order cancelled, its refund to make, then recorded with a note", async () => {
    const sessionId = await checkoutWithDetails(api);
    await postHandOverForm(api, await startProviderPayment(api, sessionId, "esewa"));
    const { reference } = await attemptOf(api.db, sessionId, "esewa");
    esewa.complete(reference);
    await fetch(
      `${api.baseUrl}/checkout/${sessionId}/return/esewa?data=${encodeURIComponent(esewa.successData(reference))}`,
      {
        redirect: "manual",
      },
    );
    const [order] = await ordersOf(api.db, sessionId);
    if (order === undefined) throw new Error("no eSewa order");
    const cancelled = await act(order.number, { action: "cancel" });
    expect(cancelled).toMatchObject({
      refund: "to_make",
      payment: { status: "refund_due" },
      actions: ["record_refund"],
    });
    const refundId = cancelled.refunds[0]?.id ?? "";
    expect((await emailsOf(order.number, "order_cancelled"))[0]?.data).toMatchObject({
      refund: "to_make",
      refundAmount: order.totalAmount,
    });
    // Sending it again is for a provider's refused refund, not one that only the owner can make.
    await act(order.number, { action: "retry_refund", refundId }, 409);
    await act(order.number, { action: "record_refund", refundId: "rf_someone_elses", note: "x" }, 409);
    const recorded = await act(order.number, {
      action: "record_refund",
      refundId,
      note: "eSewa merchant portal, ref 88412",
    });
    expect(recorded).toMatchObject({
      refund: "refunded",
      payment: { status: "refunded" },
      refunds: [{ status: "succeeded", note: "eSewa merchant portal, ref 88412" }],
      actions: [],
    });
    expect(recorded.history.at(-1)?.summary).toContain("recorded as made: eSewa merchant portal, ref 88412");
    expect((await emailsOf(order.number, "order_refunded"))[0]?.data).toMatchObject({
      refundAmount: order.totalAmount,
    });
    // Recording it again is refused: the money went back once.
    await act(order.number, { action: "record_refund", refundId, note: "again" }, 409);
  });

  it("keeps a refund the provider refused for the owner, who sends it again once it can go through", async () => {
    const { number, pidx } = await deliveredKhaltiOrder();
    const payment = khalti.payments.get(pidx);
    if (payment === undefined) throw new Error("no fake payment");
    // Khalti refuses refunds of this transaction for now.
    payment.status = "Pending";
    const unit = (await detail(number)).lines[0]?.unitPrice.amount ?? 0;
    const failed = await act(number, {
      action: "take_return",
      lines: [{ position: 1, quantity: 1 }],
      restock: true,
      refundAmount: unit,
    });
    expect(failed).toMatchObject({
      payment: { status: "refund_due" },
      refund: "to_make",
      refunds: [{ status: "failed", provider: "khalti" }],
    });
    expect(failed.refunds[0]?.lastError).toContain("Khalti refused the refund");
    expect(failed.actions).toEqual(expect.arrayContaining(["record_refund", "retry_refund"]));
    expect((await emailsOf(number, "order_returned"))[0]?.data).toMatchObject({
      refund: "to_make",
      refundAmount: unit,
    });
    payment.status = "Completed";
    const retried = await act(number, { action: "retry_refund", refundId: failed.refunds[0]?.id });
    expect(retried).toMatchObject({ payment: { status: "partially_refunded" }, refunds: [{ status: "succeeded" }] });
    expect((await emailsOf(number, "order_refunded"))[0]?.data).toMatchObject({ refundAmount: unit });
  });

  it("corrects a carrier and tracking number after shipping, and emails the shopper the new one once", async () => {
    const number = await placeTestOrder(api);
    await act(number, ship);
    // A minute later, so the two emails are in a known order.
    api.clock.advance(60_000);
    const corrected = {
      action: "correct_shipment",
      carrier: "DHL Express",
      trackingNumber: "1234567890",
      trackingUrl: "https://dhl.test/1234567890",
    };
    const answer = await act(number, corrected);
    expect(answer.shipment).toEqual({
      carrier: "DHL Express",
      trackingNumber: "1234567890",
      trackingUrl: "https://dhl.test/1234567890",
    });
    expect(answer.history.at(-1)?.summary).toContain("Shipment corrected: DHL Express, tracking number 1234567890");
    // The same correction again changes nothing and sends nothing.
    await act(number, corrected);
    const shipped = await emailsOf(number, "order_shipped");
    expect(shipped.map((email) => email.data)).toMatchObject([
      { carrier: "Nepal Post", trackingNumber: "RR123456785NP" },
      { carrier: "DHL Express", trackingNumber: "1234567890", corrected: true },
    ]);
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    const page = await (await fetch(`${api.baseUrl}/orders/${order?.accessToken}`)).text();
    expect(page).toContain("Tracking number: <strong>1234567890</strong>");
    // Not before shipping.
    const unshipped = await placeTestOrder(api);
    await act(unshipped, corrected, 409);
  });

  it("undoes a wrong 'delivered' and a wrong 'cash collected', with history, but not cash that was partly refunded", async () => {
    const number = await placeTestOrder(api, { method: "cod" });
    await act(number, { action: "confirm" });
    await act(number, ship);
    await act(number, { action: "deliver" });
    const undone = await act(number, { action: "undo_delivery" });
    expect(undone.fulfilmentStatus).toBe("shipped");
    await act(number, { action: "deliver" });
    const collected = await act(number, { action: "collect_cash" });
    expect(collected.payment.status).toBe("cod_collected");
    expect(collected.captured.amount).toBe(collected.total.amount);
    const uncollected = await act(number, { action: "undo_cash_collection" });
    expect(uncollected).toMatchObject({ payment: { status: "cod_due", paidAt: null }, captured: { amount: 0 } });
    expect(uncollected.history.slice(-1)[0]?.summary).toBe("Cash collection undone: the cash is still to collect");
    // Cash refunded in part (a return paid back by hand) cannot be un-collected.
    await act(number, { action: "collect_cash" });
    const returned = await act(number, { action: "take_return", lines: [], restock: false, refundAmount: 100 });
    expect(returned.refunds[0]).toMatchObject({ status: "to_make", provider: null });
    await act(number, { action: "record_refund", refundId: returned.refunds[0]?.id, note: "cash handed back" });
    const refused = await act(number, { action: "undo_cash_collection" }, 409);
    expect(refused.error?.message).toBe("Cannot undo the cash collection: it is partly refunded.");
  });

  it("collects only what was kept when units came back before the cash was collected, as the overview and the shopper's page said", async () => {
    const cashDueNow = async () => {
      const overview = await owner.get<AdminOverview>("/overview");
      return overview.cashToCollect.amounts.find((entry) => entry.currency === "NPR")?.amount ?? 0;
    };
    const before = await cashDueNow();
    const number = await placeTestOrder(api, { method: "cod", items: [{ variant_id: "var_travel_tin", quantity: 3 }] });
    await act(number, { action: "confirm" });
    const shipped = await act(number, ship);
    const unit = shipped.lines[0]?.unitPrice.amount ?? 0;
    const total = shipped.total.amount;
    expect(await cashDueNow()).toBe(before + total);
    const returned = await act(number, {
      action: "take_return",
      lines: [{ position: 1, quantity: 2 }],
      restock: true,
      refundAmount: 0,
    });
    expect(returned.payment.status).toBe("cod_due");
    const kept = total - 2 * unit;
    expect(await cashDueNow()).toBe(before + kept);
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    const page = await (await fetch(`${api.baseUrl}/orders/${order?.accessToken}`)).text();
    expect(page).toContain(`please have Rs. ${(kept / 100).toFixed(2)} ready`);
    await act(number, { action: "deliver" });
    const collected = await act(number, { action: "collect_cash" });
    expect(collected).toMatchObject({ payment: { status: "cod_collected" }, captured: { amount: kept } });
    expect(await cashDueNow()).toBe(before);
  });

  it("shows the shopper the refund on their order page", async () => {
    const number = await placeTestOrder(api);
    const cancelled = await act(number, { action: "cancel" });
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    const page = async () => (await fetch(`${api.baseUrl}/orders/${order?.accessToken}`)).text();
    expect(await page()).toContain(`Refund of ${cancelled.total.text} on its way: we will email you when it is made.`);
    await act(number, { action: "record_refund", refundId: cancelled.refunds[0]?.id, note: "bank transfer" });
    expect(await page()).toMatch(
      new RegExp(`Refund of ${cancelled.total.text.replace(/[.]/g, "\\.")} made on \\d{1,2} \\w+ \\d{4}\\.`),
    );
    expect(await page()).toContain("Refunded.");
  });

  /** The order's refunds with their credit notes, oldest first, and its invoice as HTML. */
  async function creditNotesOf(number: string) {
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    if (order === undefined) throw new Error(`No order ${number}`);
    const notes = await api.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.creditNoteNumber));
    const invoice = await (await fetch(`${api.baseUrl}/orders/${order.accessToken}/invoice`)).text();
    return { order, notes, invoice };
  }

  it("issues a credit note for each refund, with the tax worked out as the invoice's, and nets them on the invoice", async () => {
    await api.db.update(markets).set({ taxRegistration: "GB 123 4567 89" }).where(eq(markets.code, "uk"));
    try {
      const number = await placeTestOrder(api, {
        items: [
          { variant_id: "var_resin_10g", quantity: 2 },
          { variant_id: "var_travel_tin", quantity: 1 },
        ],
        details: shopperDetails.GB,
      });
      await act(number, ship);
      await act(number, { action: "deliver" });
      const before = await detail(number);
      const jar = before.lines[0]?.unitPrice.amount ?? 0;
      const jarTitle = before.lines[0]?.productTitle ?? "";

      // A partial refund: one jar back, refunded at its price.
      await act(number, {
        action: "take_return",
        lines: [{ position: 1, quantity: 1 }],
        restock: false,
        refundAmount: jar,
      });
      const partial = await creditNotesOf(number);
      const first = partial.notes[0];
      if (first === undefined) throw new Error("No credit note");
      const jarTax = includedTax(jar, 2000);
      expect(first).toMatchObject({
        amount: jar,
        taxAmount: jarTax,
        creditLines: [{ productTitle: jarTitle, variantTitle: "10 g", quantity: 1, amount: jar, taxAmount: jarTax }],
      });
      const firstNumber = `CN-${first.creditNoteNumber}`;
      expect(first.creditNoteNumber).toBeGreaterThanOrEqual(1001);
      const pounds = (amount: number) => `£${(amount / 100).toFixed(2)}`;
      expect(partial.invoice).toContain(
        `<h2 id="credit-note-${first.creditNoteNumber}">Credit note ${firstNumber}</h2>`,
      );
      expect(partial.invoice).toContain(`against invoice ${number}. The refund is on its way.`);
      expect(partial.invoice).toContain(`data-testid="credit-note-total"><span class="nowrap">${pounds(jar)}</span>`);
      expect(partial.invoice).toContain(
        `<th scope="row">Credit note ${firstNumber}</th><td class="num"><span class="nowrap">−${pounds(jar)}</span>`,
      );
      expect(partial.invoice).toContain(
        `data-testid="invoice-net"><span class="nowrap">${pounds(partial.order.totalAmount - jar)} GBP</span>`,
      );
      expect(partial.invoice).toContain(
        `data-testid="invoice-net-tax"><span class="nowrap">${pounds(partial.order.taxAmount - jarTax)}</span>`,
      );

      // The rest, shipping included: a second note, the next number, and nothing left, tax included.
      const rest = (await detail(number)).refundable.amount;
      await act(number, {
        action: "take_return",
        lines: [
          { position: 1, quantity: 1 },
          { position: 2, quantity: 1 },
        ],
        restock: false,
        refundAmount: rest,
      });
      const full = await creditNotesOf(number);
      expect(full.notes.map((note) => note.creditNoteNumber)).toEqual([
        first.creditNoteNumber,
        first.creditNoteNumber + 1,
      ]);
      expect(full.notes[1]).toMatchObject({
        amount: rest,
        taxAmount: full.order.taxAmount - jarTax,
        creditLines: [{ productTitle: "Refund for returned items", quantity: null, amount: rest }],
      });
      expect(full.invoice).toContain(`Credit note CN-${first.creditNoteNumber + 1}`);
      expect(full.invoice).toContain('data-testid="invoice-net"><span class="nowrap">£0.00 GBP</span>');
      expect(full.invoice).toContain('data-testid="invoice-net-tax"><span class="nowrap">£0.00</span>');
      // The invoice itself still says what was sold.
      expect(full.invoice).toContain(
        `data-testid="invoice-total"><span class="nowrap">${pounds(full.order.totalAmount)} GBP`,
      );
    } finally {
      await api.db.update(markets).set({ taxRegistration: null }).where(eq(markets.code, "uk"));
    }
  });

  it("gives refunds made at the same moment distinct credit note numbers, one after the other", async () => {
    const numbers = [];
    for (let index = 0; index < 4; index += 1) numbers.push(await placeTestOrder(api));
    await Promise.all(numbers.map((number) => act(number, { action: "cancel" })));
    const notes = (await Promise.all(numbers.map(async (number) => (await creditNotesOf(number)).notes))).flat();
    const issued = notes.map((note) => note.creditNoteNumber).sort((a, b) => a - b);
    expect(issued).toHaveLength(4);
    const lowest = issued[0] ?? 0;
    expect(issued).toEqual([lowest, lowest + 1, lowest + 2, lowest + 3]);
    // Each cancelled order's invoice credits the whole order, line by line: nothing remains to pay.
    for (const number of numbers) {
      const {
        notes: [note],
        invoice,
        order,
      } = await creditNotesOf(number);
      expect(note?.creditLines).toEqual([
        {
          productTitle: "Shilajit Travel Tin 5 g",
          variantTitle: "5 g",
          quantity: 1,
          amount: order.subtotalAmount,
          taxAmount: 0,
        },
      ]);
      expect(invoice).toContain(`Credit note CN-${note?.creditNoteNumber}`);
      expect(invoice).toMatch(/data-testid="invoice-net"><span class="nowrap">Rs\. 0\.00 NPR</);
      expect(invoice).not.toContain("included in the net amount");
    }
  });

  it("lists money a provider took that became no order, and lets the owner record its refund when the provider cannot", async () => {
    const sessionId = await checkoutWithDetails(api);
    await postHandOverForm(api, await startProviderPayment(api, sessionId, "esewa"));
    const { reference, id } = await attemptOf(api.db, sessionId, "esewa");
    // The shopper cancels the checkout, then completes the eSewa payment anyway: eSewa cannot refund by API.
    await fetch(`${api.baseUrl}/checkout/${sessionId}/cancel`, { method: "POST", redirect: "manual" });
    expect(await sessionStatus(api.db, sessionId)).toBe("cancelled");
    esewa.complete(reference);
    await fetch(
      `${api.baseUrl}/checkout/${sessionId}/return/esewa?data=${encodeURIComponent(esewa.successData(reference))}`,
      {
        redirect: "manual",
      },
    );
    const owed = await owner.get<AdminOwedPayments>("/payments/owed");
    const entry = owed.payments.find((payment) => payment.id === id);
    expect(entry).toMatchObject({ provider: "esewa", providerCanRefund: false, customer: { name: "Asha Gurung" } });
    expect(entry?.reason).toContain("Paid after the checkout was closed");
    const overview = await owner.get<{ refundsOwed: { payments: number } }>("/overview");
    expect(overview.refundsOwed.payments).toBeGreaterThanOrEqual(1);
    expect((await owner.post(`/payments/${id}/refund`, { action: "record", note: " " })).status).toBe(400);
    const after = await owner.post(`/payments/${id}/refund`, { action: "record", note: "eSewa portal refund 5521" });
    expect(after.status).toBe(200);
    expect(((await after.json()) as AdminOwedPayments).payments.some((payment) => payment.id === id)).toBe(false);
    expect(await attemptOf(api.db, sessionId, "esewa")).toMatchObject({
      status: "refunded",
      refundNote: expect.stringContaining("eSewa portal refund 5521"),
    });
    expect((await owner.post(`/payments/${id}/refund`, { action: "record", note: "twice" })).status).toBe(409);
    expect((await owner.post("/payments/pa_unknown/refund", { action: "retry" })).status).toBe(404);
    expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
    const refunds = await api.db.select().from(orderRefunds);
    expect(refunds.every((refund) => refund.amount > 0)).toBe(true);
  });
});

import type { AdminOrderDetail, AdminOrderList } from "@herbo/hosted-api/admin";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders, outbox, stockMovements, variants } from "../src/db/schema.ts";
import { decideAction, orderActionNames } from "../src/orders/order-state-machine.ts";
import { backOfficeSuite, ownerEmail, placeTestOrder } from "./admin-helpers.ts";
import { databaseKinds, kathmanduDetails, shopperDetails } from "./harness.ts";

const kinds = await databaseKinds();

const pokharaDetails: Record<string, string> = {
  email: "Bikash.Thapa@Example.com",
  fullName: "Bikash Thapa",
  phone: "9856012345",
  country: "NP",
  line1: "Lakeside Road 7",
  city: "Pokhara",
  region: "P4",
  district: "Kaski",
  postalCode: "33700",
};
const usDetails = shopperDetails.US;

const ship = { action: "ship", carrier: "Nepal Post", trackingNumber: "RR123456785NP" };

describe.each(kinds)("the back office's orders on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test", password: "another long passphrase" });

  async function detail(number: string): Promise<AdminOrderDetail> {
    return shop.owner.get<AdminOrderDetail>(`/orders/${number}`);
  }
  async function eventsOf(number: string) {
    const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
    return shop.api.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order?.id ?? ""))
      .orderBy(asc(orderEvents.id));
  }
  async function onHand(variantId: string): Promise<number> {
    const [row] = await shop.api.db.select().from(variants).where(eq(variants.id, variantId));
    return row?.stockOnHand ?? -1;
  }
  async function catalogueStock(variantId: string): Promise<number | undefined> {
    const response = await fetch(`${shop.api.storeUrl}/variants?fields=inventory_quantity`);
    const body = (await response.json()) as { variants: { id: string; inventory_quantity: number }[] };
    return body.variants.find((variant) => variant.id === variantId)?.inventory_quantity;
  }

  describe("the list", () => {
    const numbers: Record<string, string> = {};
    beforeAll(async () => {
      numbers.card = await placeTestOrder(shop.api);
      numbers.cod = await placeTestOrder(shop.api, { method: "cod", details: pokharaDetails });
      numbers.us = await placeTestOrder(shop.api, { details: usDetails });
    });

    async function search(query: string): Promise<string[]> {
      const list = await shop.owner.get<AdminOrderList>(`/orders?${query}`);
      return list.orders.map((order) => order.number);
    }

    it("lists orders newest first with their customer, payment, fulfilment and total", async () => {
      const list = await shop.owner.get<AdminOrderList>("/orders");
      expect(list.total).toBeGreaterThanOrEqual(3);
      expect(list.page).toBe(1);
      const cod = list.orders.find((order) => order.number === numbers.cod);
      expect(cod).toMatchObject({
        customerName: "Bikash Thapa",
        email: "Bikash.Thapa@example.com",
        phone: "+9779856012345",
        country: "NP",
        paymentMethod: "cod",
        paymentStatus: "cod_due",
        fulfilmentStatus: "unconfirmed",
        total: { amount: 65000, currency: "NPR", text: "Rs. 650.00" },
        itemCount: 1,
      });
    });

    it("searches by number, email, name and phone, in any case and spelling of the digits", async () => {
      expect(await search(`q=${numbers.cod}`)).toEqual([numbers.cod]);
      expect(await search("q=bikash.thapa%40EXAMPLE")).toEqual([numbers.cod]);
      expect(await search("q=thapa")).toEqual([numbers.cod]);
      expect(await search("q=985-601%202345")).toEqual([numbers.cod]);
      expect(await search("q=%2B1%20415")).toEqual([numbers.us]);
      // LIKE's wildcards are taken literally.
      expect(await search("q=%25")).toEqual([]);
      expect(await search("q=_")).toEqual([]);
    });

    it("searches the delivery address too: street, city and postcode, with or without its spaces", async () => {
      expect(await search("q=pokhara")).toEqual([numbers.cod]);
      expect(await search("q=LAKESIDE%20road")).toEqual([numbers.cod]);
      expect(await search("q=San%20Francisco")).toEqual([numbers.us]);
      expect(await search("q=337%2000")).toEqual([numbers.cod]);
      expect(await search("q=94105")).toEqual([numbers.us]);
    });

    it("filters by payment method and status, fulfilment status, country and days in Kathmandu", async () => {
      expect(await search("paymentMethod=cod")).toEqual([numbers.cod]);
      // "Cash to collect" is cash owed: none while the order waits for its confirming call.
      expect(await search("paymentStatus=cod_due")).toEqual([]);
      expect(await search("country=US")).toEqual([numbers.us]);
      expect((await search("fulfilmentStatus=unfulfilled&paymentMethod=card")).sort()).toEqual(
        [numbers.card, numbers.us].sort(),
      );
      // The test clock says 2026-03-01 10:00 UTC: 15:45 on March 1st in Kathmandu.
      expect((await search("from=2026-03-01&to=2026-03-01&country=NP")).sort()).toEqual(
        [numbers.card, numbers.cod].sort(),
      );
      expect(await search("from=2026-03-02")).toEqual([]);
      expect(await search("to=2026-02-28")).toEqual([]);
      expect(await search("paymentMethod=&q=&country=US")).toEqual([numbers.us]);
    });

    it("refuses malformed filters with 400", async () => {
      for (const query of [
        "paymentStatus=lost",
        "from=2026-02-30",
        "from=2026-03-02&to=2026-03-01",
        "page=0",
        "country=Nepal",
      ]) {
        const response = await shop.owner.request("GET", `/orders?${query}`, undefined, null);
        expect(response.status, query).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
      }
    });

    it("pages through 25 orders at a time", async () => {
      const before = (await shop.owner.get<AdminOrderList>("/orders")).total;
      for (let index = before; index < 27; index += 1) await placeTestOrder(shop.api);
      const first = await shop.owner.get<AdminOrderList>("/orders");
      const second = await shop.owner.get<AdminOrderList>("/orders?page=2");
      expect(first.total).toBe(Math.max(27, before));
      expect(first.pageSize).toBe(25);
      expect(first.orders).toHaveLength(25);
      expect(second.orders).toHaveLength(first.total - 25);
      const all = [...first.orders, ...second.orders].map((order) => order.number);
      expect(new Set(all).size).toBe(first.total);
      expect((await shop.owner.get<AdminOrderList>("/orders?page=9")).orders).toEqual([]);
    });
  });

  it("shows one order: lines, totals, customer, address, payment, history and the actions it allows", async () => {
    const number = await placeTestOrder(shop.api, { items: [{ variant_id: "var_resin_10g", quantity: 2 }] });
    const order = await detail(number);
    expect(order).toMatchObject({
      number,
      customer: { name: "Asha Gurung", email: "asha.gurung@example.com", phone: "+9779812345678", country: "NP" },
      lines: [
        {
          sku: expect.any(String),
          productTitle: "Pure Himalayan Shilajit Resin",
          variantTitle: "10 g",
          quantity: 2,
          lineTotal: { amount: order.lines[0]?.unitPrice.amount ? order.lines[0].unitPrice.amount * 2 : -1 },
        },
      ],
      shipping: { amount: 0, text: "Rs. 0.00" },
      payment: { method: "card", provider: "sandbox", status: "paid", cardLast4: "4242" },
      fulfilmentStatus: "unfulfilled",
      shipment: null,
      refund: "none",
      actions: ["pack", "ship", "cancel"],
    });
    expect(order.addressLines).toEqual(expect.arrayContaining(["Asha Gurung", "Thamel Marg 12"]));
    expect(order.total.amount).toBe(order.subtotal.amount);
    expect(order.history.map((event) => [event.actor, event.type])).toEqual([
      ["shopper", "placed"],
      ["system", "payment_received"],
    ]);
    expect(order.history[1]?.summary).toMatch(/^Payment of Rs\. [\d.]+ received by card ending in 4242 \(sandbox\)$/);
    expect((await shop.owner.request("GET", "/orders/HS-999999", undefined, null)).status).toBe(404);
    expect((await shop.owner.request("GET", "/orders/not-a-number", undefined, null)).status).toBe(400);
  });

  it("packs, ships with a tracking number (emailing the shopper) and delivers, each recorded with who and when", async () => {
    const number = await placeTestOrder(shop.api);
    const packed = await shop.owner.action(number, { action: "pack" });
    expect(packed.status).toBe(200);
    const packedBody = (await packed.json()) as AdminOrderDetail;
    expect(packedBody.fulfilmentStatus).toBe("packed");
    expect(packedBody.actions).toEqual(["ship", "cancel"]);
    // Repeating changes nothing and answers the same.
    const again = await shop.owner.action(number, { action: "pack" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(packedBody);

    shop.api.clock.advance(60_000);
    const shipped = await shop.owner.action(number, { ...ship, trackingUrl: "https://track.example/RR123456785NP" });
    expect(shipped.status).toBe(200);
    const shippedBody = (await shipped.json()) as AdminOrderDetail;
    expect(shippedBody.shipment).toEqual({
      carrier: "Nepal Post",
      trackingNumber: "RR123456785NP",
      trackingUrl: "https://track.example/RR123456785NP",
    });
    const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
    const emails = await shop.api.db
      .select()
      .from(outbox)
      .where(eq(outbox.orderId, order?.id ?? ""));
    const shippedEmail = emails.find((email) => email.kind === "order_shipped");
    expect(shippedEmail).toMatchObject({ recipient: "asha.gurung@example.com", status: "pending" });
    expect(shippedEmail?.data).toMatchObject({
      carrier: "Nepal Post",
      trackingNumber: "RR123456785NP",
      order: { number, paymentStatus: "paid", customer: { fullName: "Asha Gurung" } },
    });
    // The same shipment again is a repeat; another tracking number is refused.
    expect(
      (await shop.owner.action(number, { ...ship, trackingUrl: "https://track.example/RR123456785NP" })).status,
    ).toBe(200);
    const other = await shop.owner.action(number, { ...ship, trackingNumber: "OTHER1" });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: { message: string } }).error.message).toContain("RR123456785NP");
    expect(
      (
        await shop.api.db
          .select()
          .from(outbox)
          .where(eq(outbox.orderId, order?.id ?? ""))
      ).length,
    ).toBe(emails.length);

    // The shopper's order page shows the carrier and tracking number.
    const page = await (await fetch(`${shop.api.baseUrl}/orders/${order?.accessToken ?? ""}`)).text();
    expect(page).toContain("RR123456785NP");

    const delivered = await shop.partner.action(number, { action: "deliver" });
    expect(delivered.status).toBe(200);
    const events = await eventsOf(number);
    expect(events.map((event) => [event.type, event.actor])).toEqual([
      ["placed", "shopper"],
      ["payment_received", "system"],
      ["packed", ownerEmail],
      ["shipped", ownerEmail],
      ["delivered", "partner@shop.test"],
    ]);
    expect(events[3]?.at.toISOString()).toBe(shop.api.clock.now().toISOString());
    const history = (await detail(number)).history;
    expect(history[3]).toMatchObject({
      actor: ownerEmail,
      summary: expect.stringContaining("tracking number RR123456785NP"),
    });
  });

  it("refuses each action its state does not allow (409, nothing changed) and repeats done ones, over every reachable state", async () => {
    const card = (steps: Record<string, unknown>[]) => ({ method: "card" as const, steps });
    const cod = (steps: Record<string, unknown>[]) => ({ method: "cod" as const, steps });
    const journeys = [
      card([]),
      card([{ action: "pack" }]),
      card([ship]),
      card([ship, { action: "deliver" }]),
      card([{ action: "cancel" }]),
      card([
        ship,
        { action: "deliver" },
        { action: "take_return", lines: [{ position: 1, quantity: 1 }], restock: true, refundAmount: 0 },
      ]),
      cod([]),
      cod([{ action: "confirm" }]),
      cod([{ action: "confirm" }, { action: "pack" }, ship]),
      cod([{ action: "confirm" }, ship, { action: "collect_cash" }]),
      cod([{ action: "confirm" }, ship, { action: "deliver" }, { action: "collect_cash" }]),
      cod([{ action: "cancel" }]),
      cod([{ action: "confirm" }, ship, { action: "collect_cash" }, { action: "undo_cash_collection" }]),
    ];
    const bodyOf = (action: string): Record<string, unknown> => {
      switch (action) {
        case "ship":
          return ship;
        case "correct_shipment":
          return { ...ship, action };
        case "take_return":
          return { action, lines: [{ position: 1, quantity: 1 }], restock: true, refundAmount: 0 };
        case "record_refund":
          return { action, refundId: "rf_unknown", note: "paid back by bank transfer" };
        case "retry_refund":
          return { action, refundId: "rf_unknown" };
        default:
          return { action };
      }
    };
    for (const journey of journeys) {
      const number = await placeTestOrder(shop.api, { method: journey.method });
      for (const step of journey.steps) expect((await shop.owner.action(number, step)).status).toBe(200);
      const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
      if (order === undefined) throw new Error("no order");
      const before = await eventsOf(number);
      for (const action of orderActionNames) {
        const decision = decideAction(action, order);
        if (decision.kind === "apply") continue;
        const body = bodyOf(action);
        const response = await shop.owner.action(number, body);
        const label = `${action} on ${order.paymentMethod} ${order.paymentStatus}/${order.fulfilmentStatus}`;
        if (decision.kind === "refuse") {
          expect(response.status, label).toBe(409);
          expect(await response.json(), label).toEqual({
            error: {
              code: "action_not_allowed",
              message: decision.message,
              details: { action, payment_status: order.paymentStatus, fulfilment_status: order.fulfilmentStatus },
            },
          });
        } else {
          expect(response.status, label).toBe(200);
        }
      }
      expect(await eventsOf(number), `history of ${number}`).toEqual(before);
      const [after] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
      expect(after).toEqual(order);
    }
  });

  it("refuses malformed actions with 400", async () => {
    const number = await placeTestOrder(shop.api);
    for (const body of [
      { action: "teleport" },
      { action: "ship" },
      { action: "ship", carrier: " ", trackingNumber: "1" },
      { action: "ship", carrier: "DHL", trackingNumber: "1", trackingUrl: "javascript:alert(1)" },
      { action: "ship", carrier: "x".repeat(101), trackingNumber: "1" },
    ]) {
      const response = await shop.owner.action(number, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await detail(number)).history).toHaveLength(2);
  });

  it("collects cash on a cash-on-delivery order once it is out for delivery", async () => {
    const number = await placeTestOrder(shop.api, { method: "cod", details: pokharaDetails });
    const unconfirmed = await shop.owner.action(number, ship);
    expect(unconfirmed.status).toBe(409);
    expect(((await unconfirmed.json()) as { error: { message: string } }).error.message).toBe(
      "Cannot mark the order shipped: it is not yet confirmed with the shopper.",
    );
    expect((await shop.owner.action(number, { action: "confirm" })).status).toBe(200);
    const early = await shop.owner.action(number, { action: "collect_cash" });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(
      "Cannot record the cash as collected: it is not yet packed.",
    );
    expect((await shop.owner.action(number, ship)).status).toBe(200);
    const collected = await shop.owner.action(number, { action: "collect_cash" });
    expect(collected.status).toBe(200);
    const body = (await collected.json()) as AdminOrderDetail;
    expect(body.payment.status).toBe("cod_collected");
    expect(body.payment.paidAt).toBe(shop.api.clock.now().toISOString());
    expect(body.history.at(-1)).toMatchObject({
      actor: ownerEmail,
      type: "cash_collected",
      summary: "Cash collected: Rs. 650.00",
    });
    expect(body.actions).toEqual(["deliver", "correct_shipment", "undo_cash_collection", "take_return"]);
  });

  it("cancels a paid sandbox card order: stock back on hand at once, a refund to make by hand, the shopper emailed", async () => {
    const variantId = "var_resin_30g";
    const start = await onHand(variantId);
    const number = await placeTestOrder(shop.api, { items: [{ variant_id: variantId, quantity: 2 }] });
    expect(await onHand(variantId)).toBe(start - 2);
    expect(await catalogueStock(variantId)).toBe(start - 2);
    expect((await shop.owner.action(number, { action: "pack" })).status).toBe(200);
    const cancelled = await shop.owner.action(number, { action: "cancel", reason: "customer asked" });
    expect(cancelled.status).toBe(200);
    const body = (await cancelled.json()) as AdminOrderDetail;
    // The sandbox cannot send money back: the owner makes the refund and records it.
    expect(body).toMatchObject({
      fulfilmentStatus: "cancelled",
      refund: "to_make",
      actions: ["record_refund"],
      refunds: [{ kind: "cancel", status: "to_make", provider: null, amount: body.captured }],
    });
    expect(body.refundable.amount).toBe(0);
    expect(body.payment.status).toBe("refund_due");
    expect(body.history.map((event) => event.summary).slice(-2)).toEqual([
      "Cancelled (customer asked); 2 units back in stock",
      `Refund of ${body.total.text} to make by hand; the shopper was emailed`,
    ]);
    expect(await onHand(variantId)).toBe(start);
    // The catalogue cache (60 s in tests) was dropped: the storefront sees the stock at once.
    expect(await catalogueStock(variantId)).toBe(start);
    const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
    const movements = await shop.api.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order?.id ?? ""));
    expect(movements).toMatchObject([
      { variantId, change: 2, onHandAfter: start, actor: ownerEmail, reason: `Order ${number} cancelled` },
    ]);
    const email = (
      await shop.api.db
        .select()
        .from(outbox)
        .where(eq(outbox.orderId, order?.id ?? ""))
    ).find((row) => row.kind === "order_cancelled");
    expect(email?.data).toMatchObject({ refund: "to_make", refundAmount: order?.totalAmount, order: { number } });
    // Cancelling again returns nothing twice.
    expect((await shop.owner.action(number, { action: "cancel" })).status).toBe(200);
    expect(await onHand(variantId)).toBe(start);
  });

  it("cancels an unpaid cash-on-delivery order with no refund, and leaves untracked stock alone", async () => {
    const number = await placeTestOrder(shop.api, { method: "cod", details: pokharaDetails });
    const body = (await (await shop.owner.action(number, { action: "cancel" })).json()) as AdminOrderDetail;
    expect(body).toMatchObject({ fulfilmentStatus: "cancelled", refund: "none" });
    expect(body.payment.status).toBe("cod_due");
    expect(body.history.at(-1)?.summary).toBe("Cancelled");
    const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
    const [cancelEmail] = await shop.api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order?.id ?? ""), eq(outbox.kind, "order_cancelled")));
    expect(cancelEmail?.data).toMatchObject({ refund: "none", refundAmount: 0 });
    expect(
      await shop.api.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.orderId, order?.id ?? "")),
    ).toEqual([]);
  });

  it("leaves one consistent history when two owners act on one order at once", async () => {
    const variantId = "var_resin_20g";
    for (let round = 0; round < 3; round += 1) {
      const start = await onHand(variantId);
      const number = await placeTestOrder(shop.api, { items: [{ variant_id: variantId, quantity: 1 }] });
      // Both owners press "packed" together: one event.
      const packs = await Promise.all(
        [shop.owner, shop.partner, shop.owner, shop.partner].map((who) => who.action(number, { action: "pack" })),
      );
      expect(packs.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      expect((await eventsOf(number)).filter((event) => event.type === "packed")).toHaveLength(1);
      // One ships while the other cancels: exactly one wins, the other is told why.
      const answers = await Promise.all(
        [shop.owner, shop.partner, shop.owner, shop.partner, shop.owner, shop.partner].map((who, index) =>
          index % 2 === 0 ? who.action(number, ship) : who.action(number, { action: "cancel" }),
        ),
      );
      const statuses = answers.map((response) => response.status);
      const events = (await eventsOf(number)).filter((event) => event.type === "shipped" || event.type === "cancelled");
      expect(events, `round ${round}: ${statuses.join(",")}`).toHaveLength(1);
      const winner = events[0]?.type;
      const won = statuses.filter((_, index) => (index % 2 === 0) === (winner === "shipped"));
      const lost = statuses.filter((_, index) => (index % 2 === 0) !== (winner === "shipped"));
      expect(won).toEqual([200, 200, 200]);
      expect(lost).toEqual([409, 409, 409]);
      const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
      expect(order?.fulfilmentStatus).toBe(winner);
      expect(await onHand(variantId)).toBe(winner === "cancelled" ? start : start - 1);
      const emails = await shop.api.db
        .select()
        .from(outbox)
        .where(eq(outbox.orderId, order?.id ?? ""));
      expect(emails.filter((email) => email.kind === "order_shipped" || email.kind === "order_cancelled")).toHaveLength(
        1,
      );
    }
  });

  it("exports orders of a date range as CSV, one line per order, with formula cells neutralised", async () => {
    shop.api.clock.advance(24 * 60 * 60_000);
    // A day later the session has ended (12 idle hours): sign in again.
    await shop.signOwnerInAgain();
    const hostile = await placeTestOrder(shop.api, {
      details: { ...kathmanduDetails, fullName: '=HYPERLINK("http://evil.test","Click")', line1: "@SUM(1+1) Marg" },
    });
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu" }).format(shop.api.clock.now());
    const response = await shop.owner.request("GET", `/orders/export.csv?from=${day}&to=${day}`, undefined, null);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="orders-${day}-to-${day}.csv"`);
    const csv = await response.text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\uFEFF?Order,Placed \(Asia\/Kathmandu\),Customer,Email,Phone,Country,Address,/);
    expect(lines[1]).toContain(hostile);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    expect(lines[1]).not.toMatch(/,"?=HYPERLINK/);
    expect(lines[1]).toContain("'+9779812345678");
    expect(lines[1]).toContain("1 × Shilajit Travel Tin 5 g");
    // A day with no orders is a header alone; a reversed range is refused.
    const empty = await shop.owner.request("GET", "/orders/export.csv?from=2020-01-01&to=2020-01-31", undefined, null);
    expect((await empty.text()).trimEnd().split("\r\n")).toHaveLength(1);
    expect(
      (await shop.owner.request("GET", `/orders/export.csv?from=${day}&to=2020-01-01`, undefined, null)).status,
    ).toBe(400);
    expect((await shop.owner.request("GET", "/orders/export.csv", undefined, null)).status).toBe(400);
  });
});

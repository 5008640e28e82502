import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderLines, orders, outbox } from "../src/db/schema.ts";
import {
  checkoutBody,
  currencyOfCountry,
  databaseKinds,
  enterDetails,
  kathmanduDetails,
  shopperDetails,
  payForm,
  postJson,
  postPayment,
  sessionIdOf,
  shopOrigin,
  snapshot,
  startApi,
  type RunningApi,
  receiptFor,
} from "./harness.ts";

const kinds = await databaseKinds();
const testCard = "4242424242424242";

const addresses: Record<string, Record<string, string>> = shopperDetails;

/** What each address is stored as: the phone in E.164 and the postcode in its canonical form. */
const normalised: Record<string, { phone: string; postalCode: string | null }> = {
  NP: { phone: "+9779812345678", postalCode: "44600" },
  US: { phone: "+14155552671", postalCode: "94105" },
  IN: { phone: "+919876543210", postalCode: "560001" },
  GB: { phone: "+447400123456", postalCode: "SW1A 2AA" },
  CA: { phone: "+16135550199", postalCode: "K1M 1M4" },
  AE: { phone: "+971501234567", postalCode: null },
};

/** Each country's shipping, in its market's currency. */
const shippingByCountry: Record<string, number> = {
  NP: 0,
  IN: 14_900,
  US: 1_299,
  GB: 999,
  CA: 1_699,
  AE: 4_500,
};

/** The travel tin's sale price in each country's market currency (the seed's price lists). */
const tinByCountry: Record<string, number> = {
  NP: 65_000,
  IN: 79_900,
  US: 1_799,
  GB: 1_399,
  CA: 2_299,
  AE: 6_500,
};

describe.each(kinds)("orders on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind, { shopEmail: "owner@shop.test" });
  });
  afterAll(async () => {
    await api.close();
  });

  async function openSession(
    items = [{ variant_id: "var_travel_tin", quantity: 2 }],
    currency?: string,
  ): Promise<string> {
    const response = await postJson(`${api.storeUrl}/checkout`, checkoutBody(items, currency));
    expect(response.status).toBe(200);
    return sessionIdOf(((await response.json()) as { url: string }).url);
  }

  async function orderOf(location: string | null) {
    const number = new URL(location ?? "", shopOrigin).searchParams.get("order");
    const [order] = await api.db
      .select()
      .from(orders)
      .where(eq(orders.number, number ?? ""));
    if (order === undefined) throw new Error(`No order ${number}`);
    return order;
  }

  it("asks for details first, with the fields of the shopper's country and their autocomplete tokens", async () => {
    const sessionId = await openSession();
    const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    expect(page).toContain("Your details");
    expect(page).toContain('autocomplete="email"');
    expect(page).toContain('autocomplete="tel"');
    expect(page).toContain('id="field-district"');
    const usPage = await (await fetch(`${api.baseUrl}/checkout/${sessionId}?country=US`)).text();
    expect(usPage).toContain("ZIP code");
    expect(usPage).not.toContain('id="field-district"');
    // Paying before the details are in goes back to the details step and places nothing.
    const early = await postPayment(api.baseUrl, sessionId, "sandbox", {
      name: "A",
      number: testCard,
      expiry: "12/30",
      cvc: "123",
    });
    expect(early.status).toBe(303);
    expect(early.headers.get("location")).toBe(`/checkout/${sessionId}`);
  });

  it.each(Object.keys(addresses))(
    "takes a %s address, stores the phone in E.164, and charges that country's shipping",
    async (country) => {
      const sessionId = await openSession([{ variant_id: "var_travel_tin", quantity: 2 }], currencyOfCountry[country]);
      const details = addresses[country] ?? {};
      const saved = await enterDetails(api.baseUrl, sessionId, details);
      expect(saved.status).toBe(303);
      const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      expect(page).toContain("Payment");
      const subtotal = 2 * (tinByCountry[country] ?? 0);
      const paid = await payForm(api.baseUrl, sessionId, { number: testCard }, false);
      expect(paid.status).toBe(303);
      const order = await orderOf(paid.headers.get("location"));
      expect(order.customer?.phone).toBe(normalised[country]?.phone);
      expect(order.customer?.address.postalCode).toBe(normalised[country]?.postalCode);
      expect(order.customer?.country).toBe(country);
      expect(order).toMatchObject({
        subtotalAmount: subtotal,
        shippingAmount: shippingByCountry[country],
        totalAmount: subtotal + (shippingByCountry[country] ?? 0),
        currencyCode: currencyOfCountry[country],
        paymentMethod: "card",
        paymentStatus: "paid",
        fulfilmentStatus: "unfulfilled",
        cardLast4: "4242",
      });
    },
  );

  it("shows the shipping and the total with shipping on the payment step", async () => {
    const sessionId = await openSession([{ variant_id: "var_travel_tin", quantity: 1 }], "USD");
    await enterDetails(api.baseUrl, sessionId, addresses.US);
    const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    expect(page).toMatch(/data-testid="subtotal"><span class="nowrap">\$17\.99/);
    expect(page).toMatch(/data-testid="shipping"><span class="nowrap">\$12\.99/);
    // The total names its currency: a dollar sign alone could be read as another country's dollars.
    expect(page).toMatch(/data-testid="total"><span class="nowrap">\$30\.98 USD/);
    expect(page).toContain("Prices do not include tax. Import duties and taxes may be due on delivery.");
    const nepal = await openSession([{ variant_id: "var_travel_tin", quantity: 1 }]);
    await enterDetails(api.baseUrl, nepal);
    const free = await (await fetch(`${api.baseUrl}/checkout/${nepal}`)).text();
    expect(free).toContain('data-testid="shipping">Free');
  });

  it("offers cash on delivery for a Nepal address only, and refuses a forged one for a USA address", async () => {
    const usSession = await openSession(undefined, "USD");
    await enterDetails(api.baseUrl, usSession, addresses.US);
    const usPage = await (await fetch(`${api.baseUrl}/checkout/${usSession}`)).text();
    expect(usPage).not.toContain("Cash on delivery");
    expect(usPage).toContain("Pay by card");
    const before = await snapshot(api.db);
    const forged = await postPayment(api.baseUrl, usSession, "cod");
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("That payment method is not available for this order.");
    expect(await snapshot(api.db)).toEqual(before);

    const npSession = await openSession();
    await enterDetails(api.baseUrl, npSession);
    expect(await (await fetch(`${api.baseUrl}/checkout/${npSession}`)).text()).toContain("Cash on delivery");
  });

  it("places a cash-on-delivery order: stock held until it is confirmed, payment due in cash, history and emails written", async () => {
    const before = await snapshot(api.db);
    const sessionId = await openSession([{ variant_id: "var_resin_10g", quantity: 2 }]);
    await enterDetails(api.baseUrl, sessionId, {
      ...kathmanduDetails,
      city: "Pokhara",
      region: "P4",
      district: "Kaski",
      postalCode: "33700",
    });
    const placed = await postPayment(api.baseUrl, sessionId, "cod");
    expect(placed.status).toBe(303);
    const order = await orderOf(placed.headers.get("location"));
    expect(order).toMatchObject({ paymentMethod: "cod", paymentStatus: "cod_due", paidAt: null, shippingAmount: 0 });
    // The success page must not say the payment went through: it is told this order is paid on delivery.
    expect(placed.headers.get("location")).toBe(
      `${shopOrigin}/success?order=${order.number}&payment=cod&receipt=${receiptFor(order)}`,
    );
    // Not yet confirmed by phone: the two jars are held for it, not sold.
    expect(order.fulfilmentStatus).toBe("unconfirmed");
    const after = await snapshot(api.db);
    expect(after.stock.var_resin_10g?.onHand).toBe(before.stock.var_resin_10g?.onHand);
    expect(after.stock.var_resin_10g?.reserved).toBe((before.stock.var_resin_10g?.reserved ?? 0) + 2);
    const events = await api.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id));
    expect(events.map((event) => [event.actor, event.type])).toEqual([
      ["shopper", "placed"],
      ["system", "cod_due"],
    ]);
    const lines = await api.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toMatchObject([
      { variantId: "var_resin_10g", quantity: 2, unitAmount: 120_000, sku: expect.any(String) },
    ]);
    const messages = await api.db.select().from(outbox).where(eq(outbox.orderId, order.id));
    expect(messages.map((message) => [message.kind, message.recipient]).sort()).toEqual([
      ["new_order_notice", "owner@shop.test"],
      ["order_confirmation", kathmanduDetails.email],
    ]);
  });

  it("ignores a forged shipping amount or price in the forms: totals come from the database", async () => {
    const sessionId = await openSession([{ variant_id: "var_travel_tin", quantity: 1 }], "GBP");
    await enterDetails(api.baseUrl, sessionId, { ...addresses.GB, shippingAmount: "0", shipping: "0", total: "1" });
    const paid = await payForm(api.baseUrl, sessionId, { number: testCard }, false);
    const order = await orderOf(paid.headers.get("location"));
    expect(order.shippingAmount).toBe(999);
    expect(order.totalAmount).toBe(1_399 + 999);
  });

  it.each([
    ["an empty email", { email: "" }, "email"],
    ["a malformed email", { email: "asha@" }, "email"],
    ["an overlong name", { fullName: "A".repeat(300) }, "fullName"],
    ["a phone of another country", { phone: "+1 415 555 2671" }, "phone"],
    ["a postcode of another country", { postalCode: "SW1A 1AA" }, "postalCode"],
    ["a district of another province", { district: "Kaski" }, "district"],
    ["an unknown country", { country: "FR" }, "country"],
    ["a NUL byte", { line1: "Thamel\u0000Marg" }, "line1"],
  ])("refuses %s next to the field, keeps the other values, and writes nothing", async (_name, change, field) => {
    const sessionId = await openSession();
    const before = await snapshot(api.db);
    const response = await enterDetails(api.baseUrl, sessionId, { ...kathmanduDetails, ...change });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain(`id="field-${field}-error"`);
    // The other values are kept in the form.
    if (field !== "fullName") expect(page).toContain('value="Asha Gurung"');
    if (field !== "email") expect(page).toContain(`value="${kathmanduDetails.email}"`);
    expect(await snapshot(api.db)).toEqual(before);
    const stored = await fetch(`${api.baseUrl}/checkout/${sessionId}`);
    expect(await stored.text()).toContain("Your details");
  });

  it("gives 50 orders paid at once 50 distinct consecutive numbers", async () => {
    const sessions = await Promise.all(
      Array.from({ length: 50 }, () => openSession([{ variant_id: "var_travel_tin", quantity: 1 }])),
    );
    await Promise.all(sessions.map((sessionId) => enterDetails(api.baseUrl, sessionId)));
    const paid = await Promise.all(
      sessions.map((sessionId) => payForm(api.baseUrl, sessionId, { number: testCard }, false)),
    );
    const numbers = paid.map((response) => {
      expect(response.status).toBe(303);
      return Number(new URL(response.headers.get("location") ?? "", shopOrigin).searchParams.get("order")?.slice(3));
    });
    const sorted = [...numbers].sort((left, right) => left - right);
    expect(new Set(numbers).size).toBe(50);
    expect((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)).toBe(49);
  });

  it("shows the shopper's order page at its unguessable address, and nothing at any other", async () => {
    const sessionId = await openSession([{ variant_id: "var_travel_tin", quantity: 1 }]);
    const paid = await payForm(api.baseUrl, sessionId, { number: testCard });
    const order = await orderOf(paid.headers.get("location"));
    expect(order.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const page = await fetch(`${api.baseUrl}/orders/${order.accessToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    const html = await page.text();
    expect(html).toContain(`Order ${order.number}`);
    expect(html).toContain("Thamel Marg 12");
    // When it was placed, in the zone the shopper's browser reported at checkout, named.
    expect(html).toMatch(/Placed on \d{1,2} \w+ \d{4} at \d{2}:\d{2} Nepal Time</);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // The header names the page for what it is, the order's page, not a checkout.
    expect(html).toContain('<span class="secure">Your order</span>');
    expect(html).not.toContain("Secure checkout");
    // One character changed: the last one, to a letter it is not (a fixed "A" would be the token itself 1 time in 64).
    const oneOff = `${order.accessToken.slice(0, -1)}${order.accessToken.endsWith("A") ? "B" : "A"}`;
    for (const guess of [order.number, order.id, oneOff, "x", "../etc/passwd"]) {
      const miss = await fetch(`${api.baseUrl}/orders/${encodeURIComponent(guess)}`);
      expect(miss.status).toBe(404);
      expect(await miss.text()).not.toContain("Thamel");
    }
  });

  it("serves the hosted pages' stylesheet, script, logo and font itself, and nothing else from that folder", async () => {
    for (const [file, type] of [
      ["checkout.css", "text/css"],
      ["checkout.js", "text/javascript"],
      ["logo-mark.svg", "image/svg+xml"],
      ["playfair-display-latin-700-normal.woff2", "font/woff2"],
    ]) {
      const response = await fetch(`${api.baseUrl}/checkout-assets/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain(type);
    }
    for (const file of ["..%2Fpackage.json", "OFL-playfair-display.txt", "constructor", "nope.css"]) {
      expect((await fetch(`${api.baseUrl}/checkout-assets/${file}`)).status).toBe(404);
    }
  });
});

import { includedTax } from "@herbo/hosted-api";
import { and, asc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSeedCatalog, seedMarkets } from "../src/catalog/seed.ts";
import { currencies, markets, orderLines, orders, outbox, variantPrices } from "../src/db/schema.ts";
import { composeEmail } from "../src/email/compose.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  kathmanduDetails,
  payForm,
  postJson,
  sessionIdOf,
  shopOrigin,
  shopperDetails,
  snapshot,
  startApi,
  type RunningApi,
} from "./harness.ts";
import { testMailSettings } from "./outbox-fixtures.ts";
import { signedInOwner } from "./admin-helpers.ts";
import type { AdminOrderDetail } from "@herbo/hosted-api/admin";

/**
 * Every market is priced from its own price list, in its own currency, from the catalogue to the
 * order, its email and its invoice; a currency without prices is refused, an address of another market
 * is sent to its shop, and the tax a registered shop includes is worked out once per line.
 */

const kinds = await databaseKinds();
const testCard = "4242424242424242";

interface WirePriceJson {
  amount: number;
  sale_amount: number | null;
  currency_code: string;
}

describe.each(kinds)("markets on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind, { shopEmail: "owner@shop.test" });
  });
  afterAll(async () => {
    await api.close();
  });

  async function open(items: { variant_id: string; quantity: number }[], currency?: string) {
    return postJson(`${api.storeUrl}/checkout`, checkoutBody(items, currency));
  }

  async function openSession(items: { variant_id: string; quantity: number }[], currency?: string) {
    const response = await open(items, currency);
    expect(response.status).toBe(200);
    return sessionIdOf(((await response.json()) as { url: string }).url);
  }

  async function placeCardOrder(
    items: { variant_id: string; quantity: number }[],
    currency: string | undefined,
    details: Record<string, string>,
  ) {
    const sessionId = await openSession(items, currency);
    expect((await enterDetails(api.baseUrl, sessionId, details)).status).toBe(303);
    const paymentPage = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    const paid = await payForm(api.baseUrl, sessionId, { number: testCard }, false);
    expect(paid.status).toBe(303);
    const number = new URL(paid.headers.get("location") ?? "", shopOrigin).searchParams.get("order") ?? "";
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    if (order === undefined) throw new Error(`No order ${number}`);
    const lines = await api.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    return { order, lines, paymentPage };
  }

  async function registerTax(code: string, registration: string | null) {
    await api.db.update(markets).set({ taxRegistration: registration }).where(eq(markets.code, code));
  }

  it("lists one price per market currency on every variant, the default market's first", async () => {
    const body = (await (await fetch(`${api.storeUrl}/products/prod_himalayan_resin`)).json()) as {
      product: { variants: { id: string; prices: WirePriceJson[] }[] };
    };
    const resin = body.product.variants.find((variant) => variant.id === "var_resin_10g");
    expect(resin?.prices.map((price) => [price.currency_code, price.amount, price.sale_amount])).toEqual([
      ["NPR", 120_000, null],
      ["USD", 2_999, null],
      ["INR", 149_900, null],
      ["GBP", 2_499, null],
      ["CAD", 3_999, null],
      ["AED", 11_000, null],
    ]);
    for (const variant of body.product.variants) expect(variant.prices, variant.id).toHaveLength(6);
  });

  it("prices a checkout from the price list of the currency it names", async () => {
    const sessionId = await openSession(
      [
        { variant_id: "var_resin_10g", quantity: 2 },
        { variant_id: "var_travel_tin", quantity: 1 },
      ],
      "usd",
    );
    await enterDetails(api.baseUrl, sessionId, shopperDetails.US);
    const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    // 2 × $29.99 + the tin's sale price $17.99, and US shipping $12.99.
    expect(page).toMatch(/data-testid="subtotal"><span class="nowrap">\$77\.97/);
    expect(page).toMatch(/data-testid="total"><span class="nowrap">\$90\.96 USD/);
    expect(page).not.toContain("Rs.");
  });

  it.each([
    ["a currency no market sells in", "EUR", 400, "unsupported_currency"],
    ["a made-up currency", "XYZ", 400, "unsupported_currency"],
    ["a malformed currency", "US$", 400, "invalid_request"],
    ["a currency that is not text", 840, 400, "invalid_request"],
  ] as const)("refuses %s and changes nothing", async (_name, currency, status, code) => {
    const before = await snapshot(api.db);
    const response = await postJson(`${api.storeUrl}/checkout`, {
      ...checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
      currency,
    });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).not.toBe("");
    expect(await snapshot(api.db)).toEqual(before);
  });

  it("finds a market added after its currency was refused: only markets found are remembered", async () => {
    const refused = await open([{ variant_id: "var_resin_10g", quantity: 1 }], "EUR");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "unsupported_currency" } });
    await api.db.insert(currencies).values({
      code: "EUR",
      name: "Euro",
      namePlural: "euros",
      symbol: "€",
      symbolNative: "€",
      template: "€$1",
      decimalDigits: 2,
    });
    await api.db.insert(markets).values({
      code: "eu",
      name: "Europe",
      countries: ["DE"],
      currencyCode: "EUR",
      locale: "en-IE",
      pricesIncludeTax: true,
      paymentMethods: ["stripe"],
      sortOrder: 99,
    });
    try {
      // The market is found now; the catalogue has no euro prices yet, which is the next refusal.
      const found = await open([{ variant_id: "var_resin_10g", quantity: 1 }], "EUR");
      expect(found.status).toBe(400);
      expect(await found.json()).toMatchObject({ error: { code: "unpriced_variant", details: { currency: "EUR" } } });
    } finally {
      await api.db.delete(markets).where(eq(markets.code, "eu"));
      await api.db.delete(currencies).where(eq(currencies.code, "EUR"));
    }
  });

  it("refuses a line without a price in the checkout's currency, naming it, and changes nothing", async () => {
    await api.db
      .delete(variantPrices)
      .where(and(eq(variantPrices.variantId, "var_starter_kit"), eq(variantPrices.currencyCode, "AED")));
    const before = await snapshot(api.db);
    const response = await open(
      [
        { variant_id: "var_resin_10g", quantity: 1 },
        { variant_id: "var_starter_kit", quantity: 1 },
      ],
      "AED",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "unpriced_variant", details: { variant_id: "var_starter_kit", currency: "AED" } },
    });
    expect(await snapshot(api.db)).toEqual(before);
    // Its other prices still sell.
    expect((await open([{ variant_id: "var_starter_kit", quantity: 1 }], "GBP")).status).toBe(200);
    expect((await open([{ variant_id: "var_starter_kit", quantity: 1 }])).status).toBe(200);
  });

  it.each([
    ["NPR", "US", "/us/store", "United States", "the United States"],
    ["USD", "NP", "/store", "Nepal", "Nepal"],
    ["GBP", "IN", "/in/store", "India", "India"],
  ] as const)(
    "sends a %s checkout with an address in %s to that market's shop, saving nothing",
    async (currency, country, path, name, place) => {
      const sessionId = await openSession([{ variant_id: "var_resin_10g", quantity: 1 }], currency);
      const details = country === "NP" ? kathmanduDetails : shopperDetails[country];
      const refused = await enterDetails(api.baseUrl, sessionId, details);
      expect(refused.status).toBe(422);
      const page = await refused.text();
      expect(page).toContain(`For an address in ${place}, please order from our ${name} shop`);
      expect(page).toContain(`href="${shopOrigin}${path}"`);
      const step = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      expect(step).toContain("Your details");
      expect(step).not.toContain("Pay by card");
    },
  );

  it("starts the details form in the market's country", async () => {
    const sessionId = await openSession([{ variant_id: "var_resin_10g", quantity: 1 }], "CAD");
    const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    expect(page).toContain('<option value="CA" selected>');
    expect(page).toContain("Postal code");
  });

  it("includes no tax lines while the shop is not registered in the market, but says prices include VAT or GST", async () => {
    await registerTax("np", null);
    const { order, lines, paymentPage } = await placeCardOrder(
      [{ variant_id: "var_resin_10g", quantity: 1 }],
      undefined,
      kathmanduDetails,
    );
    expect(order).toMatchObject({ marketCode: "np", taxAmount: 0, taxName: null, taxRegistration: null });
    expect(lines.map((line) => line.taxAmount)).toEqual([0]);
    const note = '<td colspan="3" class="note" data-testid="tax-note">Prices incl. VAT.</td>';
    expect(paymentPage).toContain(note);
    expect(paymentPage).not.toContain("registration");
    // The order page, the email and the invoice say it too, with no amount.
    expect(await (await fetch(`${api.baseUrl}/orders/${order.accessToken}`)).text()).toContain(note);
    const [confirmation] = await api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, "order_confirmation")));
    if (confirmation === undefined) throw new Error("No confirmation email");
    const text = String(composeEmail(confirmation, testMailSettings).text);
    expect(text).toContain(`Total: Rs. 1200.00 NPR\nPrices incl. VAT.`);
    const invoiceHtml = await (await fetch(`${api.baseUrl}/orders/${order.accessToken}/invoice`)).text();
    expect(invoiceHtml).toContain("All amounts are in Nepalese rupees (NPR), incl. VAT.");
    expect(invoiceHtml).toContain(note);
    expect(invoiceHtml).not.toContain("Tax invoice");
    // India's is GST, on its first checkout step already.
    const indian = await openSession([{ variant_id: "var_resin_10g", quantity: 1 }], "INR");
    const firstStep = await (await fetch(`${api.baseUrl}/checkout/${indian}`)).text();
    expect(firstStep).toContain('data-testid="tax-note">Prices incl. GST.</td>');
  });

  it("works out the tax a registered shop includes once per line, and the lines and shipping add up to it", async () => {
    await registerTax("uk", "GB 123 4567 89");
    const { order, lines, paymentPage } = await placeCardOrder(
      [
        { variant_id: "var_resin_10g", quantity: 3 },
        { variant_id: "var_travel_tin", quantity: 1 },
      ],
      "GBP",
      shopperDetails.GB,
    );
    const lineTaxes = [includedTax(3 * 2_499, 2000), includedTax(1_399, 2000)];
    const shippingTax = includedTax(999, 2000);
    expect(lines.map((line) => line.taxAmount)).toEqual(lineTaxes);
    expect(order).toMatchObject({
      marketCode: "uk",
      currencyCode: "GBP",
      subtotalAmount: 3 * 2_499 + 1_399,
      shippingAmount: 999,
      totalAmount: 3 * 2_499 + 1_399 + 999,
      taxName: "VAT",
      taxRateBasisPoints: 2000,
      taxRegistration: "GB 123 4567 89",
      shippingTaxAmount: shippingTax,
    });
    expect(order.taxAmount).toBe(lines.reduce((sum, line) => sum + line.taxAmount, 0) + order.shippingTaxAmount);
    const taxText = `Prices incl. VAT 20%: £${(order.taxAmount / 100).toFixed(2)} (registration GB 123 4567 89).`;
    expect(paymentPage).toContain(taxText);

    // The shopper's email, the order page and the invoice say the same.
    const [confirmation] = await api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, "order_confirmation")));
    if (confirmation === undefined) throw new Error("No confirmation email");
    const email = composeEmail(confirmation, testMailSettings);
    expect(String(email.text)).toContain(`Total: £${(order.totalAmount / 100).toFixed(2)} GBP`);
    expect(String(email.text)).toContain(taxText);
    const orderPage = await (await fetch(`${api.baseUrl}/orders/${order.accessToken}`)).text();
    expect(orderPage).toContain(taxText);
    const invoice = await fetch(`${api.baseUrl}/orders/${order.accessToken}/invoice`);
    expect(invoice.status).toBe(200);
    const invoiceHtml = await invoice.text();
    expect(invoiceHtml).toContain(`Tax invoice ${order.number}`);
    expect(invoiceHtml).toContain("VAT registration No.");
    expect(invoiceHtml).toMatch(/data-testid="tax-registration">GB 123 4567 89</);
    expect(invoiceHtml).toContain(`£${(order.taxAmount / 100).toFixed(2)}`);
    expect(invoiceHtml).toMatch(/data-testid="invoice-total"><span class="nowrap">£\d+\.\d\d GBP/);
    expect(invoiceHtml).toContain("All amounts are in British pounds (GBP), incl. VAT.");
    expect(invoiceHtml).toMatch(
      /data-testid="seller">Herbo Shilajit Pvt\. Ltd\.<br>Thamel Marg 12<br>Kathmandu 44600<br>Nepal</,
    );
    // The back office shows the order's market, its tax and the way to its invoice, amounts in pounds.
    const owner = await signedInOwner(api, "markets@shop.test");
    const detail = await owner.get<AdminOrderDetail>(`/orders/${order.number}`);
    expect(detail).toMatchObject({
      market: { code: "uk", name: "United Kingdom" },
      taxNote: taxText,
      invoicePath: `/orders/${order.accessToken}/invoice`,
      total: { amount: order.totalAmount, currency: "GBP", text: `£${(order.totalAmount / 100).toFixed(2)}` },
    });
    await registerTax("uk", null);
  });

  it("prints Nepal's invoice with the seller's PAN/VAT number", async () => {
    await registerTax("np", "601234567");
    const { order } = await placeCardOrder([{ variant_id: "var_resin_20g", quantity: 1 }], "NPR", kathmanduDetails);
    expect(order.taxAmount).toBe(includedTax(220_000, 1300));
    const invoiceHtml = await (await fetch(`${api.baseUrl}/orders/${order.accessToken}/invoice`)).text();
    expect(invoiceHtml).toContain("PAN/VAT No.");
    expect(invoiceHtml).toMatch(/data-testid="tax-registration">601234567</);
    expect(invoiceHtml).toContain("Rs. 2200.00 NPR");
    await registerTax("np", null);
  });

  it("shows US prices without tax, with the note on duties, on the order page and in the email", async () => {
    const { order } = await placeCardOrder([{ variant_id: "var_resin_10g", quantity: 1 }], "USD", shopperDetails.US);
    expect(order).toMatchObject({ marketCode: "us", taxAmount: 0, totalAmount: 2_999 + 1_299 });
    const note = "Prices do not include tax. Import duties and taxes may be due on delivery.";
    expect(await (await fetch(`${api.baseUrl}/orders/${order.accessToken}`)).text()).toContain(note);
    const [confirmation] = await api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, "order_confirmation")));
    if (confirmation === undefined) throw new Error("No confirmation email");
    const text = String(composeEmail(confirmation, testMailSettings).text);
    expect(text).toContain("Total: $42.98 USD");
    expect(text).toContain(note);
    const invoiceHtml = await (await fetch(`${api.baseUrl}/orders/${order.accessToken}/invoice`)).text();
    expect(invoiceHtml).toContain(`Invoice ${order.number}`);
    expect(invoiceHtml).not.toContain("Tax invoice");
    expect(invoiceHtml).toContain(note);
    expect(invoiceHtml).not.toContain("incl.");
  });

  it("keeps an order's amounts when the price list changes afterwards", async () => {
    const { order, lines } = await placeCardOrder(
      [{ variant_id: "var_resin_10g", quantity: 2 }],
      "CAD",
      shopperDetails.CA,
    );
    await api.db
      .update(variantPrices)
      .set({ amount: 4_999 })
      .where(and(eq(variantPrices.variantId, "var_resin_10g"), eq(variantPrices.currencyCode, "CAD")));
    const [after] = await api.db.select().from(orders).where(eq(orders.id, order.id));
    const afterLines = await api.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(after).toEqual(order);
    expect(afterLines.map((line) => line.unitAmount)).toEqual(lines.map((line) => line.unitAmount));
    expect(lines[0]?.unitAmount).toBe(3_999);
    const invoiceHtml = await (await fetch(`${api.baseUrl}/orders/${order.accessToken}/invoice`)).text();
    expect(invoiceHtml).toContain("CA$39.99");
    expect(invoiceHtml).not.toContain("CA$49.99");
    // A new checkout takes the new price.
    const sessionId = await openSession([{ variant_id: "var_resin_10g", quantity: 1 }], "CAD");
    await enterDetails(api.baseUrl, sessionId, shopperDetails.CA);
    expect(await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text()).toMatch(
      /data-testid="subtotal"><span class="nowrap">CA\$49\.99/,
    );
    await api.db
      .update(variantPrices)
      .set({ amount: 3_999 })
      .where(and(eq(variantPrices.variantId, "var_resin_10g"), eq(variantPrices.currencyCode, "CAD")));
  });

  it("answers the invoice of an unknown order with a 404 that names nothing", async () => {
    const response = await fetch(`${api.baseUrl}/orders/${"x".repeat(32)}/invoice`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Order not found");
    expect((await fetch(`${api.baseUrl}/orders/short/invoice`)).status).toBe(404);
  });

  it("adds missing markets to an existing shop once, with the seed's prices, leaving the owner's alone", async () => {
    const catalog = await readSeedCatalog();
    await api.db
      .update(variantPrices)
      .set({ amount: 3_333 })
      .where(and(eq(variantPrices.variantId, "var_resin_10g"), eq(variantPrices.currencyCode, "USD")));
    await api.db.delete(variantPrices).where(eq(variantPrices.currencyCode, "AED"));
    await api.db.delete(markets).where(eq(markets.code, "ae"));
    expect(await seedMarkets(api.db, catalog)).toEqual(["ae"]);
    const aed = await api.db.select().from(variantPrices).where(eq(variantPrices.currencyCode, "AED"));
    expect(aed).toHaveLength(8);
    expect(aed.find((price) => price.variantId === "var_resin_10g")?.amount).toBe(11_000);
    // A second start adds nothing and keeps the owner's USD price.
    expect(await seedMarkets(api.db, catalog)).toEqual([]);
    const [usd] = await api.db
      .select()
      .from(variantPrices)
      .where(and(eq(variantPrices.variantId, "var_resin_10g"), eq(variantPrices.currencyCode, "USD")));
    expect(usd?.amount).toBe(3_333);
    await api.db
      .update(variantPrices)
      .set({ amount: 2_999 })
      .where(and(eq(variantPrices.variantId, "var_resin_10g"), eq(variantPrices.currencyCode, "USD")));
    expect(await api.db.select().from(markets).where(ne(markets.code, "np"))).toHaveLength(5);
  });
});

import { includedTax, type ShippingRatesResponse } from "@herbo/hosted-api";
import type { AdminOrderDetail, AdminPromotions, AdminShipping } from "@herbo/hosted-api/admin";
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { composeEmail } from "../src/email/compose.ts";
import { catalogChanges, checkoutLines, checkoutSessions, orderLines, orderRefunds, outbox } from "../src/db/schema.ts";
import { type AdminClient, ownerEmail, backOfficeSuite } from "./admin-helpers.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  payByTestCard,
  postJson,
  sessionIdOf,
  shopperDetails,
} from "./harness.ts";
import { testMailSettings } from "./outbox-fixtures.ts";

/**
 * Quantity prices: the owner sets, per product and market, "2 units or more save 10 %" on the Promotions
 * page, from the version they saw, with a history; the storefront's offer answer states them, checkout takes
 * them off each of the product's lines (its sizes counted together), and the order, its email, page, invoice
 * and credit notes state each line's discount the same way, with tax worked out on what was paid.
 */

const kinds = await databaseKinds();
const jar = 2_499; // The 10 g jar in pounds (minor units).
const largeJar = 3_999; // The 20 g jar.
const ukShipping = 999;

describe.each(kinds)("quantity prices on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test" });
  beforeEach(() => {
    shop.api.clock.advance(60_000);
  });

  async function setTiers(
    client: AdminClient,
    productId: string,
    market: string,
    tiers: { minQuantity: number; percent: number }[],
    version?: number,
  ) {
    const current = await pricesOf(productId, market);
    return client.put(`/products/${productId}/quantity-prices/${market}`, {
      version: version ?? current.version,
      tiers,
    });
  }
  async function pricesOf(productId: string, market: string) {
    const promotions = await shop.owner.get<AdminPromotions>("/promotions");
    const set = promotions.products
      .find((product) => product.id === productId)
      ?.prices.find((entry) => entry.marketCode === market);
    if (set === undefined) throw new Error(`No ${productId} in ${market}`);
    return set;
  }
  async function publicOffer(): Promise<ShippingRatesResponse> {
    return (await (await fetch(`${shop.api.storeUrl}/shipping-rates`)).json()) as ShippingRatesResponse;
  }
  /** A checkout in pounds with a UK address: its session, its lines and its payment page. */
  async function ukCheckout(items: { variant_id: string; quantity: number }[]) {
    const created = await postJson(`${shop.api.storeUrl}/checkout`, checkoutBody(items, "GBP"));
    expect(created.status, await created.clone().text()).toBe(200);
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(shop.api.baseUrl, sessionId, shopperDetails.GB)).status).toBe(303);
    const page = await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text();
    const [session] = await shop.api.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    const lines = await shop.api.db
      .select()
      .from(checkoutLines)
      .where(eq(checkoutLines.sessionId, sessionId))
      .orderBy(asc(checkoutLines.position));
    return { sessionId, page, session, lines };
  }
  async function payByCard(sessionId: string) {
    const order = await payByTestCard(shop.api, sessionId);
    const lines = await shop.api.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    return { order, lines };
  }
  async function act(number: string, body: Record<string, unknown>) {
    const response = await shop.owner.action(number, body);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as AdminOrderDetail;
  }

  it("lists every product in every market with no quantity price at first, at version 0", async () => {
    const promotions = await shop.owner.get<AdminPromotions>("/promotions");
    expect(promotions.markets.map((market) => market.code)).toEqual(["np", "us", "in", "uk", "ca", "ae"]);
    const resin = promotions.products.find((product) => product.id === "prod_himalayan_resin");
    expect(resin?.prices).toHaveLength(6);
    expect(resin?.prices.every((set) => set.tiers.length === 0 && set.version === 0)).toBe(true);
    expect((await publicOffer()).quantity_prices).toEqual([]);
  });

  it("takes a product's quantity price off each of its lines, sizes counted together, and every page and the order say it the same way", async () => {
    const saved = await setTiers(shop.owner, "prod_himalayan_resin", "uk", [
      { minQuantity: 3, percent: 15 },
      { minQuantity: 2, percent: 10 },
    ]);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const answer = (await saved.json()) as AdminPromotions;
    const set = answer.products
      .find((product) => product.id === "prod_himalayan_resin")
      ?.prices.find((entry) => entry.marketCode === "uk");
    expect(set).toEqual({
      marketCode: "uk",
      tiers: [
        { minQuantity: 2, percent: 10 },
        { minQuantity: 3, percent: 15 },
      ],
      version: 1,
    });
    expect(answer.history[0]).toMatchObject({
      actor: ownerEmail,
      entity: "quantity_price",
      entityId: "prod_himalayan_resin:uk",
      label: "Pure Himalayan Shilajit Resin in United Kingdom",
      before: [],
      after: [
        { minQuantity: 2, percent: 10 },
        { minQuantity: 3, percent: 15 },
      ],
    });
    // The storefront's offer answer (cached a minute in these tests) carries it at once.
    expect((await publicOffer()).quantity_prices).toEqual([
      { product_id: "prod_himalayan_resin", market: "uk", min_quantity: 2, percent: 10 },
      { product_id: "prod_himalayan_resin", market: "uk", min_quantity: 3, percent: 15 },
    ]);

    // One jar: the full price.
    const one = await ukCheckout([{ variant_id: "var_resin_10g", quantity: 1 }]);
    expect(one.session).toMatchObject({ totalAmount: jar, discountAmount: 0 });
    expect(one.page).not.toContain('data-testid="line-offer"');

    // A 10 g and a 20 g jar are two jars: 10 % off each line, rounded half-up per line.
    const mixed = await ukCheckout([
      { variant_id: "var_resin_10g", quantity: 1 },
      { variant_id: "var_resin_20g", quantity: 1 },
    ]);
    expect(mixed.lines.map((line) => [line.discountAmount, line.offerLabel])).toEqual([
      [250, "Buy 2, save 10 %"],
      [400, "Buy 2, save 10 %"],
    ]);
    expect(mixed.session).toMatchObject({ totalAmount: jar + largeJar - 650, discountAmount: 650 });

    // Two 10 g jars: £49.98 less £5.00, then the UK's shipping; the page states the line, its saving and the sums.
    const two = await ukCheckout([{ variant_id: "var_resin_10g", quantity: 2 }]);
    expect(two.session).toMatchObject({ totalAmount: 4_498, discountAmount: 500, shippingAmount: ukShipping });
    expect(two.page).toContain('data-testid="line-offer">Buy 2, save 10 %<');
    expect(two.page).toMatch(/data-testid="line-discount">−<span class="nowrap">£5\.00</);
    expect(two.page).toMatch(/data-testid="subtotal"><span class="nowrap">£44\.98</);
    expect(two.page).toMatch(/data-testid="total"><span class="nowrap">£54\.97 GBP/);
    const { order, lines } = await payByCard(two.sessionId);
    expect(order).toMatchObject({
      subtotalAmount: 4_498,
      discountAmount: 500,
      shippingAmount: ukShipping,
      totalAmount: 4_498 + ukShipping,
      capturedAmount: 4_498 + ukShipping,
    });
    expect(lines.map((line) => [line.unitAmount, line.quantity, line.discountAmount, line.offerLabel])).toEqual([
      [jar, 2, 500, "Buy 2, save 10 %"],
    ]);

    // The email, the order page, the invoice and the back office agree to the penny.
    const [confirmation] = await shop.api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, "order_confirmation")));
    if (confirmation === undefined) throw new Error("No confirmation email");
    const text = String(composeEmail(confirmation, testMailSettings).text);
    expect(text).toContain(
      "× 2: £49.98\n  Buy 2, save 10 %: −£5.00\n\nSubtotal: £44.98\nShipping: £9.99\nTotal: £54.97 GBP",
    );
    const orderPage = await (await fetch(`${shop.api.baseUrl}/orders/${order.accessToken}`)).text();
    expect(orderPage).toMatch(/data-testid="line-discount">−<span class="nowrap">£5\.00/);
    expect(orderPage).toMatch(/data-testid="total"><span class="nowrap">£54\.97 GBP/);
    const invoice = await (await fetch(`${shop.api.baseUrl}/orders/${order.accessToken}/invoice`)).text();
    expect(invoice).toContain('data-testid="invoice-offer">Buy 2, save 10 %<');
    expect(invoice).toMatch(/data-testid="invoice-total"><span class="nowrap">£54\.97 GBP/);
    const detail = await shop.owner.get<AdminOrderDetail>(`/orders/${order.number}`);
    expect(detail.lines[0]).toMatchObject({
      lineTotal: { amount: 4_998 },
      discount: { amount: 500 },
      offerLabel: "Buy 2, save 10 %",
    });
    expect(detail.subtotal.amount).toBe(4_498);

    // Other markets have no quantity price.
    const us = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 2 }], "USD"),
    );
    const usSession = sessionIdOf(((await us.json()) as { url: string }).url);
    const [usRow] = await shop.api.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, usSession));
    expect(usRow).toMatchObject({ discountAmount: 0, totalAmount: 2 * 2_999 });
  });

  it("works out each line's tax on what it was paid, and refunds a returned unit at its share of the discounted line", async () => {
    const registered = await shop.owner.get<AdminShipping>("/shipping");
    const uk = registered.markets.find((market) => market.code === "uk");
    const tax = await shop.owner.put("/markets/uk/tax", {
      version: uk?.version,
      pricesIncludeTax: true,
      taxName: "VAT",
      rateBasisPoints: 2_000,
      registration: "GB123456789",
    });
    expect(tax.status, await tax.clone().text()).toBe(200);
    const current = await pricesOf("prod_himalayan_resin", "uk");
    if (current.tiers.length === 0) {
      expect((await setTiers(shop.owner, "prod_himalayan_resin", "uk", [{ minQuantity: 2, percent: 10 }])).status).toBe(
        200,
      );
    }
    // Three jars reach "Buy 3, save 15 %" (set by the test above, or 10 % when run alone).
    const three = await ukCheckout([{ variant_id: "var_resin_10g", quantity: 3 }]);
    const discount = three.lines[0]?.discountAmount ?? 0;
    expect(discount).toBeGreaterThan(0);
    const paid = 3 * jar - discount;
    const { order, lines } = await payByCard(three.sessionId);
    expect(lines[0]?.taxAmount).toBe(includedTax(paid, 2_000));
    expect(lines[0]?.taxAmount).not.toBe(includedTax(3 * jar, 2_000));
    expect(order.taxAmount).toBe(includedTax(paid, 2_000) + includedTax(ukShipping, 2_000));

    await act(order.number, { action: "ship", carrier: "Royal Mail", trackingNumber: "RR123456785GB" });
    await act(order.number, { action: "deliver" });
    const share = Math.floor((paid + 1) / 3);
    const returned = await act(order.number, {
      action: "take_return",
      lines: [{ position: 1, quantity: 1 }],
      restock: true,
      refundAmount: share,
      reason: "one jar too many",
    });
    // The sandbox's refunds are made by hand, so this one waits for the owner with its amount.
    expect(returned.refunds).toMatchObject([{ kind: "return", status: "to_make", amount: { amount: share } }]);
    const [refund] = await shop.api.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund?.creditLines).toEqual([
      {
        productTitle: "Pure Himalayan Shilajit Resin",
        variantTitle: "10 g",
        quantity: 1,
        amount: share,
        taxAmount: includedTax(share, 2_000),
      },
    ]);
    // Never more back than was paid: the rest of the order is all that can still be refunded.
    expect(returned.refundable.amount).toBe(order.totalAmount - share);
    await shop.owner.put("/markets/uk/tax", {
      version: (uk?.version ?? 0) + 1,
      pricesIncludeTax: true,
      taxName: "VAT",
      rateBasisPoints: 2_000,
      registration: null,
    });
  });

  it("keeps the quantity price a checkout was made with when the owner ends it before the shopper pays", async () => {
    await setTiers(shop.owner, "prod_travel_tin", "uk", [{ minQuantity: 2, percent: 20 }]);
    const waiting = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 2 }]);
    expect(waiting.session?.discountAmount).toBe(percentOfTwoTins());
    expect((await setTiers(shop.owner, "prod_travel_tin", "uk", [])).status).toBe(200);
    expect((await publicOffer()).quantity_prices?.some((price) => price.product_id === "prod_travel_tin")).toBe(false);
    const { order } = await payByCard(waiting.sessionId);
    expect(order.discountAmount).toBe(percentOfTwoTins());
    // The next checkout pays the full price.
    const later = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 2 }]);
    expect(later.session?.discountAmount).toBe(0);
    expect((await pricesOf("prod_travel_tin", "uk")).version).toBe(2);
  });

  it("refuses tiers the shop would not hold, another owner's newer version, and unknown products and markets, changing nothing", async () => {
    const changes = async () => (await shop.api.db.select().from(catalogChanges)).length;
    const before = await changes();
    const seen = await pricesOf("prod_starter_kit", "ca");
    const cases: [string, unknown, RegExp][] = [
      ["one unit", [{ minQuantity: 1, percent: 10 }], /2 to 20 units/],
      ["21 units", [{ minQuantity: 21, percent: 10 }], /2 to 20 units/],
      ["nothing saved", [{ minQuantity: 2, percent: 0 }], /whole percentage from 1 to 100/],
      ["more than everything", [{ minQuantity: 2, percent: 101 }], /whole percentage from 1 to 100/],
      ["a fraction", [{ minQuantity: 2, percent: 12.5 }], /whole percentage/],
      ["a negative percent", [{ minQuantity: 2, percent: -10 }], /whole percentage/],
      [
        "the same units twice",
        [
          { minQuantity: 2, percent: 10 },
          { minQuantity: 2, percent: 15 },
        ],
        /Two quantity prices are for 2 units/,
      ],
      [
        "more units saving less",
        [
          { minQuantity: 2, percent: 15 },
          { minQuantity: 3, percent: 10 },
        ],
        /Buying 3 units must save more than buying 2/,
      ],
    ];
    for (const [label, tiers, message] of cases) {
      const response = await shop.owner.put("/products/prod_starter_kit/quantity-prices/ca", {
        version: seen.version,
        tiers,
      });
      expect(response.status, label).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string; details: unknown } };
      expect(error.code, label).toBe("invalid_request");
      expect(error.message, label).toMatch(message);
    }
    const shapes: [string, string, unknown][] = [
      ["tiers as text", "/products/prod_starter_kit/quantity-prices/ca", { version: 0, tiers: "2: 10" }],
      ["no version", "/products/prod_starter_kit/quantity-prices/ca", { tiers: [] }],
      ["a malformed market", "/products/prod_starter_kit/quantity-prices/CA", { version: 0, tiers: [] }],
      ["a malformed product", "/products/prod%20kit/quantity-prices/ca", { version: 0, tiers: [] }],
    ];
    for (const [label, path, body] of shapes) {
      expect((await shop.owner.put(path, body)).status, label).toBe(400);
    }
    expect((await shop.owner.put("/products/prod_none/quantity-prices/ca", { version: 0, tiers: [] })).status).toBe(
      404,
    );
    expect(
      (await shop.owner.put("/products/prod_starter_kit/quantity-prices/fr", { version: 0, tiers: [] })).status,
    ).toBe(404);

    // Two owners open the page; the first saves, the second's save from the same version is refused.
    const first = await setTiers(shop.owner, "prod_starter_kit", "ca", [{ minQuantity: 2, percent: 5 }], seen.version);
    expect(first.status).toBe(200);
    const second = await setTiers(
      shop.partner,
      "prod_starter_kit",
      "ca",
      [{ minQuantity: 2, percent: 50 }],
      seen.version,
    );
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string; details: unknown } }).error).toMatchObject({
      code: "edit_conflict",
      details: { version: 1 },
    });
    expect((await pricesOf("prod_starter_kit", "ca")).tiers).toEqual([{ minQuantity: 2, percent: 5 }]);
    expect(await changes()).toBe(before + 1);
  });

  it("lets one of two first saves at once in, and refuses the other as a conflict", async () => {
    const seen = await pricesOf("prod_gift_box", "ae");
    expect(seen.version).toBe(0);
    const answers = await Promise.all([
      setTiers(shop.owner, "prod_gift_box", "ae", [{ minQuantity: 2, percent: 5 }], 0),
      setTiers(shop.partner, "prod_gift_box", "ae", [{ minQuantity: 2, percent: 7 }], 0),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await pricesOf("prod_gift_box", "ae")).version).toBe(1);
  });
});

/** Two tins at £13.99 with 20 % off: £27.98 less £5.60. */
function percentOfTwoTins(): number {
  return Math.floor((2 * 1_399 * 20 + 50) / 100);
}

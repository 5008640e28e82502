import type { AdminPrices, AdminProduct, AdminProductList } from "@herbo/hosted-api/admin";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, variantPrices } from "../src/db/schema.ts";
import { ownerEmail, backOfficeSuite } from "./admin-helpers.ts";
import { checkoutBody, databaseKinds, postJson, sessionIdOf } from "./harness.ts";

const kinds = await databaseKinds();

describe.each(kinds)("the back office's price lists on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test" });

  async function variantOf(variantId: string) {
    const prices = await shop.owner.get<AdminPrices>("/prices");
    const variant = prices.products.flatMap((product) => product.variants).find((entry) => entry.id === variantId);
    if (variant === undefined) throw new Error(`No ${variantId}`);
    return variant;
  }
  /** The storefront's price of a variant in a currency, as the catalogue answers it. */
  async function storePrice(variantId: string, currency: string) {
    const response = await fetch(`${shop.api.storeUrl}/products/prod_himalayan_resin`);
    const { product } = (await response.json()) as {
      product: { variants: { id: string; prices: { currency_code: string; amount: number }[] }[] };
    };
    return product.variants
      .find((variant) => variant.id === variantId)
      ?.prices.find((price) => price.currency_code.toUpperCase() === currency)?.amount;
  }

  it("lists each variant's price in every market currency, with its version", async () => {
    const prices = await shop.owner.get<AdminPrices>("/prices");
    expect(prices.currencies.map((currency) => currency.code)).toEqual(["NPR", "USD", "INR", "GBP", "CAD", "AED"]);
    expect(prices.currencies[0]).toEqual({ code: "NPR", decimalDigits: 2, marketName: "Nepal" });
    const jar = await variantOf("var_resin_10g");
    expect(jar.version).toBe(1);
    expect(jar.prices.slice(0, 2)).toEqual([
      { currencyCode: "NPR", amount: 120000, saleAmount: null },
      { currencyCode: "USD", amount: 2999, saleAmount: null },
    ]);
  });

  it("sets a price: the storefront answers it at once, a checkout charges it, and the history says who and what", async () => {
    const before = await variantOf("var_resin_20g");
    const response = await shop.owner.put("/variants/var_resin_20g/prices", {
      version: before.version,
      prices: [{ currencyCode: "USD", amount: 4499, saleAmount: 3999 }],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const after = (await response.json()) as AdminPrices;
    const variant = after.products.flatMap((product) => product.variants).find((entry) => entry.id === "var_resin_20g");
    expect(variant?.version).toBe(before.version + 1);
    expect(variant?.prices.find((price) => price.currencyCode === "USD")).toEqual({
      currencyCode: "USD",
      amount: 4499,
      saleAmount: 3999,
    });
    // Other currencies are left as they were.
    expect(variant?.prices.find((price) => price.currencyCode === "NPR")).toEqual(
      before.prices.find((price) => price.currencyCode === "NPR"),
    );
    expect(after.history[0]).toMatchObject({
      actor: ownerEmail,
      variantId: "var_resin_20g",
      variantTitle: "20 g",
      before: expect.arrayContaining([expect.objectContaining({ currencyCode: "USD", saleAmount: null })]),
      after: expect.arrayContaining([{ currencyCode: "USD", amount: 4499, saleAmount: 3999 }]),
    });

    expect(await storePrice("var_resin_20g", "USD")).toBe(4499);
    const checkout = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_20g", quantity: 2 }], "USD"),
    );
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdOf(((await checkout.json()) as { url: string }).url);
    const [session] = await shop.api.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    // Two jars at the new sale price, in dollars.
    expect(session).toMatchObject({ currencyCode: "USD", totalAmount: 2 * 3999 });
  });

  it("refuses a change made from an old version, and keeps the first owner's prices", async () => {
    const seen = await variantOf("var_resin_30g");
    const first = await shop.owner.put("/variants/var_resin_30g/prices", {
      version: seen.version,
      prices: [{ currencyCode: "GBP", amount: 5999, saleAmount: null }],
    });
    expect(first.status).toBe(200);
    const second = await shop.partner.put("/variants/var_resin_30g/prices", {
      version: seen.version,
      prices: [{ currencyCode: "GBP", amount: 4999, saleAmount: null }],
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      error: { code: "edit_conflict", details: { version: seen.version + 1 } },
    });
    const now = await variantOf("var_resin_30g");
    expect(now.prices.find((price) => price.currencyCode === "GBP")?.amount).toBe(5999);
    expect(now.version).toBe(seen.version + 1);
  });

  it("refuses negative, zero, fractional and unknown prices, a sale at or above the price, a currency twice and an unknown variant, changing nothing", async () => {
    const seen = await variantOf("var_travel_tin");
    const historyBefore = (await shop.owner.get<AdminPrices>("/prices")).history.length;
    const usd = (amount: unknown, saleAmount: unknown = null) => ({ currencyCode: "USD", amount, saleAmount });
    const cases: [string, unknown, number, string][] = [
      ["a negative price", [usd(-1)], 400, "invalid_request"],
      ["a price of zero", [usd(0)], 400, "invalid_request"],
      ["a sale price of zero", [usd(2999, 0)], 400, "invalid_request"],
      ["a fractional price", [usd(29.99)], 400, "invalid_request"],
      ["a price as text", [usd("29.99")], 400, "invalid_request"],
      ["a negative sale", [usd(2999, -5)], 400, "invalid_request"],
      ["a sale above the price", [usd(2999, 3999)], 400, "invalid_request"],
      ["a sale equal to the price", [usd(2999, 2999)], 400, "invalid_request"],
      [
        "a currency no market sells in",
        [{ currencyCode: "EUR", amount: 2999, saleAmount: null }],
        400,
        "invalid_request",
      ],
      ["a malformed currency", [{ currencyCode: "usd", amount: 2999, saleAmount: null }], 400, "invalid_request"],
      ["a currency twice", [usd(2999), usd(1999)], 400, "invalid_request"],
      ["no prices", [], 400, "invalid_request"],
    ];
    for (const [label, prices, status, code] of cases) {
      const response = await shop.owner.put("/variants/var_travel_tin/prices", { version: seen.version, prices });
      expect(response.status, label).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code, label).toBe(code);
    }
    const unknown = await shop.owner.put("/variants/var_nothing/prices", {
      version: 1,
      prices: [usd(2999)],
    });
    expect(unknown.status).toBe(404);
    const missingVersion = await shop.owner.put("/variants/var_travel_tin/prices", { prices: [usd(2999)] });
    expect(missingVersion.status).toBe(400);
    expect(await variantOf("var_travel_tin")).toEqual(seen);
    expect((await shop.owner.get<AdminPrices>("/prices")).history).toHaveLength(historyBefore);
  });

  it("answers a zero price stored before such prices were refused as no price at checkout, never a server error", async () => {
    const before = (await variantOf("var_travel_tin")).prices.find((price) => price.currencyCode === "NPR");
    if (before === undefined) throw new Error("The travel tin has no rupee price");
    await shop.api.db
      .update(variantPrices)
      .set({ amount: 0, saleAmount: null })
      .where(and(eq(variantPrices.variantId, "var_travel_tin"), eq(variantPrices.currencyCode, "NPR")));
    try {
      const checkout = await postJson(
        `${shop.api.storeUrl}/checkout`,
        checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }], "NPR"),
      );
      expect(checkout.status).toBe(400);
      expect(((await checkout.json()) as { error: { code: string } }).error.code).toBe("unpriced_variant");
    } finally {
      await shop.api.db
        .update(variantPrices)
        .set({ amount: before.amount, saleAmount: before.saleAmount })
        .where(and(eq(variantPrices.variantId, "var_travel_tin"), eq(variantPrices.currencyCode, "NPR")));
    }
  });

  it("moves the product's 'changed' time in the products list on a price change and a stock adjustment, and not its version", async () => {
    const changedAt = async () =>
      (await shop.owner.get<AdminProductList>("/products")).products.find((product) => product.id === "prod_value_pack")
        ?.updatedAt;
    const product = await shop.owner.get<AdminProduct>("/products/prod_value_pack");
    const variantId = product.variants[0]?.id ?? "";
    const before = await changedAt();

    shop.api.clock.advance(60 * 60_000);
    const priced = await shop.owner.put(`/variants/${variantId}/prices`, {
      version: (await variantOf(variantId)).version,
      prices: [{ currencyCode: "AED", amount: 23000, saleAmount: null }],
    });
    expect(priced.status, await priced.clone().text()).toBe(200);
    expect(await changedAt()).toBe(shop.api.clock.now().toISOString());
    expect(await changedAt()).not.toBe(before);

    shop.api.clock.advance(60 * 60_000);
    const counted = await shop.owner.post(`/stock/${variantId}/adjustments`, { change: 3, reason: "Delivery" });
    expect(counted.status, await counted.clone().text()).toBe(200);
    expect(await changedAt()).toBe(shop.api.clock.now().toISOString());

    // A refused change leaves the time as it was; the product's editor keeps its version.
    shop.api.clock.advance(60 * 60_000);
    const stale = await shop.owner.put(`/variants/${variantId}/prices`, {
      version: 1,
      prices: [{ currencyCode: "AED", amount: 1, saleAmount: null }],
    });
    expect(stale.status).toBe(409);
    expect(await changedAt()).not.toBe(shop.api.clock.now().toISOString());
    expect((await shop.owner.get<AdminProduct>("/products/prod_value_pack")).version).toBe(product.version);
  });
});

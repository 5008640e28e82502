import { messages } from "~/content/messages";
import { lineRefusal } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import type { CartItem } from "~/lib/cart/cart";
import { StoreApiError } from "~/lib/store-api/client";
import { checkoutCurrency, checkoutErrorText, checkoutProblem } from "./use-checkout";

const items: CartItem[] = [
  {
    product: { id: "p", title: "Shilajit Starter Kit", imageUrl: null },
    variant: {
      id: "var_starter_kit",
      title: "Kit",
      manageInventory: true,
      priceInCents: 150000,
      salePriceInCents: null,
      currency: { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 },
    },
    quantity: 4,
  },
];

describe("checkout problems", () => {
  it("names a line the store no longer sells", () => {
    const error = new StoreApiError("HTTP 400: Bad Request", 400, "unknown_variant", {
      reason: "unavailable",
      variantId: "var_starter_kit",
    });
    expect(checkoutProblem(error, items)).toBe(
      "Shilajit Starter Kit (Kit) is no longer available. Please remove it from your cart.",
    );
  });

  it("says how many are left, or that it is sold out", () => {
    const fewer = new StoreApiError("HTTP 409: Conflict", 409, "insufficient_inventory", {
      reason: "short_of_stock",
      variantId: "var_starter_kit",
      available: 3,
    });
    expect(checkoutProblem(fewer, items)).toBe(
      "Only 3 of Shilajit Starter Kit (Kit) left. Please lower the quantity in your cart.",
    );
    const none = new StoreApiError("HTTP 409: Conflict", 409, "insufficient_inventory", {
      reason: "short_of_stock",
      variantId: "var_starter_kit",
      available: 0,
    });
    expect(checkoutProblem(none, items)).toBe(
      "Shilajit Starter Kit (Kit) is sold out. Please remove it from your cart.",
    );
  });

  it("asks the shopper to finish a waiting checkout or wait when the store refuses more from their connection", () => {
    for (const code of ["too_many_open_checkouts", "rate_limited"]) {
      expect(checkoutProblem(new StoreApiError("HTTP 429", 429, code), items)).toBe(messages.checkoutBusy);
    }
    expect(messages.checkoutBusy).toMatch(/^Several checkouts from your connection are still waiting for payment\./);
  });

  it("falls back to SPEC's text for anything else", () => {
    expect(checkoutProblem(new TypeError("Failed to fetch"), items)).toBe(checkoutErrorText);
    expect(checkoutProblem(new StoreApiError("HTTP 500: Internal Server Error", 500), items)).toBe(checkoutErrorText);
    expect(
      checkoutProblem(
        new StoreApiError("HTTP 400", 400, "unknown_variant", { reason: "unavailable", variantId: "other" }),
        items,
      ),
    ).toBe(checkoutErrorText);
  });
});

describe("checkout problems, by error code", () => {
  // As the store client reads an error answer: the code, and the refusal its details describe.
  const storeError = (code: string, details: Record<string, unknown>) =>
    new StoreApiError(
      "HTTP 409: Conflict",
      409,
      code,
      lineRefusal(code, { variant_id: "var_starter_kit", ...details }),
    );

  it("names a line whose product the store made unavailable", () => {
    expect(checkoutProblem(storeError("product_unavailable", {}), items)).toBe(
      "Shilajit Starter Kit (Kit) is no longer available. Please remove it from your cart.",
    );
  });

  it("gives the general text for other codes about a line, and for a stock refusal without a count", () => {
    expect(checkoutProblem(storeError("mixed_currencies", { available: 3 }), items)).toBe(checkoutErrorText);
    expect(checkoutProblem(storeError("insufficient_inventory", {}), items)).toBe(checkoutErrorText);
    expect(checkoutProblem(storeError("insufficient_inventory", { available: "3" }), items)).toBe(checkoutErrorText);
  });

  it("reads only errors of the store API, not others that carry the same fields", () => {
    const lookalike = Object.assign(new Error("x"), {
      code: "unknown_variant",
      details: { variant_id: "var_starter_kit" },
    });
    expect(checkoutProblem(lookalike, items)).toBe(checkoutErrorText);
  });
});

describe("checkout problems with the cart's currency (issue 26)", () => {
  const dollars: CartItem[] = items.map((item) => ({
    ...item,
    variant: {
      ...item.variant,
      priceInCents: 4999,
      currency: { code: "usd", symbol: "$", template: null, decimalDigits: 2 },
    },
  }));

  it("says the shop cannot take orders in a currency it has no price list for", () => {
    const error = new StoreApiError("HTTP 400: Bad Request", 400, "unsupported_currency", undefined, {
      details: { currency: "USD" },
    });
    expect(checkoutProblem(error, dollars)).toBe(
      "We cannot take orders in US dollars right now. Please choose another country at the bottom of the page.",
    );
    // Without details, the cart's own currency is named.
    expect(checkoutProblem(new StoreApiError("HTTP 400", 400, "unsupported_currency"), dollars)).toBe(
      messages.checkoutCurrencyUnsupported("US dollars"),
    );
  });

  it("names the line the store has no price for in the cart's currency", () => {
    const error = new StoreApiError("HTTP 400: Bad Request", 400, "unpriced_variant", undefined, {
      details: { variant_id: "var_starter_kit", currency: "USD" },
    });
    expect(checkoutProblem(error, dollars)).toBe(
      "Shilajit Starter Kit (Kit) is not sold in US dollars. Please remove it from your cart.",
    );
    const unknownLine = new StoreApiError("HTTP 400", 400, "unpriced_variant", undefined, {
      details: { variant_id: "other", currency: "USD" },
    });
    expect(checkoutProblem(unknownLine, dollars)).toBe(messages.checkoutCurrencyUnsupported("US dollars"));
  });
});

describe("the currency a checkout names (issue 26)", () => {
  const inCurrency = (code: string): CartItem[] =>
    items.map((item) => ({ ...item, variant: { ...item.variant, currency: { ...item.variant.currency, code } } }));

  it("is the cart lines' currency, in upper case, when it is one of the shop's", () => {
    expect(checkoutCurrency(items)).toBe("NPR");
    expect(checkoutCurrency(inCurrency("usd"))).toBe("USD");
    expect(checkoutCurrency(inCurrency("aed"))).toBe("AED");
  });

  it("is none for an empty cart or a currency no market sells in (the store's default then)", () => {
    expect(checkoutCurrency([])).toBeNull();
    expect(checkoutCurrency(inCurrency("eur"))).toBeNull();
  });
});

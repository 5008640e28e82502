import { describe, expect, it } from "vitest";
import type { ShippingRate } from "~/lib/store-api/types";
import { cartShippingLines } from "./cart-shipping";

const rate = (overrides: Partial<ShippingRate>): ShippingRate => ({
  country: "IN",
  countryName: "India",
  amount: 150_000,
  currency: "NPR",
  decimalDigits: 2,
  handlingDays: { min: 1, max: 2 },
  transitDays: { min: 5, max: 9 },
  ...overrides,
});

describe("the cart's delivery lines with a market's free-shipping threshold", () => {
  const uk = rate({ country: "GB", countryName: "United Kingdom", amount: 999, currency: "GBP" });

  it("states the rate and how much more ships free, below the threshold", () => {
    expect(cartShippingLines(uk, 6_000, 4_998)).toEqual([
      "Shipping to the United Kingdom £9.99, 6–11 business days",
      "Free shipping on orders of £60.00 or more: £10.02 to go.",
    ]);
    expect(cartShippingLines(uk, 6_000, 5_999)[1]).toBe("Free shipping on orders of £60.00 or more: £0.01 to go.");
  });

  it("states free delivery once the items reach it, the threshold's own amount included", () => {
    expect(cartShippingLines(uk, 6_000, 6_000)).toEqual(["Free delivery to the United Kingdom, 6–11 business days"]);
    expect(cartShippingLines(uk, 6_000, 9_000)).toEqual(["Free delivery to the United Kingdom, 6–11 business days"]);
  });

  it("states the rate alone without a threshold, and no offer where delivery is free anyway", () => {
    expect(cartShippingLines(uk, undefined, 9_000)).toEqual([
      "Shipping to the United Kingdom £9.99, 6–11 business days",
    ]);
    const nepal = rate({ country: "NP", countryName: "Nepal", amount: 0, currency: "NPR" });
    expect(cartShippingLines(nepal, 500_000, 100)).toEqual(["Free delivery to Nepal, 6–11 business days"]);
  });

  it("writes rupee thresholds as Nepal's pages write rupees", () => {
    const india = rate({ amount: 14_900, currency: "INR" });
    expect(cartShippingLines(india, 500_000, 149_900)[1]).toBe(
      "Free shipping on orders of ₹5,000.00 or more: ₹3,501.00 to go.",
    );
  });
});

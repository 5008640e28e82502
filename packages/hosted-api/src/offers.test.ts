import { describe, expect, it } from "vitest";
import { amountToFreeShipping, reachesFreeShipping, shippingChargeFor } from "./offers.ts";

describe("the free-shipping threshold", () => {
  it("charges the rate below the threshold and nothing from the threshold's own amount up", () => {
    expect(shippingChargeFor(5_999, 499, 6_000)).toBe(499);
    expect(shippingChargeFor(6_000, 499, 6_000)).toBe(0);
    expect(shippingChargeFor(6_001, 499, 6_000)).toBe(0);
  });

  it("charges the rate whatever the subtotal when the market has no threshold", () => {
    expect(shippingChargeFor(10_000_000, 499, null)).toBe(499);
    expect(reachesFreeShipping(10_000_000, null)).toBe(false);
  });

  it("says how much more the items must come to, and 0 once reached", () => {
    expect(amountToFreeShipping(4_750, 6_000)).toBe(1_250);
    expect(amountToFreeShipping(5_999, 6_000)).toBe(1);
    expect(amountToFreeShipping(6_000, 6_000)).toBe(0);
    expect(amountToFreeShipping(9_000, 6_000)).toBe(0);
    expect(amountToFreeShipping(9_000, null)).toBeNull();
  });

  it("reaches a threshold of one minor unit with one, not with none", () => {
    expect(reachesFreeShipping(1, 1)).toBe(true);
    expect(reachesFreeShipping(0, 1)).toBe(false);
  });
});

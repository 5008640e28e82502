import { describe, expect, it } from "vitest";
import {
  amountToFreeShipping,
  codeDiscounts,
  discountCodePattern,
  normalizeDiscountCode,
  spreadByLargestRemainder,
  percentOf,
  quantityPriceFor,
  quantityPriceLabel,
  quantityPriceOffers,
  quantityPricesRefusal,
  reachesFreeShipping,
  returnedUnitsAmount,
  shippingChargeFor,
} from "./offers.ts";

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

describe("quantity prices", () => {
  const tiers = [
    { minQuantity: 3, percent: 15 },
    { minQuantity: 2, percent: 10 },
  ];

  it("names an offer as the pages do", () => {
    expect(quantityPriceLabel({ minQuantity: 2, percent: 10 })).toBe("Buy 2, save 10 %");
  });

  it("picks the tier with the most units at or below those bought, in any order", () => {
    expect(quantityPriceFor(tiers, 1)).toBeUndefined();
    expect(quantityPriceFor(tiers, 2)).toEqual({ minQuantity: 2, percent: 10 });
    expect(quantityPriceFor(tiers, 3)).toEqual({ minQuantity: 3, percent: 15 });
    expect(quantityPriceFor(tiers, 20)).toEqual({ minQuantity: 3, percent: 15 });
    expect(quantityPriceFor([...tiers].reverse(), 5)).toEqual({ minQuantity: 3, percent: 15 });
    expect(quantityPriceFor([], 5)).toBeUndefined();
  });

  it("rounds a percentage half-up in minor units", () => {
    expect(percentOf(4_998, 10)).toBe(500);
    expect(percentOf(4_994, 10)).toBe(499);
    expect(percentOf(4_995, 10)).toBe(500);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(1, 49)).toBe(0);
    expect(percentOf(2_499, 100)).toBe(2_499);
  });

  it("counts a product's units across its lines and takes the tier off each of them", () => {
    const offers = quantityPriceOffers(
      [
        { productId: "resin", unitAmount: 2_499, quantity: 1 },
        { productId: "tin", unitAmount: 1_399, quantity: 1 },
        { productId: "resin", unitAmount: 3_999, quantity: 2 },
      ],
      (productId) => (productId === "resin" ? tiers : []),
    );
    expect(offers).toEqual([
      { discountAmount: percentOf(2_499, 15), label: "Buy 3, save 15 %" },
      { discountAmount: 0, label: null },
      { discountAmount: percentOf(7_998, 15), label: "Buy 3, save 15 %" },
    ]);
    expect(offers[0]?.discountAmount).toBe(375);
    expect(offers[2]?.discountAmount).toBe(1_200);
  });

  it("leaves a product short of its first tier at full price", () => {
    expect(quantityPriceOffers([{ productId: "resin", unitAmount: 2_499, quantity: 1 }], () => tiers)).toEqual([
      { discountAmount: 0, label: null },
    ]);
  });

  it("never takes more than the line", () => {
    expect(
      quantityPriceOffers([{ productId: "resin", unitAmount: 1, quantity: 2 }], () => [
        { minQuantity: 2, percent: 100 },
      ]),
    ).toEqual([{ discountAmount: 2, label: "Buy 2, save 100 %" }]);
  });

  it("accepts tiers that save more as they ask more, and refuses anything else with the reason", () => {
    expect(quantityPricesRefusal(tiers)).toBeUndefined();
    expect(quantityPricesRefusal([])).toBeUndefined();
    expect(quantityPricesRefusal([{ minQuantity: 20, percent: 100 }])).toBeUndefined();
    expect(quantityPricesRefusal([{ minQuantity: 2, percent: 1 }])).toBeUndefined();
    expect(quantityPricesRefusal([{ minQuantity: 1, percent: 10 }])).toBe("A quantity price is for 2 to 20 units.");
    expect(quantityPricesRefusal([{ minQuantity: 21, percent: 10 }])).toBe("A quantity price is for 2 to 20 units.");
    expect(quantityPricesRefusal([{ minQuantity: 2.5, percent: 10 }])).toBe("A quantity price is for 2 to 20 units.");
    for (const percent of [0, 101, 12.5, -10]) {
      expect(quantityPricesRefusal([{ minQuantity: 2, percent }]), String(percent)).toBe(
        "A quantity price saves a whole percentage from 1 to 100.",
      );
    }
    expect(
      quantityPricesRefusal([
        { minQuantity: 2, percent: 10 },
        { minQuantity: 2, percent: 15 },
      ]),
    ).toBe("Two quantity prices are for 2 units: keep one.");
    expect(
      quantityPricesRefusal([
        { minQuantity: 3, percent: 10 },
        { minQuantity: 2, percent: 10 },
      ]),
    ).toBe("Buying 3 units must save more than buying 2 (10 %).");
    expect(
      quantityPricesRefusal([
        { minQuantity: 3, percent: 5 },
        { minQuantity: 2, percent: 10 },
      ]),
    ).toBe("Buying 3 units must save more than buying 2 (10 %).");
  });
});

describe("giving back units of a discounted line", () => {
  // Three jars at £24.99 with 15 % off: £74.97 less £11.25 is £63.72 paid.
  const line = { unitAmount: 2_499, quantity: 3, discountAmount: 1_125 };

  it("gives back each unit's share of what the line was paid, the shares adding up to it exactly", () => {
    const first = returnedUnitsAmount(line, 0, 1);
    const second = returnedUnitsAmount(line, 1, 1);
    const third = returnedUnitsAmount(line, 2, 1);
    expect([first, second, third]).toEqual([2_124, 2_124, 2_124]);
    expect(first + second + third).toBe(6_372);
    expect(returnedUnitsAmount(line, 0, 3)).toBe(6_372);
    expect(returnedUnitsAmount(line, 1, 2)).toBe(4_248);
  });

  it("shares an amount that does not divide evenly without losing or adding a unit of money", () => {
    const uneven = { unitAmount: 1_000, quantity: 3, discountAmount: 1 };
    const shares = [
      returnedUnitsAmount(uneven, 0, 1),
      returnedUnitsAmount(uneven, 1, 1),
      returnedUnitsAmount(uneven, 2, 1),
    ];
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(2_999);
    expect(shares).toEqual([1_000, 999, 1_000]);
  });

  it("gives back the full price of a line without a discount, and nothing past the line's units", () => {
    expect(returnedUnitsAmount({ unitAmount: 2_499, quantity: 2, discountAmount: 0 }, 0, 1)).toBe(2_499);
    expect(returnedUnitsAmount(line, 3, 1)).toBe(0);
    expect(returnedUnitsAmount(line, 2, 5)).toBe(2_124);
  });
});

describe("discount codes", () => {
  it("keeps codes in upper case, whatever the shopper typed", () => {
    expect(normalizeDiscountCode("  himalaya10 ")).toBe("HIMALAYA10");
    expect(discountCodePattern.test("HIMALAYA-10_X")).toBe(true);
    expect(discountCodePattern.test("A".repeat(40))).toBe(true);
    expect(discountCodePattern.test("A".repeat(41))).toBe(false);
    expect(discountCodePattern.test("HIMALAYA 10")).toBe(false);
    expect(discountCodePattern.test("HIMA\u0000LAYA")).toBe(false);
    expect(discountCodePattern.test("")).toBe(false);
  });

  it("spreads a fixed amount by largest remainder: the shares add up to it exactly", () => {
    // 390.65, 390.65 and 218.70: the two units left go to the largest remainders, the third line then the first.
    expect(spreadByLargestRemainder(1_000, [2_499, 2_499, 1_399])).toEqual([391, 390, 219]);
    expect(spreadByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spreadByLargestRemainder(500, [4_998])).toEqual([500]);
    expect(spreadByLargestRemainder(500, [0, 4_998, 0])).toEqual([0, 500, 0]);
    expect(spreadByLargestRemainder(500, [])).toEqual([]);
    expect(spreadByLargestRemainder(500, [0, 0])).toEqual([0, 0]);
    // The largest remainder wins the leftover unit, wherever it is.
    expect(spreadByLargestRemainder(10, [1, 2])).toEqual([3, 7]);
    expect(spreadByLargestRemainder(10, [2, 1])).toEqual([7, 3]);
    // One unit to share: the larger remainder (2 of 3, against 1 of 3) takes it, not the smaller weight.
    expect(spreadByLargestRemainder(1, [1, 2])).toEqual([0, 1]);
    // Equal remainders: the earliest lines take the units left, in order.
    expect(spreadByLargestRemainder(2, [1, 1, 1, 1, 1])).toEqual([1, 1, 0, 0, 0]);
    expect(spreadByLargestRemainder(3, [1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0]);
  });

  it("never gives a line more than its weight, over many amounts", () => {
    for (let total = 0; total <= 60; total += 1) {
      const weights = [7, 13, 29, 11];
      const shares = spreadByLargestRemainder(total, weights);
      expect(shares.reduce((all, share) => all + share, 0)).toBe(total);
      shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(weights[index] ?? 0));
    }
  });

  it("takes a percentage off each line it applies to, rounded half-up per line", () => {
    expect(
      codeDiscounts(
        [
          { amount: 4_498, applies: true },
          { amount: 1_399, applies: false },
          { amount: 2_495, applies: true },
        ],
        { kind: "percent", percent: 10 },
      ),
    ).toEqual([450, 0, 250]);
    expect(codeDiscounts([{ amount: 999, applies: true }], { kind: "percent", percent: 100 })).toEqual([999]);
  });

  it("spreads a fixed amount over the lines it applies to, and never takes more than they cost", () => {
    expect(
      codeDiscounts(
        [
          { amount: 3_000, applies: true },
          { amount: 5_000, applies: false },
          { amount: 1_000, applies: true },
        ],
        { kind: "amount", amount: 1_000 },
      ),
    ).toEqual([750, 0, 250]);
    expect(
      codeDiscounts(
        [
          { amount: 300, applies: true },
          { amount: 5_000, applies: false },
        ],
        { kind: "amount", amount: 1_000 },
      ),
    ).toEqual([300, 0]);
    expect(codeDiscounts([{ amount: 300, applies: false }], { kind: "amount", amount: 1_000 })).toEqual([0]);
  });
});

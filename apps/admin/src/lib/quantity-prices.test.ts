import { describe, expect, it } from "vitest";
import { parseTiers, tiersField, tiersText } from "./quantity-prices.ts";

describe("quantity prices as the owner types them", () => {
  it("reads units and percent pairs, in any order and with the usual separators, sorted by units", () => {
    expect(parseTiers("2: 10, 3: 15")).toEqual({
      ok: true,
      tiers: [
        { minQuantity: 2, percent: 10 },
        { minQuantity: 3, percent: 15 },
      ],
    });
    expect(parseTiers(" 3=15 %; 2:10 ")).toEqual(parseTiers("2: 10, 3: 15"));
    expect(parseTiers("   ")).toEqual({ ok: true, tiers: [] });
  });

  it("writes tiers back as the field and the history show them", () => {
    const tiers = [
      { minQuantity: 2, percent: 10 },
      { minQuantity: 3, percent: 15 },
    ];
    expect(tiersField(tiers)).toBe("2: 10, 3: 15");
    expect(parseTiers(tiersField(tiers))).toEqual({ ok: true, tiers });
    expect(tiersText(tiers)).toBe("Buy 2, save 10 %; Buy 3, save 15 %");
    expect(tiersText([])).toBe("none");
    expect(tiersField([])).toBe("");
  });

  it("refuses what is not a pair, and tiers the shop would refuse, with the reason", () => {
    expect(parseTiers("2 for 10")).toEqual({
      ok: false,
      message: '"2 for 10" is not a quantity price: write units, a colon and the percent saved, e.g. 2: 10.',
    });
    expect(parseTiers("2: 10.5")).toMatchObject({ ok: false });
    expect(parseTiers("2: 10,")).toMatchObject({ ok: false });
    expect(parseTiers("1: 10")).toEqual({ ok: false, message: "A quantity price is for 2 to 20 units." });
    expect(parseTiers("2: 0")).toEqual({
      ok: false,
      message: "A quantity price saves a whole percentage from 1 to 100.",
    });
    expect(parseTiers("2: 10, 3: 10")).toEqual({
      ok: false,
      message: "Buying 3 units must save more than buying 2 (10 %).",
    });
  });
});

import { describe, expect, it } from "vitest";
import { deliveryDaysRefusal, marketTaxValues } from "./shipping-settings.ts";

const vat = { pricesIncludeTax: true, taxName: "VAT", rateBasisPoints: 1_300, registration: "601234567" };

describe("a market's tax settings as they are stored", () => {
  it("trims the texts and stores empty ones as none", () => {
    expect(marketTaxValues({ ...vat, taxName: "  VAT ", registration: " 601234567\t" })).toEqual({
      ok: true,
      values: vat,
    });
    expect(marketTaxValues({ ...vat, registration: "   " })).toEqual({
      ok: true,
      values: { ...vat, registration: null },
    });
    expect(
      marketTaxValues({ pricesIncludeTax: false, taxName: "", rateBasisPoints: null, registration: null }),
    ).toEqual({
      ok: true,
      values: { pricesIncludeTax: false, taxName: null, rateBasisPoints: null, registration: null },
    });
  });

  it("keeps a rate of 0 and of 100 % (the route's schema bounds it)", () => {
    expect(marketTaxValues({ ...vat, rateBasisPoints: 0 })).toMatchObject({ ok: true });
    expect(marketTaxValues({ ...vat, rateBasisPoints: 10_000 })).toMatchObject({ ok: true });
  });

  it.each([
    ["a name without a rate", { rateBasisPoints: null }, "body.rateBasisPoints", /rate as well as a name/],
    ["a rate without a name", { taxName: "" }, "body.taxName", /name as well as a rate/],
    ["a registration without a tax", { taxName: null, rateBasisPoints: null }, "body.registration", /belongs to a tax/],
    ["markup in the name", { taxName: "<b>VAT</b>" }, "body.taxName", /tax name is 1 to 40/],
    ["a 41-character name", { taxName: "V".repeat(41) }, "body.taxName", /tax name is 1 to 40/],
    ["a name with a tab inside", { taxName: "V\tAT" }, "body.taxName", /tax name/],
    ["a 61-character registration", { registration: "1".repeat(61) }, "body.registration", /1 to 60/],
    ["a registration with a control character", { registration: "60\u001b1234" }, "body.registration", /1 to 60/],
  ] as const)("refuses %s, naming the field", (_label, change, field, message) => {
    const checked = marketTaxValues({ ...vat, ...change });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.statusCode).toBe(400);
    expect(checked.error.details).toEqual({ field });
    expect(checked.error.message).toMatch(message);
  });

  it("takes tax names people write", () => {
    for (const taxName of ["GST", "Sales tax", "VAT (standard)", "HST 13", "TVA/TPS", "Taxe & droits", "मूअक"]) {
      expect(marketTaxValues({ ...vat, taxName }), taxName).toMatchObject({ ok: true });
    }
  });
});

describe("a rate's delivery days", () => {
  it("refuses a shortest time above the longest, and takes equal ones", () => {
    expect(deliveryDaysRefusal({ minDays: 3, maxDays: 3 })).toBeUndefined();
    expect(deliveryDaysRefusal({ minDays: 0, maxDays: 5 })).toBeUndefined();
    const refusal = deliveryDaysRefusal({ minDays: 6, maxDays: 5 });
    expect(refusal?.details).toEqual({ field: "body.minDays" });
    expect(refusal?.message).toBe("The shortest delivery time (6 days) cannot be longer than the longest (5 days).");
  });
});

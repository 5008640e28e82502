import type { AdminShippingRate } from "@herbo/hosted-api/admin";
import { describe, expect, it } from "vitest";
import {
  daysText,
  californiaNoticeChange,
  describeShippingChange,
  freeShippingUpdateOfFields,
  parsePercent,
  percentField,
  rateUpdateOfFields,
  taxUpdateOfFields,
} from "./shipping.ts";

const us: AdminShippingRate = {
  countryCode: "US",
  countryName: "United States",
  marketCode: "us",
  currencyCode: "USD",
  decimalDigits: 2,
  amount: 1_299,
  minDays: 7,
  maxDays: 14,
  version: 3,
};
const fields = (values: Record<string, string>) => (name: string) => values[name] ?? "";

describe("tax rates as percentages", () => {
  it("writes basis points as the owner reads them", () => {
    expect(percentField(1_300)).toBe("13");
    expect(percentField(1_250)).toBe("12.5");
    expect(percentField(1_275)).toBe("12.75");
    expect(percentField(1_005)).toBe("10.05");
    expect(percentField(10_000)).toBe("100");
    expect(percentField(0)).toBe("0");
    expect(percentField(null)).toBe("");
  });

  it("reads what the owner types as exact basis points", () => {
    expect(parsePercent("13")).toEqual({ ok: true, basisPoints: 1_300 });
    expect(parsePercent(" 12.5 ")).toEqual({ ok: true, basisPoints: 1_250 });
    expect(parsePercent("17.5 %")).toEqual({ ok: true, basisPoints: 1_750 });
    // 0.29 is 29 basis points, never 28.999…
    expect(parsePercent("0.29")).toEqual({ ok: true, basisPoints: 29 });
    expect(parsePercent("100")).toEqual({ ok: true, basisPoints: 10_000 });
    expect(parsePercent("")).toEqual({ ok: true, basisPoints: null });
    for (const basisPoints of [0, 5, 500, 1_250, 1_275, 10_000]) {
      expect(parsePercent(percentField(basisPoints))).toEqual({ ok: true, basisPoints });
    }
  });

  it("refuses a rate above 100 %, a third decimal, a negative rate and words", () => {
    expect(parsePercent("100.01")).toEqual({ ok: false, message: "A tax rate cannot be above 100 %." });
    expect(parsePercent("12.755")).toEqual({
      ok: false,
      message: "Enter the rate with at most 2 decimals, e.g. 12.75.",
    });
    for (const text of ["-5", "thirteen", "13,5", "1e2"]) {
      expect(parsePercent(text), text).toEqual({ ok: false, message: "Enter the rate as a number, e.g. 13 for 13 %." });
    }
  });
});

describe("the rate a country's form holds", () => {
  it("turns the charge into minor units of the country's currency, from the version shown", () => {
    expect(rateUpdateOfFields(fields({ amount: "14.99", minDays: "6", maxDays: "10" }), us)).toEqual({
      ok: true,
      update: { version: 3, currencyCode: "USD", amount: 1_499, minDays: 6, maxDays: 10 },
    });
    expect(rateUpdateOfFields(fields({ amount: "0", minDays: "3", maxDays: "3" }), us)).toMatchObject({
      ok: true,
      update: { amount: 0, minDays: 3, maxDays: 3 },
    });
    expect(rateUpdateOfFields(fields({ amount: "1,500", minDays: "1", maxDays: "5" }), us)).toMatchObject({
      update: { amount: 150_000 },
    });
  });

  it("names the first problem", () => {
    const problem = (values: Record<string, string>) => rateUpdateOfFields(fields(values), us);
    expect(problem({ amount: "", minDays: "1", maxDays: "2" })).toEqual({
      ok: false,
      message: "Enter the delivery charge in USD (0 for free).",
    });
    expect(problem({ amount: "12.999", minDays: "1", maxDays: "2" })).toEqual({
      ok: false,
      message: "Delivery charge: Enter at most 2 decimals.",
    });
    expect(problem({ amount: "-1", minDays: "1", maxDays: "2" })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Delivery charge: /),
    });
    expect(problem({ amount: "5", minDays: "1.5", maxDays: "2" })).toEqual({
      ok: false,
      message: "Enter the shortest delivery time as whole days, from 0 to 365.",
    });
    expect(problem({ amount: "5", minDays: "1", maxDays: "400" })).toEqual({
      ok: false,
      message: "Enter the longest delivery time as whole days, from 0 to 365.",
    });
    expect(problem({ amount: "5", minDays: "9", maxDays: "8" })).toEqual({
      ok: false,
      message: "The shortest delivery time cannot be longer than the longest.",
    });
  });
});

describe("the tax settings a market's form holds", () => {
  const read = (values: Record<string, string>) => fields(values);
  const included = (name: string) => name === "pricesIncludeTax";
  const excluded = () => false;

  it("reads the box, the trimmed texts and the rate, from the version shown", () => {
    expect(
      taxUpdateOfFields(read({ taxName: " VAT ", rate: "12.5", registration: " 601234567 " }), included, {
        version: 2,
      }),
    ).toEqual({
      ok: true,
      update: { version: 2, pricesIncludeTax: true, taxName: "VAT", rateBasisPoints: 1_250, registration: "601234567" },
    });
    expect(taxUpdateOfFields(read({}), excluded, { version: 1 })).toEqual({
      ok: true,
      update: { version: 1, pricesIncludeTax: false, taxName: null, rateBasisPoints: null, registration: null },
    });
  });

  it("asks for a name and a rate together, and a tax before a registration number", () => {
    expect(taxUpdateOfFields(read({ rate: "13" }), included, { version: 1 })).toEqual({
      ok: false,
      message: "Give the tax a name as well as a rate, or clear both for no tax.",
    });
    expect(taxUpdateOfFields(read({ taxName: "VAT" }), included, { version: 1 })).toEqual({
      ok: false,
      message: "Give the tax a rate as well as a name, or clear both for no tax.",
    });
    expect(taxUpdateOfFields(read({ registration: "1" }), included, { version: 1 })).toEqual({
      ok: false,
      message: "A registration number belongs to a tax: give the tax a name and a rate first.",
    });
    expect(taxUpdateOfFields(read({ taxName: "VAT", rate: "101" }), included, { version: 1 })).toEqual({
      ok: false,
      message: "Tax rate: A tax rate cannot be above 100 %.",
    });
  });
});

describe("a change as the history writes it", () => {
  it("shows a rate's charge and days before and after", () => {
    expect(daysText(1, 1)).toBe("1 business day");
    expect(
      describeShippingChange({
        at: "2026-03-01T10:00:00.000Z",
        actor: "owner@shop.test",
        entity: "shipping_rate",
        entityId: "US",
        label: "United States",
        before: { currencyCode: "USD", amount: 1_299, minDays: 7, maxDays: 14 },
        after: { currencyCode: "USD", amount: 0, minDays: 6, maxDays: 6 },
      }),
    ).toBe("Shipping to United States: USD 12.99, 7–14 business days → free, 6 business days");
  });

  it("says whether the California notice was turned on or off, or its text changed", () => {
    const on = { enabled: true, warning: "WARNING: lead." };
    const off = { ...on, enabled: false };
    const change = {
      at: "2026-03-01T10:00:00.000Z",
      actor: "owner@shop.test",
      entity: "california_notice" as const,
      entityId: "shop",
      label: "California notice",
    };
    expect(describeShippingChange({ ...change, before: off, after: on })).toBe("California notice turned on");
    expect(californiaNoticeChange(on, off)).toBe("California notice turned off");
    expect(californiaNoticeChange(on, { ...on, warning: "WARNING: lead and more." })).toBe(
      "California notice: text changed",
    );
    expect(californiaNoticeChange(off, off)).toBe("California notice saved unchanged");
  });

  it("shows a market's tax settings before and after", () => {
    expect(
      describeShippingChange({
        at: "2026-03-01T10:00:00.000Z",
        actor: "npm run admin",
        entity: "market_tax",
        entityId: "np",
        label: "Nepal",
        before: { pricesIncludeTax: true, taxName: "VAT", rateBasisPoints: 1_300, registration: null },
        after: { pricesIncludeTax: false, taxName: null, rateBasisPoints: null, registration: null },
      }),
    ).toBe("Tax in Nepal: VAT 13 %; prices include tax; not registered → no tax; prices exclude tax; not registered");
  });
});

describe("a market's free-shipping threshold as the owner types it", () => {
  const uk = { currencyCode: "GBP", decimalDigits: 2, freeShippingVersion: 4 };

  it("reads an amount in the market's currency as minor units, and an empty field as no offer", () => {
    expect(freeShippingUpdateOfFields(fields({ amount: "60" }), uk)).toEqual({
      ok: true,
      update: { version: 4, currencyCode: "GBP", amount: 6_000 },
    });
    expect(freeShippingUpdateOfFields(fields({ amount: " 49.99 " }), uk)).toMatchObject({
      update: { amount: 4_999 },
    });
    expect(freeShippingUpdateOfFields(fields({ amount: "0.01" }), uk)).toMatchObject({ update: { amount: 1 } });
    expect(freeShippingUpdateOfFields(fields({ amount: "  " }), uk)).toEqual({
      ok: true,
      update: { version: 4, currencyCode: "GBP", amount: null },
    });
  });

  it("refuses nothing as a threshold, a third decimal and words", () => {
    expect(freeShippingUpdateOfFields(fields({ amount: "0" }), uk)).toEqual({
      ok: false,
      message: "Free shipping from: enter an amount above 0, or leave it empty for no offer.",
    });
    for (const text of ["60.001", "sixty", "-60"]) {
      const parsed = freeShippingUpdateOfFields(fields({ amount: text }), uk);
      expect(parsed.ok, text).toBe(false);
      expect(parsed.ok ? "" : parsed.message, text).toMatch(/^Free shipping from: ./);
    }
  });

  it("writes a threshold's change in the history", () => {
    expect(
      describeShippingChange({
        at: "2026-03-01T10:00:00.000Z",
        actor: "owner@shop.test",
        entity: "free_shipping",
        entityId: "uk",
        label: "United Kingdom",
        before: { currencyCode: "GBP", amount: null },
        after: { currencyCode: "GBP", amount: 6_000 },
      }),
    ).toBe("Free shipping in United Kingdom: none → from GBP 60.00");
    expect(
      describeShippingChange({
        at: "2026-03-01T10:00:00.000Z",
        actor: "owner@shop.test",
        entity: "free_shipping",
        entityId: "uk",
        label: "United Kingdom",
        before: { currencyCode: "GBP", amount: 6_000 },
        after: { currencyCode: "GBP", amount: null },
      }),
    ).toBe("Free shipping in United Kingdom: from GBP 60.00 → none");
  });
});

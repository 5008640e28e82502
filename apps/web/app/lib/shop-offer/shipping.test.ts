import { marketByCode, orderToDoorDays, shippingCountries } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { publishedShippingRates } from "~/content/shipping";
import type { ShippingRate } from "~/lib/store-api/types";
import {
  deliveredIn,
  deliveryTime,
  formatBusinessDays,
  formatShippingCharge,
  marketShippingRate,
  shippingLine,
  shippingTableRows,
} from "./shipping";

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

describe("shipping charges and times in words", () => {
  it("prints 0 as Free and rupee amounts as SPEC writes rupees, with two decimals", () => {
    expect(formatShippingCharge({ amount: 0, currency: "NPR" })).toBe("Free");
    expect(formatShippingCharge({ amount: 150_000, currency: "NPR" })).toBe("Rs. 1500.00");
    expect(formatShippingCharge({ amount: 5, currency: "NPR" })).toBe("Rs. 0.05");
  });

  it("prints each other rate in its own currency, as that currency's market writes it (issue 26)", () => {
    expect(formatShippingCharge({ amount: 1_299, currency: "USD" })).toBe("$12.99");
    expect(formatShippingCharge({ amount: 14_900, currency: "INR" })).toBe("₹149.00");
    expect(formatShippingCharge({ amount: 999, currency: "GBP" })).toBe("£9.99");
    expect(formatShippingCharge({ amount: 1_699, currency: "CAD" })).toBe("CA$16.99");
    expect(formatShippingCharge({ amount: 4_500, currency: "AED" }).replace(/\s/g, " ")).toBe("AED 45.00");
    expect(formatShippingCharge({ amount: 0, currency: "USD" })).toBe("Free");
  });

  it("refuses a currency no market sells in, rather than print it wrongly", () => {
    expect(() => formatShippingCharge({ amount: 100, currency: "EUR" })).toThrow(/EUR/);
  });

  it("prints day ranges in business days", () => {
    expect(formatBusinessDays({ min: 1, max: 5 })).toBe("1–5 business days");
    expect(formatBusinessDays({ min: 1, max: 1 })).toBe("1 business day");
    expect(formatBusinessDays({ min: 3, max: 3 })).toBe("3 business days");
  });

  it("gives one row per rate, in the offer's order, with cash on delivery only where it is offered", () => {
    const rows = shippingTableRows(
      [rate({ country: "NP", countryName: "Nepal", amount: 0, transitDays: { min: 1, max: 5 } }), rate({})],
      ["NP"],
    );
    expect(rows).toEqual([
      { country: "NP", destination: "Nepal", charge: "Free", deliveryTime: "2–7 business days", cashOnDelivery: true },
      {
        country: "IN",
        destination: "India",
        charge: "Rs. 1500.00",
        deliveryTime: "6–11 business days",
        cashOnDelivery: false,
      },
    ]);
  });

  it("counts the days from the order, handling included, as checkout and the emails do (issue 30 item 2)", () => {
    const [row] = shippingTableRows([rate({ handlingDays: { min: 1, max: 2 }, transitDays: { min: 7, max: 14 } })]);
    expect(row?.deliveryTime).toBe("8–16 business days");
    const [sameDay] = shippingTableRows([rate({ handlingDays: { min: 0, max: 0 }, transitDays: { min: 3, max: 3 } })]);
    expect(sameDay?.deliveryTime).toBe("3 business days");
  });

  it("leaves out a rate in a currency no market writes, rather than print it wrongly", () => {
    const rows = shippingTableRows([rate({ country: "DE", countryName: "Germany", currency: "EUR" }), rate({})], []);
    expect(rows.map((row) => row.country)).toEqual(["IN"]);
  });

  it("prints the rate and days the store answers, as the owner set them (issue 28)", () => {
    const [row] = shippingTableRows([
      rate({
        country: "US",
        countryName: "United States",
        currency: "USD",
        amount: 1_499,
        transitDays: { min: 6, max: 10 },
      }),
    ]);
    expect(row).toEqual({
      country: "US",
      destination: "United States",
      charge: "$14.99",
      deliveryTime: "7–12 business days",
      cashOnDelivery: false,
    });
  });

  it("covers every country of the shop's published offer: Nepal free with cash on delivery, every other country card only", () => {
    const rows = shippingTableRows(publishedShippingRates);
    expect(rows.map((row) => row.country)).toEqual(publishedShippingRates.map((offer) => offer.country));
    expect([...rows.map((row) => row.country)].sort()).toEqual([...shippingCountries].sort());
    for (const row of rows) {
      expect(row.cashOnDelivery, row.country).toBe(row.country === "NP");
      if (row.country === "NP") expect(row.charge).toBe("Free");
    }
    // Each charge in the currency of the market that delivers there, never in rupees abroad.
    expect(Object.fromEntries(rows.map((row) => [row.country, row.charge.replace(/\s/g, " ")]))).toEqual({
      NP: "Free",
      IN: "₹149.00",
      US: "$12.99",
      GB: "£9.99",
      CA: "CA$16.99",
      AE: "AED 45.00",
    });
  });
});

describe("a market's delivery beside its prices (product page, cart and landing pages)", () => {
  const rateIn = (code: "np" | "ca" | "us" | "ae") => {
    const found = marketShippingRate(publishedShippingRates, marketByCode(code));
    if (found === undefined) throw new Error(`no rate for ${code}`);
    return found;
  };

  it("picks the rate to the market's country in the market's currency, and none in another currency", () => {
    expect(rateIn("ca")).toMatchObject({ country: "CA", currency: "CAD", amount: 1_699 });
    expect(rateIn("np")).toMatchObject({ country: "NP", currency: "NPR", amount: 0 });
    const inRupees = publishedShippingRates.map((rate) => ({ ...rate, currency: "NPR" }));
    expect(marketShippingRate(inRupees, marketByCode("ca"))).toBeUndefined();
    expect(marketShippingRate([], marketByCode("np"))).toBeUndefined();
  });

  it("states the charge and the days from the order, as checkout counts them (the contract's orderToDoorDays)", () => {
    const canada = rateIn("ca");
    const days = orderToDoorDays(canada.transitDays, canada.handlingDays);
    expect(deliveryTime(canada)).toBe(`${days.min}–${days.max} business days`);
    expect(shippingLine(canada)).toBe("Shipping to Canada CA$16.99, 9–17 business days");
    expect(shippingLine(rateIn("us"))).toBe("Shipping to the United States $12.99, 8–16 business days");
    expect(shippingLine(rateIn("ae")).replace(/\s/g, " ")).toBe(
      "Shipping to the United Arab Emirates AED 45.00, 5–10 business days",
    );
  });

  it("says free delivery where the rate is zero, with its days", () => {
    expect(shippingLine(rateIn("np"))).toBe("Free delivery to Nepal, 2–7 business days");
  });

  it("words a landing page's delivery time as checkout does", () => {
    expect(deliveredIn(rateIn("ca"))).toBe("Delivered in 9–17 business days");
    expect(deliveredIn(rateIn("np"))).toBe("Delivered in 2–7 business days");
  });
});

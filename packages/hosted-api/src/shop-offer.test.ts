import { describe, expect, it } from "vitest";
import {
  cashOnDeliveryCountries,
  handlingDays,
  isShippingCountry,
  orderToDoorDays,
  shippingCountries,
  shippingRates,
} from "./shop-offer.ts";

describe("the shop's delivery offer", () => {
  it("has one rate for each country the shop ships to, and Nepal is free", () => {
    expect(shippingRates.map((rate) => rate.country).sort()).toEqual([...shippingCountries].sort());
    expect(shippingRates.find((rate) => rate.country === "NP")?.amount).toBe(0);
    for (const rate of shippingRates) {
      expect(Number.isInteger(rate.amount) && rate.amount >= 0).toBe(true);
      expect(rate.transitDays.min).toBeLessThanOrEqual(rate.transitDays.max);
    }
  });

  it("knows the shipping countries by their ISO codes only", () => {
    expect(isShippingCountry("NP")).toBe(true);
    expect(isShippingCountry("GB")).toBe(true);
    expect(isShippingCountry("UK")).toBe(false);
    expect(isShippingCountry("np")).toBe(false);
    expect(isShippingCountry(undefined)).toBe(false);
  });

  it("quotes each country's rate in the currency of its market, the one its checkout charges (issue 26)", () => {
    expect(Object.fromEntries(shippingRates.map((rate) => [rate.country, [rate.amount, rate.currencyCode]]))).toEqual({
      NP: [0, "NPR"],
      IN: [14_900, "INR"],
      US: [1_299, "USD"],
      GB: [999, "GBP"],
      CA: [1_699, "CAD"],
      AE: [4_500, "AED"],
    });
  });

  it("prints each country by its English name on addresses and pages", () => {
    expect(Object.fromEntries(shippingRates.map((rate) => [rate.country, rate.countryName]))).toEqual({
      NP: "Nepal",
      IN: "India",
      US: "United States",
      GB: "United Kingdom",
      CA: "Canada",
      AE: "United Arab Emirates",
    });
  });

  it("takes cash at the door in Nepal only", () => {
    expect(cashOnDeliveryCountries).toEqual(["NP"]);
  });

  it("counts days to the door as the shop's handling plus the courier's transit, both ends of the range", () => {
    expect(orderToDoorDays({ min: 3, max: 7 })).toEqual({
      min: handlingDays.min + 3,
      max: handlingDays.max + 7,
    });
    expect(orderToDoorDays({ min: 5, max: 9 }, { min: 2, max: 4 })).toEqual({ min: 7, max: 13 });
  });
});

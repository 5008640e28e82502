import { describe, expect, it } from "vitest";
import {
  defaultMarket,
  dutiesNote,
  marketCurrencyDigits,
  stripeMinimumCharge,
  formatMoney,
  formatMoneyWithCode,
  formatTaxRate,
  includedTax,
  isMarketCode,
  marketByCode,
  marketOfCountry,
  marketOfCurrency,
  marketOfPath,
  marketPath,
  markets,
} from "./markets.ts";
import { shippingCountries, shippingRates } from "./shop-offer.ts";

const npr = { code: "NPR", template: "Rs. $1", symbol: "Rs", decimalDigits: 2 };

describe("markets", () => {
  it("gives every delivery country exactly one market, and each market its own currency and prefix", () => {
    for (const country of shippingCountries) {
      expect(
        markets.filter((market) => market.countries.includes(country)),
        country,
      ).toHaveLength(1);
    }
    expect(new Set(markets.map((market) => market.currencyCode)).size).toBe(markets.length);
    expect(new Set(markets.map((market) => market.pathPrefix)).size).toBe(markets.length);
    expect(defaultMarket.code).toBe("np");
    expect(defaultMarket.pathPrefix).toBe("");
  });

  it("rates each country's shipping in its market's currency", () => {
    for (const rate of shippingRates)
      expect(marketOfCountry(rate.country)?.currencyCode, rate.country).toBe(rate.currencyCode);
  });

  it("finds markets by code, currency and country", () => {
    expect(marketByCode("us").currencyCode).toBe("USD");
    expect(marketByCode("zz")).toBeUndefined();
    expect(isMarketCode("uk")).toBe(true);
    expect(isMarketCode("gb")).toBe(false);
    expect(isMarketCode(7)).toBe(false);
    expect(marketOfCurrency("gbp")?.code).toBe("uk");
    expect(marketOfCurrency("EUR")).toBeUndefined();
    expect(marketOfCountry("GB")?.code).toBe("uk");
    expect(marketOfCountry("FR")).toBeUndefined();
  });

  it("offers Khalti, eSewa and cash on delivery in Nepal only", () => {
    for (const market of markets) {
      const wallets = market.paymentMethods.filter((id) => ["khalti", "esewa", "cod"].includes(id));
      expect(wallets, market.code).toEqual(market.code === "np" ? ["khalti", "esewa", "cod"] : []);
    }
  });

  it("shows US and Canadian prices without tax, the others with it", () => {
    expect(markets.filter((market) => !market.pricesIncludeTax).map((market) => market.code)).toEqual(["us", "ca"]);
  });
});

describe("the six markets", () => {
  it("are the shop's markets, as docs/markets.md lists them", () => {
    expect(
      markets.map((market) => [
        market.code,
        market.name,
        market.countries,
        market.currencyCode,
        market.locale,
        market.pathPrefix,
        market.landingPath,
        market.pricesIncludeTax,
        market.tax,
      ]),
    ).toEqual([
      ["np", "Nepal", ["NP"], "NPR", "en-NP", "", "/shilajit-nepal", true, { name: "VAT", rateBasisPoints: 1300 }],
      ["us", "United States", ["US"], "USD", "en-US", "/us", "/shilajit-in-usa", false, null],
      [
        "in",
        "India",
        ["IN"],
        "INR",
        "en-IN",
        "/in",
        "/shilajit-in-india",
        true,
        { name: "GST", rateBasisPoints: 1800 },
      ],
      [
        "uk",
        "United Kingdom",
        ["GB"],
        "GBP",
        "en-GB",
        "/uk",
        "/shilajit-in-uk",
        true,
        { name: "VAT", rateBasisPoints: 2000 },
      ],
      ["ca", "Canada", ["CA"], "CAD", "en-CA", "/ca", "/shilajit-in-canada", false, null],
      [
        "ae",
        "United Arab Emirates",
        ["AE"],
        "AED",
        "en-AE",
        "/ae",
        "/shilajit-in-uae",
        true,
        { name: "VAT", rateBasisPoints: 500 },
      ],
    ]);
    expect(dutiesNote).toBe("Import duties and taxes may be due on delivery");
  });

  it("knows Stripe's smallest charge in each market's currency", () => {
    expect(stripeMinimumCharge).toEqual({ USD: 50, CAD: 50, GBP: 30, AED: 200, INR: 50, NPR: 7_000 });
    for (const market of markets) expect(stripeMinimumCharge[market.currencyCode], market.code).toBeGreaterThan(0);
  });

  it("knows each market currency's minor digits, and no others", () => {
    for (const market of markets) expect(marketCurrencyDigits(market.currencyCode.toLowerCase())).toBe(2);
    expect(marketCurrencyDigits("EUR")).toBeUndefined();
  });
});

describe("market paths", () => {
  it("prefixes every market but Nepal", () => {
    const us = marketByCode("us");
    expect(marketPath(us, "/store")).toBe("/us/store");
    expect(marketPath(us, "/")).toBe("/us");
    expect(marketPath(us, "/product/prod_x")).toBe("/us/product/prod_x");
    expect(marketPath(defaultMarket, "/store")).toBe("/store");
    expect(marketPath(defaultMarket, "/")).toBe("/");
  });

  it("reads the market back from a path", () => {
    expect(marketOfPath("/us/store")).toEqual({ market: marketByCode("us"), path: "/store" });
    expect(marketOfPath("/uk")).toEqual({ market: marketByCode("uk"), path: "/" });
    expect(marketOfPath("/ae/product/p1")).toEqual({ market: marketByCode("ae"), path: "/product/p1" });
    expect(marketOfPath("/store")).toEqual({ market: defaultMarket, path: "/store" });
    expect(marketOfPath("/")).toEqual({ market: defaultMarket, path: "/" });
    // Only a whole first segment counts: /usa-guide and /np are not prefixes.
    expect(marketOfPath("/usa-guide").market).toBe(defaultMarket);
    expect(marketOfPath("/np/store")).toEqual({ market: defaultMarket, path: "/np/store" });
    expect(marketOfPath("/blog/us").market).toBe(defaultMarket);
  });
});

describe("formatMoney", () => {
  it("writes each market's currency as its shoppers read it", () => {
    expect(formatMoney(2999, { code: "USD" })).toBe("$29.99");
    expect(formatMoney(149_900, { code: "INR" })).toBe("₹1,499.00");
    expect(formatMoney(2_700_000, { code: "INR" })).toBe("₹27,000.00");
    expect(formatMoney(2499, { code: "GBP" })).toBe("£24.99");
    expect(formatMoney(3999, { code: "CAD" })).toBe("CA$39.99");
    expect(formatMoney(11_000, { code: "AED" })).toMatch(/^AED\s110\.00$/);
    expect(formatMoney(123_456_789, { code: "usd" })).toBe("$1,234,567.89");
    // Indian grouping: lakhs and crores.
    expect(formatMoney(12_345_600, { code: "INR" })).toBe("₹1,23,456.00");
    expect(formatMoney(12_345_600, { code: "GBP" })).toBe("£123,456.00");
  });

  it("writes a given locale's way when asked, and the currency's own minor digits", () => {
    expect(formatMoney(2999, { code: "USD" }, "de-DE")).toBe("29,99\u00a0$");
    expect(formatMoney(11_000, { code: "AED", decimalDigits: 0 })).toMatch(/^AED\s11,000$/);
  });

  it("keeps SPEC's template for Nepalese rupees and for currencies no market sells in", () => {
    expect(formatMoney(270_000, npr)).toBe("Rs. 2700.00");
    expect(formatMoney(1234, { code: "EUR", symbol: "€" })).toBe("€12.34");
    expect(formatMoney(1234, {})).toBe("€12.34");
  });

  it("names the currency where it could be misread", () => {
    expect(formatMoneyWithCode(270_000, npr)).toBe("Rs. 2700.00 NPR");
    expect(formatMoneyWithCode(2999, { code: "USD" })).toBe("$29.99 USD");
    expect(formatMoneyWithCode(11_000, { code: "AED" })).toMatch(/^AED\s110\.00$/);
    expect(formatMoneyWithCode(1234, {})).toBe("€12.34");
    expect(formatMoneyWithCode(1234, { code: "eur", symbol: "€" })).toBe("€12.34 EUR");
  });
});

describe("includedTax", () => {
  it("takes the tax out of a tax-inclusive amount, rounded half up to a minor unit", () => {
    expect(includedTax(11_300, 1300)).toBe(1300);
    expect(includedTax(120_000, 1300)).toBe(13_805); // 13 805.31
    expect(includedTax(2499, 2000)).toBe(417); // 416.5 → 417
    expect(includedTax(2498, 2000)).toBe(416); // 416.33
    expect(includedTax(11_000, 500)).toBe(524); // 523.81
    expect(includedTax(0, 1300)).toBe(0);
    expect(includedTax(999, 0)).toBe(0);
  });

  it("refuses amounts and rates that are not whole and positive", () => {
    expect(() => includedTax(-1, 1300)).toThrow("Not an amount: -1");
    expect(() => includedTax(100, -5)).toThrow("Not a rate: -5");
    expect(() => includedTax(1.5, 1300)).toThrow(RangeError);
    expect(() => includedTax(100, -5)).toThrow(RangeError);
    expect(() => includedTax(100, 12.5)).toThrow(RangeError);
  });

  it("writes rates as percentages", () => {
    expect(formatTaxRate(1300)).toBe("13%");
    expect(formatTaxRate(1750)).toBe("17.5%");
    expect(formatTaxRate(500)).toBe("5%");
  });
});

/**
 * Markets (docs/storefront.md#markets): where the shop sells, in which currency, with which taxes and ways to
 * pay. The URL decides a shopper's market: the unprefixed routes are Nepal's, every other market has its own
 * prefix (`/us/store`, `/uk/product/…`). The store API seeds its `markets` table from these defaults; prices
 * are fixed lists per currency on each variant, never converted.
 */
import { decimalAmount, decimalDigitsOf, formatMinorUnits, type MoneyCurrency } from "./money.ts";
import type { ShippingCountry } from "./shop-offer.ts";

export const marketCodes = ["np", "us", "in", "uk", "ca", "ae"] as const;
export type MarketCode = (typeof marketCodes)[number];

/** A sales tax the shop charges in a market: its name and rate in basis points (1300 = 13 %). */
export interface MarketTax {
  name: string;
  rateBasisPoints: number;
}

export interface Market {
  code: MarketCode;
  /** The market's name as the country selector shows it. */
  name: string;
  /** The delivery countries it serves; every country belongs to one market. */
  countries: readonly ShippingCountry[];
  /** ISO 4217, upper case. */
  currencyCode: string;
  /** BCP 47 locale for formatting money and dates, and the hreflang of its pages. */
  locale: string;
  /** URL prefix of its pages: "" for Nepal (the unprefixed routes), else "/us" and the like. */
  pathPrefix: string;
  /** Its country landing page (docs/storefront.md#country-pages). */
  landingPath: string;
  /** Whether shown prices include the market's sales tax (UK, UAE, India, Nepal) or not (US, Canada). */
  pricesIncludeTax: boolean;
  /** The tax a registered shop charges there; tax lines appear only once a registration number is set. */
  tax: MarketTax | null;
  /** The payment methods (PAYMENT_METHODS ids) this market may offer, when the shop has them set up. */
  paymentMethods: readonly string[];
}

export const defaultMarketCode: MarketCode = "np";

/** The note US and Canadian pages show beside prices that do not include tax. */
export const dutiesNote = "Import duties and taxes may be due on delivery";

const cardMethods = ["sandbox", "stripe", "cybersource"] as const;

export const markets: readonly Market[] = [
  {
    code: "np",
    name: "Nepal",
    countries: ["NP"],
    currencyCode: "NPR",
    locale: "en-NP",
    pathPrefix: "",
    landingPath: "/shilajit-nepal",
    pricesIncludeTax: true,
    tax: { name: "VAT", rateBasisPoints: 1300 },
    paymentMethods: [...cardMethods, "khalti", "esewa", "cod"],
  },
  {
    code: "us",
    name: "United States",
    countries: ["US"],
    currencyCode: "USD",
    locale: "en-US",
    pathPrefix: "/us",
    landingPath: "/shilajit-in-usa",
    pricesIncludeTax: false,
    tax: null,
    paymentMethods: cardMethods,
  },
  {
    code: "in",
    name: "India",
    countries: ["IN"],
    currencyCode: "INR",
    locale: "en-IN",
    pathPrefix: "/in",
    landingPath: "/shilajit-in-india",
    pricesIncludeTax: true,
    tax: { name: "GST", rateBasisPoints: 1800 },
    paymentMethods: cardMethods,
  },
  {
    code: "uk",
    name: "United Kingdom",
    countries: ["GB"],
    currencyCode: "GBP",
    locale: "en-GB",
    pathPrefix: "/uk",
    landingPath: "/shilajit-in-uk",
    pricesIncludeTax: true,
    tax: { name: "VAT", rateBasisPoints: 2000 },
    paymentMethods: cardMethods,
  },
  {
    code: "ca",
    name: "Canada",
    countries: ["CA"],
    currencyCode: "CAD",
    locale: "en-CA",
    pathPrefix: "/ca",
    landingPath: "/shilajit-in-canada",
    pricesIncludeTax: false,
    tax: null,
    paymentMethods: cardMethods,
  },
  {
    code: "ae",
    name: "United Arab Emirates",
    countries: ["AE"],
    currencyCode: "AED",
    locale: "en-AE",
    pathPrefix: "/ae",
    landingPath: "/shilajit-in-uae",
    pricesIncludeTax: true,
    tax: { name: "VAT", rateBasisPoints: 500 },
    paymentMethods: cardMethods,
  },
];

export function isMarketCode(value: unknown): value is MarketCode {
  return typeof value === "string" && (marketCodes as readonly string[]).includes(value);
}

export function marketByCode(code: MarketCode): Market;
export function marketByCode(code: string): Market | undefined;
export function marketByCode(code: string): Market | undefined {
  return markets.find((market) => market.code === code);
}

export const defaultMarket: Market = marketByCode(defaultMarketCode);

/** The market whose currency this is, if any (each market has its own currency). */
export function marketOfCurrency(currencyCode: string): Market | undefined {
  const code = currencyCode.toUpperCase();
  return markets.find((market) => market.currencyCode === code);
}

/** The market that delivers to a country, if any. */
export function marketOfCountry(country: string): Market | undefined {
  return markets.find((market) => (market.countries as readonly string[]).includes(country));
}

/** A page's path in a market: ("/store", us) → "/us/store"; the home page "/" → "/us"; Nepal's stay as they are. */
export function marketPath(market: Pick<Market, "pathPrefix">, path: string): string {
  if (market.pathPrefix === "") return path;
  return path === "/" ? market.pathPrefix : `${market.pathPrefix}${path}`;
}

/** The market a path belongs to (its first segment), and the path without the prefix; Nepal's otherwise. */
export function marketOfPath(pathname: string): { market: Market; path: string } {
  const segment = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1] ?? "";
  const market = markets.find((candidate) => candidate.pathPrefix === `/${segment}`);
  if (market === undefined) return { market: defaultMarket, path: pathname };
  const rest = pathname.slice(market.pathPrefix.length);
  return { market, path: rest === "" ? "/" : rest };
}

/** Minor digits of the markets' currencies (all two today); other codes get the caller's fallback. */
const currencyDigits: Readonly<Record<string, number>> = { NPR: 2, USD: 2, INR: 2, GBP: 2, CAD: 2, AED: 2 };

export function marketCurrencyDigits(currencyCode: string): number | undefined {
  return currencyDigits[currencyCode.toUpperCase()];
}

/**
 * One `Intl.NumberFormat` per locale, currency and digits, made once: making one costs far more than using
 * it (about a millisecond on a cheap phone), and a market's product page formats a dozen prices as it hydrates.
 */
const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let format = currencyFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    currencyFormats.set(key, format);
  }
  return format;
}

/**
 * Money as a market writes it. Nepalese rupees keep their template ("Rs. 1200.00", docs/storefront.md#prices)
 * on every page, so the unprefixed routes read as they always have; every other currency goes through
 * `Intl.NumberFormat` in the market's locale: "$29.99", "₹1,499.00", "£24.99", "CA$39.99", "AED 110.00".
 */
export function formatMoney(
  minorUnits: number,
  currency: MoneyCurrency & { code?: string | null },
  locale?: string,
): string {
  const market = marketOfCurrency(currency.code ?? "");
  if (market === undefined || market === defaultMarket) return formatMinorUnits(minorUnits, currency);
  const code = market.currencyCode;
  const digits = decimalDigitsOf(currency);
  // Canada's own locale writes CAD as a bare "$": "en" names it CA$ and groups the same way.
  const formatLocale = locale ?? (market.code === "ca" ? "en" : market.locale);
  const format = currencyFormat(formatLocale, code, digits);
  // The decimal string keeps minor units exact; Intl only groups and places the symbol.
  return format.format(Number(decimalAmount(minorUnits, digits)));
}

/**
 * Money where a shopper could misread the currency (checkout, emails, invoices): the market's text, with
 * the ISO code added when the text does not already carry it: "Rs. 2700.00 NPR", "$29.99 USD", "AED 110.00".
 */
export function formatMoneyWithCode(minorUnits: number, currency: MoneyCurrency & { code?: string | null }): string {
  const text = formatMoney(minorUnits, currency);
  const code = currency.code?.toUpperCase();
  return code === undefined || text.includes(code) ? text : `${text} ${code}`;
}

/**
 * The tax included in a tax-inclusive amount, in whole minor units: amount × rate ÷ (1 + rate), rounded
 * half up. Computed once per line and stored, so the lines' tax adds up to the order's.
 */
export function includedTax(amount: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not an amount: ${amount}`);
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) throw new RangeError(`Not a rate: ${rateBasisPoints}`);
  return Math.floor((amount * rateBasisPoints * 2 + (10_000 + rateBasisPoints)) / (2 * (10_000 + rateBasisPoints)));
}

/** A rate in basis points as people write it: 1300 → "13%", 1750 → "17.5%". */
export function formatTaxRate(rateBasisPoints: number): string {
  return `${String(rateBasisPoints / 100)}%`;
}

/**
 * Stripe's smallest charge per currency, in minor units (Stripe's "Minimum and maximum charge amounts",
 * about 0.50 USD each). A total below it is not offered to Stripe.
 */
export const stripeMinimumCharge: Readonly<Record<string, number>> = {
  USD: 50,
  CAD: 50,
  GBP: 30,
  AED: 200,
  INR: 50,
  NPR: 7_000,
};

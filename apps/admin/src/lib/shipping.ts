import type {
  AdminFreeShippingUpdate,
  AdminFreeShippingValues,
  AdminMarketTax,
  AdminMarketTaxUpdate,
  AdminMarketTaxValues,
  AdminShippingChange,
  AdminShippingRate,
  AdminShippingRateUpdate,
  AdminShippingRateValues,
  CaliforniaNoticeValues,
} from "@herbo/hosted-api/admin";
import { amountField, parseAmount, type MoneyFormat } from "./money.ts";

/** Basis points are hundredths of a percent: a percentage is entered and written with two decimals at most. */
const percentFormat: MoneyFormat = { currency: "%", decimalDigits: 2, template: null, symbol: null };
/** The longest delivery time the store takes: a year. */
const maxDays = 365;

/** Basis points as the owner reads and types them: 1300 → "13", 1250 → "12.5", 1275 → "12.75"; none → "". */
export function percentField(basisPoints: number | null): string {
  if (basisPoints === null) return "";
  return amountField(basisPoints, percentFormat).replace(/\.?0+$/, "");
}

export type ParsedPercent = { ok: true; basisPoints: number | null } | { ok: false; message: string };

/** A tax rate the owner typed ("13", "12.5", "17.5 %") as basis points, exactly; empty is no rate. */
export function parsePercent(text: string): ParsedPercent {
  const trimmed = text.trim().replace(/\s*%$/, "");
  if (trimmed === "") return { ok: true, basisPoints: null };
  const parsed = parseAmount(trimmed, percentFormat);
  if (!parsed.ok) {
    return {
      ok: false,
      message: /decimals/.test(parsed.message)
        ? "Enter the rate with at most 2 decimals, e.g. 12.75."
        : "Enter the rate as a number, e.g. 13 for 13 %.",
    };
  }
  if (parsed.amount > 10_000) return { ok: false, message: "A tax rate cannot be above 100 %." };
  return { ok: true, basisPoints: parsed.amount };
}

/** How the owner types a rate's amount: the currency's digits, no symbol. */
export function rateEntryFormat(rate: Pick<AdminShippingRate, "currencyCode" | "decimalDigits">): MoneyFormat {
  return { currency: rate.currencyCode, decimalDigits: rate.decimalDigits, template: null, symbol: null };
}

function parseDays(text: string, what: string): { ok: true; days: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > maxDays) {
    return { ok: false, message: `Enter the ${what} as whole days, from 0 to ${maxDays}.` };
  }
  return { ok: true, days: Number(trimmed) };
}

/**
 * The update a country's rate form holds (fields `amount`, `minDays`, `maxDays`), from the version shown,
 * in minor units of the rate's currency; or the first field's problem.
 */
export function rateUpdateOfFields(
  read: (name: string) => string,
  rate: AdminShippingRate,
): { ok: true; update: AdminShippingRateUpdate } | { ok: false; message: string } {
  const amountText = read("amount").trim();
  if (amountText === "")
    return { ok: false, message: `Enter the delivery charge in ${rate.currencyCode} (0 for free).` };
  const amount = parseAmount(amountText, rateEntryFormat(rate));
  if (!amount.ok) return { ok: false, message: `Delivery charge: ${amount.message}` };
  const minDays = parseDays(read("minDays"), "shortest delivery time");
  if (!minDays.ok) return minDays;
  const maxDaysField = parseDays(read("maxDays"), "longest delivery time");
  if (!maxDaysField.ok) return maxDaysField;
  if (minDays.days > maxDaysField.days) {
    return { ok: false, message: "The shortest delivery time cannot be longer than the longest." };
  }
  return {
    ok: true,
    update: {
      version: rate.version,
      currencyCode: rate.currencyCode,
      amount: amount.amount,
      minDays: minDays.days,
      maxDays: maxDaysField.days,
    },
  };
}

/**
 * The update a market's tax form holds (`pricesIncludeTax` checked or not, `taxName`, `rate`,
 * `registration`), from the version shown; or the first problem. A name and a rate go together, and a
 * registration number needs them (the API says the same; this saves a round trip).
 */
export function taxUpdateOfFields(
  read: (name: string) => string,
  checked: (name: string) => boolean,
  market: Pick<AdminMarketTax, "version">,
): { ok: true; update: AdminMarketTaxUpdate } | { ok: false; message: string } {
  const taxName = read("taxName").trim();
  const registration = read("registration").trim();
  const rate = parsePercent(read("rate"));
  if (!rate.ok) return { ok: false, message: `Tax rate: ${rate.message}` };
  if (taxName === "" && rate.basisPoints !== null) {
    return { ok: false, message: "Give the tax a name as well as a rate, or clear both for no tax." };
  }
  if (taxName !== "" && rate.basisPoints === null) {
    return { ok: false, message: "Give the tax a rate as well as a name, or clear both for no tax." };
  }
  if (registration !== "" && taxName === "") {
    return { ok: false, message: "A registration number belongs to a tax: give the tax a name and a rate first." };
  }
  return {
    ok: true,
    update: {
      version: market.version,
      pricesIncludeTax: checked("pricesIncludeTax"),
      taxName: taxName === "" ? null : taxName,
      rateBasisPoints: rate.basisPoints,
      registration: registration === "" ? null : registration,
    },
  };
}

/**
 * The update a market's free-shipping form holds (field `amount`, in the market's currency), from the version
 * shown; empty removes the threshold. Or the field's problem.
 */
export function freeShippingUpdateOfFields(
  read: (name: string) => string,
  market: Pick<AdminMarketTax, "currencyCode" | "decimalDigits" | "freeShippingVersion">,
): { ok: true; update: AdminFreeShippingUpdate } | { ok: false; message: string } {
  const update = (amount: number | null) => ({
    ok: true as const,
    update: { version: market.freeShippingVersion, currencyCode: market.currencyCode, amount },
  });
  const text = read("amount").trim();
  if (text === "") return update(null);
  const parsed = parseAmount(text, rateEntryFormat(market));
  if (!parsed.ok) return { ok: false, message: `Free shipping from: ${parsed.message}` };
  if (parsed.amount === 0) {
    return { ok: false, message: "Free shipping from: enter an amount above 0, or leave it empty for no offer." };
  }
  return update(parsed.amount);
}

/** A threshold as the owner reads it: "from GBP 60.00", or "none". */
export function freeShippingText(values: AdminFreeShippingValues, decimalDigits = 2): string {
  if (values.amount === null) return "none";
  const format = { currency: values.currencyCode, decimalDigits, template: null, symbol: null };
  return `from ${values.currencyCode} ${amountField(values.amount, format)}`;
}

/** "1–5 business days", "3 business days", "1 business day". */
export function daysText(min: number, max: number): string {
  if (min === max) return `${min} business ${min === 1 ? "day" : "days"}`;
  return `${min}–${max} business days`;
}

/** A rate as the owner reads it: "NPR 150.00, 2–6 business days" ("free" for 0). */
export function rateText(values: AdminShippingRateValues, decimalDigits = 2): string {
  const format = { currency: values.currencyCode, decimalDigits, template: null, symbol: null };
  const charge = values.amount === 0 ? "free" : `${values.currencyCode} ${amountField(values.amount, format)}`;
  return `${charge}, ${daysText(values.minDays, values.maxDays)}`;
}

/** Tax settings as the owner reads them: "VAT 13 %; prices include tax; registration 601234567". */
export function taxText(values: AdminMarketTaxValues): string {
  const tax =
    values.taxName === null || values.rateBasisPoints === null
      ? "no tax"
      : `${values.taxName} ${percentField(values.rateBasisPoints)} %`;
  const included = values.pricesIncludeTax ? "prices include tax" : "prices exclude tax";
  const registration = values.registration === null ? "not registered" : `registration ${values.registration}`;
  return `${tax}; ${included}; ${registration}`;
}

/** One line of the history: "United States: USD 12.99, 7–14 business days → USD 14.99, 6–10 business days". */
export function describeShippingChange(change: AdminShippingChange): string {
  if (change.entity === "shipping_rate") {
    return `Shipping to ${change.label}: ${rateText(change.before)} → ${rateText(change.after)}`;
  }
  if (change.entity === "free_shipping") {
    return `Free shipping in ${change.label}: ${freeShippingText(change.before)} → ${freeShippingText(change.after)}`;
  }
  if (change.entity === "california_notice") return californiaNoticeChange(change.before, change.after);
  return `Tax in ${change.label}: ${taxText(change.before)} → ${taxText(change.after)}`;
}

/** "California notice turned on", "… turned off", or "California notice: text changed" (it stayed on or off). */
export function californiaNoticeChange(before: CaliforniaNoticeValues, after: CaliforniaNoticeValues): string {
  if (before.enabled !== after.enabled) return `California notice turned ${after.enabled ? "on" : "off"}`;
  return before.warning === after.warning ? "California notice saved unchanged" : "California notice: text changed";
}

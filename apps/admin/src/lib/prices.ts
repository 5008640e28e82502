import type { AdminPrice, AdminPriceCurrency } from "@herbo/hosted-api/admin";
import { amountField, parseAmount, type MoneyFormat } from "./money.ts";

/** How the owner types a currency's amounts: its digits, no symbol. */
export function entryFormat(currency: AdminPriceCurrency): MoneyFormat {
  return { currency: currency.code, decimalDigits: currency.decimalDigits, template: null, symbol: null };
}

/**
 * The prices a variant's price form holds (fields `price-USD`, `sale-USD`, …) in minor units, or the first
 * field's problem. A currency whose price field is empty is left out (its price, if any, stays as it is);
 * an empty sale field means no sale.
 */
export function pricesOfFields(
  read: (name: string) => string,
  currencies: readonly AdminPriceCurrency[],
): { ok: true; prices: AdminPrice[] } | { ok: false; message: string } {
  const prices: AdminPrice[] = [];
  for (const currency of currencies) {
    const priceText = read(`price-${currency.code}`).trim();
    const saleText = read(`sale-${currency.code}`).trim();
    if (priceText === "") {
      if (saleText !== "") return { ok: false, message: `Enter the price in ${currency.code} before its sale price.` };
      continue;
    }
    const amount = parseAmount(priceText, entryFormat(currency));
    if (!amount.ok) return { ok: false, message: `Price in ${currency.code}: ${amount.message}` };
    let saleAmount: number | null = null;
    if (saleText !== "") {
      const sale = parseAmount(saleText, entryFormat(currency));
      if (!sale.ok) return { ok: false, message: `Sale price in ${currency.code}: ${sale.message}` };
      if (sale.amount >= amount.amount) {
        return { ok: false, message: `The sale price in ${currency.code} must be below its price.` };
      }
      saleAmount = sale.amount;
    }
    prices.push({ currencyCode: currency.code, amount: amount.amount, saleAmount });
  }
  if (prices.length === 0) return { ok: false, message: "Enter at least one price." };
  return { ok: true, prices };
}

/** "USD 29.99 → 44.99 (sale 39.99)" for each currency whose price a change moved. */
export function describePriceChange(
  before: readonly AdminPrice[],
  after: readonly AdminPrice[],
  currencies: readonly AdminPriceCurrency[],
): string {
  const text = (price: AdminPrice | undefined, digits: number) => {
    if (price === undefined) return "none";
    const format = { currency: price.currencyCode, decimalDigits: digits, template: null, symbol: null };
    const amount = amountField(price.amount, format);
    return price.saleAmount === null ? amount : `${amount} (sale ${amountField(price.saleAmount, format)})`;
  };
  return after
    .flatMap((price) => {
      const old = before.find((entry) => entry.currencyCode === price.currencyCode);
      if (old !== undefined && old.amount === price.amount && old.saleAmount === price.saleAmount) return [];
      const digits = currencies.find((currency) => currency.code === price.currencyCode)?.decimalDigits ?? 2;
      return [`${price.currencyCode} ${text(old, digits)} → ${text(price, digits)}`];
    })
    .join("; ");
}

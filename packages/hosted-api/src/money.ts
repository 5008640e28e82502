/**
 * Money rules shared by the storefront and the store API. Amounts are integers in minor units
 * (cents, paisa); a currency's `decimalDigits` says how many minor digits it has.
 */

/** The parts of a currency that formatting reads; every part may be missing. */
export interface MoneyCurrency {
  code?: string | null;
  symbol?: string | null;
  /** Display template with a `$1` placeholder for the amount, e.g. "Rs. $1". */
  template?: string | null;
  decimalDigits?: number | null;
}

export const defaultDecimalDigits = 2;
const maxDecimalDigits = 4;

/** A currency's minor digits when they make sense (a whole number from 0 to 4), else 2. */
export function decimalDigitsOf(currency: MoneyCurrency | null | undefined): number {
  const digits = currency?.decimalDigits;
  return typeof digits === "number" && Number.isInteger(digits) && digits >= 0 && digits <= maxDecimalDigits
    ? digits
    : defaultDecimalDigits;
}

/**
 * Minor units as a decimal string with exactly `digits` decimals, without floating point:
 * (1999, 2) → "19.99", (5, 2) → "0.05", (1200, 0) → "1200", (-250, 2) → "-2.50".
 */
export function decimalAmount(minorUnits: number, digits: number = defaultDecimalDigits): string {
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`Not a whole number of minor units: ${minorUnits}`);
  const sign = minorUnits < 0 ? "-" : "";
  const text = String(Math.abs(minorUnits));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * The one price formatter (docs/storefront.md#prices): the amount with the currency's decimals, put in its `$1`
 * template, else after its symbol, else after its upper-case code, else after "€".
 */
export function formatMinorUnits(minorUnits: number, currency: MoneyCurrency | null | undefined): string {
  const amount = decimalAmount(minorUnits, decimalDigitsOf(currency));
  const template = currency?.template;
  if (typeof template === "string" && template.includes("$1")) return template.replace("$1", amount);
  const symbol = currency?.symbol;
  if (typeof symbol === "string" && symbol.trim() !== "") return `${symbol}${amount}`;
  const code = currency?.code;
  if (typeof code === "string" && code.trim() !== "") return `${code.toUpperCase()}${amount}`;
  return `€${amount}`;
}

/** A sale price counts only when it is above zero: a sale amount of 0 or none means "not on sale". */
export function saleApplies(saleAmount: number | null | undefined): saleAmount is number {
  return typeof saleAmount === "number" && saleAmount > 0;
}

/** What the shopper pays per unit (docs/storefront.md#prices): the sale amount when one applies, else the amount. */
export function payablePrice(amount: number, saleAmount: number | null | undefined): number {
  return saleApplies(saleAmount) ? saleAmount : amount;
}

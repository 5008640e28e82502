import type { CurrencyRow } from "../catalog/repository.ts";

/** Formats minor units the way the storefront does: the currency template with `$1`, else symbol or code. */
export function formatMinorUnits(amount: number, currency: CurrencyRow | undefined): string {
  const digits = currency?.decimalDigits ?? 2;
  const value = (amount / 10 ** digits).toFixed(digits);
  if (currency?.template.includes("$1")) return currency.template.replace("$1", value);
  return `${currency?.symbol ?? currency?.code ?? "€"}${value}`;
}

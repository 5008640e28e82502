import { decimalAmount, formatMoney as formatMarketMoney } from "@herbo/hosted-api";
import type { AdminOrderDetail } from "@herbo/hosted-api/admin";

/** How an order's currency is written: the API's own `currency` of the order. */
export interface MoneyFormat {
  currency: string;
  decimalDigits: number;
  /** The formatter's template, with `$1` where the amount goes ("Rs. $1"); null for symbol then amount. */
  template: string | null;
  symbol: string | null;
}

/** The format of an order's amounts, from its detail. */
export function moneyFormat(order: Pick<AdminOrderDetail, "currency">): MoneyFormat {
  const { code, decimalDigits, template, symbol } = order.currency;
  return { currency: code, decimalDigits, template, symbol };
}

/** Minor units as the API would write them ("Rs. 1200.00", "$29.99", "₹1,499.00"). */
export function formatMoney(amount: number, format: MoneyFormat): string {
  return formatMarketMoney(amount, {
    code: format.currency,
    template: format.template,
    symbol: format.symbol,
    decimalDigits: format.decimalDigits,
  });
}

/** Minor units as the owner types them in a field: "1200.00" (no currency). */
export function amountField(amount: number, format: MoneyFormat): string {
  return decimalAmount(amount, format.decimalDigits);
}

export type ParsedAmount = { ok: true; amount: number } | { ok: false; message: string };

/**
 * An amount the owner typed ("1200", "1200.5", "1,200.50") as integer minor units, by its digits and
 * without floating point, so 0.29 is 29 and never 28.999….
 */
export function parseAmount(text: string, format: MoneyFormat): ParsedAmount {
  const trimmed = text.trim();
  const grouped = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed);
  // Digits with at most one point, and at least one digit before or right after it.
  const match = /^(?=\.?\d)(\d*)(?:\.(\d*))?$/.exec(grouped ? trimmed.replaceAll(",", "") : trimmed);
  if (match === null) return { ok: false, message: "Enter the amount as a number, e.g. 1200.50 (0 for none)." };
  const whole = match[1] ?? "";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  const digits = format.decimalDigits;
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0
          ? `Enter a whole amount: ${format.currency} has no decimals.`
          : `Enter at most ${digits} ${digits === 1 ? "decimal" : "decimals"}.`,
    };
  }
  // BigInt("") is 0n: ".5" has no whole part, "5" and "5.00" no decimals.
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0"));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: "That amount is too large." };
  return { ok: true, amount: Number(minor) };
}

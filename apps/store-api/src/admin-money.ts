import { formatMoney } from "@herbo/hosted-api";
import type { AdminMoney } from "@herbo/hosted-api/admin";
import type { currencies } from "./db/schema.ts";

type CurrencyRow = typeof currencies.$inferSelect;

/** An amount for the back office: minor units, the currency's code, and the text the one formatter makes. */
export function adminMoney(amount: number, code: string, known: ReadonlyMap<string, CurrencyRow>): AdminMoney {
  const currency = known.get(code);
  return { amount, currency: code, text: formatMoney(amount, currency ?? { code }) };
}

/** Sums amounts per currency, in the order the currencies first appear. */
export function totalsByCurrency(
  rows: readonly { amount: number; currency: string }[],
  known: ReadonlyMap<string, CurrencyRow>,
): AdminMoney[] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.amount);
  return [...sums].map(([code, amount]) => adminMoney(amount, code, known));
}

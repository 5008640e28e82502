import type { AdminDiscountCode, AdminDiscountCodeInput } from "@herbo/hosted-api/admin";
import { amountField, parseAmount, type MoneyFormat } from "./money.ts";

/**
 * Discount codes as the owner types them on the Promotions page. The store API checks every rule again and
 * says what is wrong; these catch typing mistakes before the round trip, in the same words where they can.
 */

type Currency = { code: string; decimalDigits: number };

const formatOf = (currency: Currency): MoneyFormat => ({
  currency: currency.code,
  decimalDigits: currency.decimalDigits,
  template: null,
  symbol: null,
});

function wholeOrNone(text: string, what: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  if (!/^\d{1,7}$/.test(trimmed) || Number(trimmed) < 1) {
    return { ok: false, message: `${what}: enter a whole number from 1, or leave it empty for no limit.` };
  }
  return { ok: true, value: Number(trimmed) };
}

function amountsOf(
  read: (name: string) => string,
  prefix: string,
  currencies: readonly Currency[],
  what: string,
): { ok: true; amounts: Record<string, number> } | { ok: false; message: string } {
  const amounts: Record<string, number> = {};
  for (const currency of currencies) {
    const text = read(`${prefix}-${currency.code}`).trim();
    if (text === "") continue;
    const parsed = parseAmount(text, formatOf(currency));
    if (!parsed.ok) return { ok: false, message: `${what} in ${currency.code}: ${parsed.message}` };
    amounts[currency.code] = parsed.amount;
  }
  return { ok: true, amounts };
}

/** A `datetime-local` field's value as an instant in the browser's time zone, or null when empty. */
function instantOf(text: string): string | null {
  return text.trim() === "" ? null : new Date(text).toISOString();
}

/**
 * The new code the form holds (fields `code`, `kind`, `percent`, `amount-{CUR}`, `minimum-{CUR}`, checkboxes
 * `market` and `product`, `startsAt`, `endsAt`, `totalUses`, `usesPerEmail`), or the first problem.
 */
export function codeInputOfFields(
  read: (name: string) => string,
  readAll: (name: string) => string[],
  currencies: readonly Currency[],
): { ok: true; input: AdminDiscountCodeInput } | { ok: false; message: string } {
  const code = read("code").trim();
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(code)) {
    return { ok: false, message: "A code is 1 to 40 letters, digits, dashes or underscores, such as HIMALAYA10." };
  }
  const kind = read("kind") === "amount" ? "amount" : "percent";
  let percent: number | null = null;
  let amounts: Record<string, number> = {};
  if (kind === "percent") {
    const text = read("percent").trim();
    if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 100) {
      return { ok: false, message: "A percentage code takes a whole 1 to 100 % off." };
    }
    percent = Number(text);
  } else {
    const parsed = amountsOf(read, "amount", currencies, "Amount off");
    if (!parsed.ok) return parsed;
    if (Object.values(parsed.amounts).some((amount) => amount === 0) || Object.keys(parsed.amounts).length === 0) {
      return { ok: false, message: "A fixed-amount code needs an amount above 0 in at least one currency." };
    }
    amounts = parsed.amounts;
  }
  const minimums = amountsOf(read, "minimum", currencies, "Minimum order");
  if (!minimums.ok) return minimums;
  const totalUses = wholeOrNone(read("totalUses"), "Total uses");
  if (!totalUses.ok) return totalUses;
  const usesPerEmail = wholeOrNone(read("usesPerEmail"), "Uses per email");
  if (!usesPerEmail.ok) return usesPerEmail;
  const startsAt = instantOf(read("startsAt"));
  const endsAt = instantOf(read("endsAt"));
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    return { ok: false, message: "The code must end after it starts." };
  }
  return {
    ok: true,
    input: {
      code,
      kind,
      percent,
      amounts,
      minimums: minimums.amounts,
      markets: readAll("market"),
      productIds: readAll("product"),
      startsAt,
      endsAt,
      totalUses: totalUses.value,
      usesPerEmail: usesPerEmail.value,
    },
  };
}

function amountsText(amounts: Record<string, number>, currencies: readonly Currency[]): string {
  return currencies
    .filter((currency) => amounts[currency.code] !== undefined)
    .map((currency) => `${currency.code} ${amountField(amounts[currency.code] ?? 0, formatOf(currency))}`)
    .join(", ");
}

/** What a code takes off, as the owner reads it: "10 % off", "GBP 5.00, USD 6.00 off". */
export function codeTermsText(code: AdminDiscountCodeInput, currencies: readonly Currency[]): string {
  const off = code.kind === "percent" ? `${code.percent ?? 0} % off` : `${amountsText(code.amounts, currencies)} off`;
  const minimum =
    Object.keys(code.minimums).length === 0 ? "" : `, orders from ${amountsText(code.minimums, currencies)}`;
  return `${off}${minimum}`;
}

/** How far a code has been used: "3 used, 1 held, of 10", "none used, no limit". */
export function codeUsesText(code: Pick<AdminDiscountCode, "used" | "held" | "totalUses" | "usesPerEmail">): string {
  const used = code.used === 0 ? "none used" : `${code.used} used`;
  const held = code.held === 0 ? "" : `, ${code.held} held`;
  const limit = code.totalUses === null ? ", no limit" : `, of ${code.totalUses}`;
  const perEmail = code.usesPerEmail === null ? "" : `; ${code.usesPerEmail} per email`;
  return `${used}${held}${limit}${perEmail}`;
}

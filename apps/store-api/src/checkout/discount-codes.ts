import { codeDiscounts, formatMoney, normalizeDiscountCode, type CodeTerms } from "@herbo/hosted-api";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Transaction } from "../db/connection.ts";
import {
  checkoutLines,
  checkoutSessions,
  codeRedemptions,
  currencies,
  discountCodes,
  markets,
  variants,
} from "../db/schema.ts";

/**
 * Discount codes on a checkout: applied with the shopper's details (the email is needed for uses per email),
 * held against the code's limits while the checkout is open, used when its order is placed, released when
 * it expires or is cancelled. Every step runs inside the caller's transaction with the code's row locked, so
 * checkouts redeeming the same code count each other: 50 shoppers at once for 10 uses left get 10.
 */

type SessionRow = typeof checkoutSessions.$inferSelect;
type LineRow = typeof checkoutLines.$inferSelect;
type CodeRow = typeof discountCodes.$inferSelect;

/** Codes one checkout may have refused before it takes no more: enough for typing mistakes, too few to guess. */
export const maxCodeRefusals = 10;

/** A code the checkout cannot take, with the reason in the shopper's words. */
export class CodeRefusal extends Error {}

/** The statuses that count against a code's limits. */
const counting = ["held", "used"] as const;

async function moneyText(tx: Transaction, amount: number, currencyCode: string): Promise<string> {
  const [currency] = await tx.select().from(currencies).where(eq(currencies.code, currencyCode));
  return formatMoney(amount, currency ?? { code: currencyCode });
}

/** The code's terms in the checkout's currency, or the reason it does not apply to this checkout. */
async function termsFor(tx: Transaction, code: CodeRow, session: SessionRow, now: Date): Promise<CodeTerms> {
  const name = code.code;
  if (!code.active || (code.endsAt !== null && code.endsAt <= now)) {
    throw new CodeRefusal(`The code ${name} has ended.`);
  }
  if (code.startsAt !== null && code.startsAt > now) throw new CodeRefusal(`The code ${name} is not valid yet.`);
  const amount = code.amounts[session.currencyCode];
  if (
    (code.markets.length > 0 && !code.markets.includes(session.marketCode)) ||
    (code.kind === "amount" && amount === undefined)
  ) {
    const [market] = await tx.select({ name: markets.name }).from(markets).where(eq(markets.code, session.marketCode));
    throw new CodeRefusal(`The code ${name} is not valid in our ${market?.name ?? session.marketCode} shop.`);
  }
  return code.kind === "percent"
    ? { kind: "percent", percent: code.percent ?? 0 }
    : { kind: "amount", amount: amount ?? 0 };
}

/** Refuses the code when its uses, or this email's, are all taken by other checkouts and orders. */
async function checkLimits(tx: Transaction, code: CodeRow, session: SessionRow, email: string): Promise<void> {
  const others = and(
    eq(codeRedemptions.codeId, code.id),
    inArray(codeRedemptions.status, [...counting]),
    ne(codeRedemptions.sessionId, session.id),
  );
  if (code.totalUses !== null) {
    const [row] = await tx
      .select({ uses: sql<number>`count(*)::int` })
      .from(codeRedemptions)
      .where(others);
    if ((row?.uses ?? 0) >= code.totalUses) throw new CodeRefusal(`The code ${code.code} has been used up.`);
  }
  if (code.usesPerEmail !== null) {
    const [row] = await tx
      .select({ uses: sql<number>`count(*)::int` })
      .from(codeRedemptions)
      .where(and(others, eq(codeRedemptions.email, email)));
    if ((row?.uses ?? 0) >= code.usesPerEmail) {
      throw new CodeRefusal(`The code ${code.code} was already used with ${email}.`);
    }
  }
}

/** Each line with what it costs after its quantity price, and whether the code applies to its product. */
async function codeBases(tx: Transaction, code: CodeRow, lines: readonly LineRow[]) {
  const products = new Map(
    (
      await tx
        .select({ id: variants.id, productId: variants.productId })
        .from(variants)
        .where(
          inArray(
            variants.id,
            lines.map((line) => line.variantId),
          ),
        )
    ).map((row) => [row.id, row.productId]),
  );
  return lines.map((line) => ({
    amount: line.unitAmount * line.quantity - (line.discountAmount - line.codeDiscountAmount),
    applies: code.productIds.length === 0 || code.productIds.includes(products.get(line.variantId) ?? ""),
  }));
}

/**
 * Applies `typed` (or removes any code, when null) to a locked open checkout of the shopper with `email`:
 * checks the code, holds one of its uses, writes each line's share and the checkout's new total, and
 * returns the checkout's items subtotal after every discount. Throws CodeRefusal with the reason, having
 * changed nothing the caller's transaction keeps once it rolls back.
 */
export async function applyDiscountCode(
  tx: Transaction,
  session: SessionRow,
  typed: string | null,
  email: string,
  now: Date,
): Promise<number> {
  const normalized = typed === null ? null : normalizeDiscountCode(typed);
  // No code before, none now: nothing to read or write.
  if (normalized === null && session.discountCode === null) return session.totalAmount;
  const lines = await tx.select().from(checkoutLines).where(eq(checkoutLines.sessionId, session.id));
  // Locked: checkouts redeeming this code wait for each other here, so each counts the others' holds.
  const [code] =
    normalized === null
      ? []
      : await tx.select().from(discountCodes).where(eq(discountCodes.code, normalized)).for("update");
  if (normalized !== null && code === undefined) throw new CodeRefusal(`We do not know the code ${normalized}.`);
  let shares = lines.map(() => 0);
  if (code !== undefined) {
    const terms = await termsFor(tx, code, session, now);
    const bases = await codeBases(tx, code, lines);
    const minimum = code.minimums[session.currencyCode];
    const itemsAfterOffers = bases.reduce((sum, base) => sum + base.amount, 0);
    if (minimum !== undefined && itemsAfterOffers < minimum) {
      const needed = await moneyText(tx, minimum, session.currencyCode);
      throw new CodeRefusal(`The code ${code.code} is for orders of ${needed} or more.`);
    }
    if (!bases.some((base) => base.applies))
      throw new CodeRefusal(`The code ${code.code} does not apply to these items.`);
    await checkLimits(tx, code, session, email);
    shares = codeDiscounts(bases, terms);
  }
  let total = 0;
  let discount = 0;
  for (const [index, line] of lines.entries()) {
    const share = shares[index] ?? 0;
    const lineDiscount = line.discountAmount - line.codeDiscountAmount + share;
    total += line.unitAmount * line.quantity - lineDiscount;
    discount += lineDiscount;
    if (share !== line.codeDiscountAmount) {
      await tx
        .update(checkoutLines)
        .set({ codeDiscountAmount: share, discountAmount: lineDiscount })
        .where(and(eq(checkoutLines.sessionId, session.id), eq(checkoutLines.position, line.position)));
    }
  }
  await tx
    .update(checkoutSessions)
    .set({ totalAmount: total, discountAmount: discount, discountCode: code?.code ?? null })
    .where(eq(checkoutSessions.id, session.id));
  if (code === undefined) {
    await releaseCodeHolds(tx, [session.id], now);
  } else {
    await tx
      .insert(codeRedemptions)
      .values({ sessionId: session.id, codeId: code.id, email, status: "held", updatedAt: now })
      .onConflictDoUpdate({
        target: codeRedemptions.sessionId,
        set: { codeId: code.id, email, status: "held", updatedAt: now },
      });
  }
  return total;
}

/** Counts a refused code against the checkout (in its own statement, kept when the details are refused). */
export async function countCodeRefusal(tx: Transaction, sessionId: string): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ codeRefusals: sql`${checkoutSessions.codeRefusals} + 1` })
    .where(eq(checkoutSessions.id, sessionId));
}

/** Gives back the uses held by checkouts that ended unpaid (expired, cancelled, replaced). */
export async function releaseCodeHolds(tx: Transaction, sessionIds: readonly string[], now: Date): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx
    .update(codeRedemptions)
    .set({ status: "released", updatedAt: now })
    .where(and(inArray(codeRedemptions.sessionId, [...sessionIds]), eq(codeRedemptions.status, "held")));
}

/**
 * Marks the checkout's code used by its order, in the order's transaction. A payment taken is an order at
 * the amount charged: the use is recorded even when the code ran out or the hold was released meanwhile.
 */
export async function useCodeHold(tx: Transaction, sessionId: string, orderId: string, now: Date): Promise<void> {
  await tx
    .update(codeRedemptions)
    .set({ status: "used", orderId, updatedAt: now })
    .where(eq(codeRedemptions.sessionId, sessionId));
}

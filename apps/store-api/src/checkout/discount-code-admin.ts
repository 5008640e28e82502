import { discountCodePattern, normalizeDiscountCode } from "@herbo/hosted-api";
import type { AdminDiscountCode, AdminDiscountCodeInput, AdminPromotions } from "@herbo/hosted-api/admin";
import { randomBytes, randomUUID } from "node:crypto";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { catalogChanges, codeRedemptions, currencies, discountCodes, markets, products } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";

/**
 * The owner's discount codes: created whole (a code's terms never change once shoppers may hold it; the
 * owner ends it and creates another), ended at any time, each step kept in the history. The checkout side
 * (applying, holding, using) is in discount-codes.ts.
 */

/** The history's name for a code created or ended (catalog_changes.entity). */
export const discountCodeEntity = "discount_code";
const historyLength = 30;
/** More uses than any one code will see; larger numbers are typing mistakes. */
const maxUses = 1_000_000;
const maxAmount = 100_000_000;

type CodeRow = typeof discountCodes.$inferSelect;

function inputOf(row: CodeRow): AdminDiscountCodeInput {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amounts: row.amounts,
    minimums: row.minimums,
    markets: row.markets,
    productIds: row.productIds,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalUses: row.totalUses,
    usesPerEmail: row.usesPerEmail,
  };
}

/** Every code, newest first, with its orders and the checkouts holding one of its uses now. */
export async function listDiscountCodes(db: Database): Promise<AdminDiscountCode[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.code)),
    db
      .select({
        codeId: codeRedemptions.codeId,
        status: codeRedemptions.status,
        count: sql<number>`count(*)::int`,
      })
      .from(codeRedemptions)
      .where(inArray(codeRedemptions.status, ["held", "used"]))
      .groupBy(codeRedemptions.codeId, codeRedemptions.status),
  ]);
  const countOf = (id: string, status: "held" | "used") =>
    counts.find((row) => row.codeId === id && row.status === status)?.count ?? 0;
  return rows.map((row) => ({
    id: row.id,
    ...inputOf(row),
    active: row.active,
    used: countOf(row.id, "used"),
    held: countOf(row.id, "held"),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The latest codes created and ended, newest first, as the Promotions page's history lists them. */
export async function discountCodeHistory(db: Database): Promise<AdminPromotions["history"]> {
  const rows = await db
    .select()
    .from(catalogChanges)
    .where(eq(catalogChanges.entity, discountCodeEntity))
    .orderBy(desc(catalogChanges.at), desc(catalogChanges.id))
    .limit(historyLength);
  return rows.map((row) => {
    const after = row.after as { change: "created" | "ended"; code: AdminDiscountCodeInput };
    return {
      at: row.at.toISOString(),
      actor: row.actor,
      entity: "discount_code",
      entityId: row.entityId,
      label: after.code.code,
      change: after.change,
      code: after.code,
    };
  });
}

const refuse = (message: string, field: string) => invalidRequest(message, `body.${field}`);

function wholeAmounts(
  amounts: Record<string, number>,
  field: string,
  sold: ReadonlySet<string>,
  min: number,
): ApiError | undefined {
  for (const [currency, amount] of Object.entries(amounts)) {
    if (!sold.has(currency)) {
      return refuse(`The shop sells in no currency ${currency}: an amount in it would never apply.`, field);
    }
    if (!Number.isSafeInteger(amount) || amount < min || amount > maxAmount) {
      return refuse(
        `Amounts are whole minor units (2500 for 25.00) from ${min} to ${maxAmount}; ${currency} has ${amount}.`,
        field,
      );
    }
  }
  return undefined;
}

/** The first rule the new code breaks, in the owner's words, or undefined. */
async function codeRefusal(db: Database, input: AdminDiscountCodeInput): Promise<ApiError | undefined> {
  const code = input.code.trim();
  if (!discountCodePattern.test(code)) {
    return refuse("A code is 1 to 40 letters, digits, dashes or underscores, such as HIMALAYA10.", "code");
  }
  if (input.kind === "percent") {
    if (input.percent === null || !Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100) {
      return refuse("A percentage code takes a whole 1 to 100 % off.", "percent");
    }
    if (Object.keys(input.amounts).length > 0) return refuse("A percentage code has no amounts.", "amounts");
  } else {
    if (input.percent !== null) return refuse("A fixed-amount code has no percentage.", "percent");
    if (Object.keys(input.amounts).length === 0) {
      return refuse("A fixed-amount code needs its amount in at least one currency.", "amounts");
    }
  }
  const marketRows = await db
    .select({ code: markets.code, currency: markets.currencyCode, name: markets.name })
    .from(markets);
  const sold = new Set(marketRows.map((market) => market.currency));
  const amountRefusal =
    wholeAmounts(input.amounts, "amounts", sold, 1) ?? wholeAmounts(input.minimums, "minimums", sold, 0);
  if (amountRefusal !== undefined) return amountRefusal;
  for (const code of input.markets) {
    const market = marketRows.find((row) => row.code === code);
    if (market === undefined) return refuse(`No market has the code ${code}.`, "markets");
    if (input.kind === "amount" && input.amounts[market.currency] === undefined) {
      return refuse(`The code is valid in ${market.name} but has no amount in ${market.currency}.`, "amounts");
    }
  }
  // A code for some markets only: an amount or minimum in another market's currency would never apply.
  if (input.markets.length > 0) {
    const chosen = new Set(marketRows.filter((row) => input.markets.includes(row.code)).map((row) => row.currency));
    for (const [field, amounts] of [
      ["amounts", input.amounts],
      ["minimums", input.minimums],
    ] as const) {
      const stray = Object.keys(amounts).find((currency) => !chosen.has(currency));
      if (stray !== undefined) {
        return refuse(`None of the code's markets sells in ${stray}: an amount in it would never apply.`, field);
      }
    }
  }
  if (input.productIds.length > 0) {
    const known = await db.select({ id: products.id }).from(products).where(inArray(products.id, input.productIds));
    const missing = input.productIds.find((id) => !known.some((row) => row.id === id));
    if (missing !== undefined) return refuse(`No product has the id ${missing}.`, "productIds");
  }
  const startsAt = input.startsAt === null ? null : Date.parse(input.startsAt);
  const endsAt = input.endsAt === null ? null : Date.parse(input.endsAt);
  if (startsAt !== null && Number.isNaN(startsAt)) return refuse("The start is not a date and time.", "startsAt");
  if (endsAt !== null && Number.isNaN(endsAt)) return refuse("The end is not a date and time.", "endsAt");
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    return refuse("The code must end after it starts.", "endsAt");
  }
  for (const [field, uses] of [
    ["totalUses", input.totalUses],
    ["usesPerEmail", input.usesPerEmail],
  ] as const) {
    if (uses !== null && (!Number.isInteger(uses) || uses < 1 || uses > maxUses)) {
      return refuse(`Uses are a whole number from 1 to ${maxUses}; leave it empty for no limit.`, field);
    }
  }
  return undefined;
}

/** Creates a code from the owner's input (refused with the first broken rule), with its history entry. */
export async function createDiscountCode(
  db: Database,
  input: AdminDiscountCodeInput,
  change: { actor: string; now: Date },
): Promise<void> {
  const refusal = await codeRefusal(db, input);
  if (refusal !== undefined) throw refusal;
  const code = normalizeDiscountCode(input.code);
  await db.transaction(async (tx) => {
    const id = `dc_${randomBytes(12).toString("base64url")}`;
    const inserted = await tx
      .insert(discountCodes)
      .values({
        id,
        code,
        kind: input.kind,
        percent: input.kind === "percent" ? input.percent : null,
        amounts: input.amounts,
        minimums: input.minimums,
        markets: [...new Set(input.markets)],
        productIds: [...new Set(input.productIds)],
        startsAt: input.startsAt === null ? null : new Date(input.startsAt),
        endsAt: input.endsAt === null ? null : new Date(input.endsAt),
        totalUses: input.totalUses,
        usesPerEmail: input.usesPerEmail,
        createdAt: change.now,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (row === undefined) {
      throw new ApiError(
        409,
        "edit_conflict",
        `The code ${code} exists already: choose another, or end that one first.`,
        {
          version: 0,
        },
      );
    }
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: change.now,
      actor: change.actor,
      entity: discountCodeEntity,
      entityId: id,
      before: {},
      after: { change: "created", code: inputOf(row) },
    });
  });
}

/** Ends a code: no checkout can apply it from now; checkouts holding it keep their discount. */
export async function endDiscountCode(db: Database, id: string, change: { actor: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (row === undefined) throw notFound(`No discount code has the id ${id}.`);
    if (!row.active) return;
    await tx.update(discountCodes).set({ active: false }).where(eq(discountCodes.id, id));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: change.now,
      actor: change.actor,
      entity: discountCodeEntity,
      entityId: id,
      before: { active: true },
      after: { change: "ended", code: inputOf(row) },
    });
  });
}

/** The currency each market sells in, with its digits, for the Promotions page's amounts. */
export async function marketCurrencies(db: Database): Promise<{ code: string; decimalDigits: number }[]> {
  const rows = await db
    .select({ code: markets.currencyCode, decimalDigits: currencies.decimalDigits })
    .from(markets)
    .leftJoin(currencies, eq(currencies.code, markets.currencyCode))
    .orderBy(asc(markets.sortOrder), asc(markets.code));
  return rows.map((row) => ({ code: row.code, decimalDigits: row.decimalDigits ?? 2 }));
}

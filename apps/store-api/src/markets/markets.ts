import { randomUUID } from "node:crypto";
import { includedTax, type MoneyCurrency } from "@herbo/hosted-api";
import type { AdminMarketTaxValues } from "@herbo/hosted-api/admin";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { catalogChanges, currencies, markets } from "../db/schema.ts";

/**
 * The markets as the database holds them: seeded from the contract, the owner's to change. A checkout follows
 * the market it was priced in: its countries, its currency, its tax and its payment methods.
 */

export type MarketRow = typeof markets.$inferSelect;
type Reader = Pick<Database, "select">;

/** A market with the currency its prices are in, as pages, emails and invoices need it. */
export interface MarketView {
  code: string;
  name: string;
  countries: readonly string[];
  pricesIncludeTax: boolean;
  /** The market's tax ("VAT", "GST"), registered or not; null where it has none. */
  taxName: string | null;
  /** The tax the shop charges there; null while the shop is not registered there (no tax lines then). */
  tax: { name: string; rateBasisPoints: number; registration: string } | null;
  paymentMethods: readonly string[];
  currency: MoneyCurrency & { code: string; namePlural: string };
  /** The items' subtotal (minor units) from which its orders ship free; null when none. */
  freeShippingOver: number | null;
}

export function marketViewOf(market: MarketRow, currency: typeof currencies.$inferSelect | undefined): MarketView {
  const registered =
    market.taxName !== null &&
    market.taxRateBasisPoints !== null &&
    market.taxRegistration !== null &&
    market.taxRegistration.trim() !== "";
  return {
    code: market.code,
    name: market.name,
    countries: market.countries,
    pricesIncludeTax: market.pricesIncludeTax,
    taxName: market.taxName,
    tax:
      registered && market.pricesIncludeTax
        ? {
            name: market.taxName ?? "",
            rateBasisPoints: market.taxRateBasisPoints ?? 0,
            registration: market.taxRegistration ?? "",
          }
        : null,
    paymentMethods: market.paymentMethods,
    freeShippingOver: market.freeShippingOver,
    currency: {
      code: market.currencyCode,
      symbol: currency?.symbol ?? null,
      template: currency?.template ?? null,
      decimalDigits: currency?.decimalDigits ?? null,
      namePlural: currency?.namePlural ?? market.currencyCode,
    },
  };
}

export async function findMarketView(db: Reader, code: string): Promise<MarketView | undefined> {
  const [row] = await db
    .select({ market: markets, currency: currencies })
    .from(markets)
    .leftJoin(currencies, eq(currencies.code, markets.currencyCode))
    .where(eq(markets.code, code));
  return row === undefined ? undefined : marketViewOf(row.market, row.currency ?? undefined);
}

/** The market that delivers to a country, if any. */
export async function findMarketOfCountry(db: Reader, country: string): Promise<MarketView | undefined> {
  const [row] = await db
    .select({ market: markets, currency: currencies })
    .from(markets)
    .leftJoin(currencies, eq(currencies.code, markets.currencyCode))
    .where(sql`${markets.countries} @> ${JSON.stringify([country])}::jsonb`)
    .orderBy(asc(markets.sortOrder))
    .limit(1);
  return row === undefined ? undefined : marketViewOf(row.market, row.currency ?? undefined);
}

/**
 * What the storefront states of each market, as the owner last set it, in the markets' order: whether its
 * prices include tax, and its free-shipping threshold.
 */
export async function listMarketStatements(
  db: Reader,
): Promise<{ code: string; pricesIncludeTax: boolean; freeShippingOver: number | null }[]> {
  return db
    .select({
      code: markets.code,
      pricesIncludeTax: markets.pricesIncludeTax,
      freeShippingOver: markets.freeShippingOver,
    })
    .from(markets)
    .orderBy(asc(markets.sortOrder), asc(markets.code));
}

/** A tax registration number as the shop may record it: printable, short, no markup. */
export const registrationPattern = /^[\p{L}\p{N}][\p{L}\p{N} ./-]{0,59}$/u;
export const registrationRule = "A registration number is 1 to 60 letters, digits, spaces, dots, dashes or slashes.";

/** What `npm run admin -- tax-registration` did: set or cleared, or why not. */
export type TaxRegistrationOutcome =
  | { kind: "set"; market: string; taxName: string }
  | { kind: "cleared"; market: string }
  | { kind: "unknown_market" }
  | { kind: "no_tax"; market: string }
  | { kind: "invalid"; message: string };

/** The history's name for a change of a market's tax settings (catalog_changes.entity). */
export const marketTaxEntity = "market_tax";

/** A market's tax settings as the history keeps them. */
export function taxValuesOf(market: MarketRow): AdminMarketTaxValues {
  return {
    pricesIncludeTax: market.pricesIncludeTax,
    taxName: market.taxName,
    rateBasisPoints: market.taxRateBasisPoints,
    registration: market.taxRegistration,
  };
}

/**
 * Writes a market's new tax settings inside the caller's transaction, the market's row locked by it: its
 * version goes up by one and the history says who changed what, so an owner's page opened before this
 * change gets a conflict rather than overwriting it.
 */
export async function writeMarketTax(
  tx: Pick<Database, "update" | "insert">,
  market: MarketRow,
  values: AdminMarketTaxValues,
  change: { actor: string; now: Date },
): Promise<void> {
  await tx
    .update(markets)
    .set({
      pricesIncludeTax: values.pricesIncludeTax,
      taxName: values.taxName,
      taxRateBasisPoints: values.rateBasisPoints,
      taxRegistration: values.registration,
      version: market.version + 1,
    })
    .where(and(eq(markets.code, market.code), eq(markets.version, market.version)));
  await tx.insert(catalogChanges).values({
    id: `cc_${randomUUID()}`,
    at: change.now,
    actor: change.actor,
    entity: marketTaxEntity,
    entityId: market.code,
    before: taxValuesOf(market),
    after: values,
  });
}

/**
 * Records the shop's tax registration in a market (its PAN/VAT number in Nepal), or clears it. From then
 * on, new orders there carry tax lines; orders already placed keep what they had. Kept in the history
 * like a change made in the back office.
 */
export async function setTaxRegistration(
  db: Database,
  code: string,
  registration: string | null,
  change: { actor: string; now: Date },
): Promise<TaxRegistrationOutcome> {
  const number = registration?.trim() ?? null;
  if (number !== null && !registrationPattern.test(number)) {
    return { kind: "invalid", message: registrationRule };
  }
  return db.transaction(async (tx) => {
    const [market] = await tx.select().from(markets).where(eq(markets.code, code)).for("update");
    if (market === undefined) return { kind: "unknown_market" } as const;
    if (
      number !== null &&
      (market.taxName === null || market.taxRateBasisPoints === null || !market.pricesIncludeTax)
    ) {
      return { kind: "no_tax", market: market.name } as const;
    }
    await writeMarketTax(tx, market, { ...taxValuesOf(market), registration: number }, change);
    return number === null
      ? ({ kind: "cleared", market: market.name } as const)
      : ({ kind: "set", market: market.name, taxName: market.taxName ?? "" } as const);
  });
}

/** The tax included in an order, computed once in minor units: per line, for shipping, and their sum. */
export interface OrderTax {
  name: string;
  rateBasisPoints: number;
  registration: string;
  lines: number[];
  shipping: number;
  total: number;
}

/**
 * The tax included in each line (unit × quantity, less its discount) and in the shipping, when the shop is registered in the
 * market; null otherwise. The order keeps these numbers: a later rate change does not touch them.
 */
export function orderTaxOf(
  market: Pick<MarketView, "tax">,
  lines: readonly { unitAmount: number; quantity: number; discountAmount: number }[],
  shippingAmount: number,
): OrderTax | null {
  const tax = market.tax;
  if (tax === null) return null;
  // On what each line is paid: a discount includes its share of the tax, as the price did.
  const lineTaxes = lines.map((line) =>
    includedTax(line.unitAmount * line.quantity - line.discountAmount, tax.rateBasisPoints),
  );
  const shipping = includedTax(shippingAmount, tax.rateBasisPoints);
  return {
    name: tax.name,
    rateBasisPoints: tax.rateBasisPoints,
    registration: tax.registration,
    lines: lineTaxes,
    shipping,
    total: lineTaxes.reduce((sum, amount) => sum + amount, shipping),
  };
}

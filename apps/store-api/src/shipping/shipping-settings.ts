import { defaultDecimalDigits, handlingDays, maxFreeShippingThreshold } from "@herbo/hosted-api";
import type {
  AdminFreeShippingUpdate,
  AdminFreeShippingValues,
  AdminMarketTax,
  AdminMarketTaxUpdate,
  AdminMarketTaxValues,
  AdminShipping,
  AdminShippingChange,
  AdminShippingRateUpdate,
  AdminShippingRateValues,
  CaliforniaNoticeValues,
} from "@herbo/hosted-api/admin";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { catalogChanges, currencies, markets, shippingRates } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import {
  findMarketOfCountry,
  marketTaxEntity,
  marketViewOf,
  registrationPattern,
  registrationRule,
  taxValuesOf,
  writeMarketTax,
} from "../markets/markets.ts";
import { californiaNoticeEntity, readCaliforniaNotice } from "./california-notice.ts";
import { countryNameOf, listDeliveryRates } from "./rates.ts";

const historyLength = 30;
/** The history's name for a change of a country's shipping rate (catalog_changes.entity). */
export const shippingRateEntity = "shipping_rate";
/** The history's name for a change of a market's free-shipping threshold. */
export const freeShippingEntity = "free_shipping";

/** A tax's name as pages, emails and invoices print it: "VAT", "GST", "Sales tax". */
const taxNamePattern = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .&/()-]{0,39}$/u;

/** Every country's rate, every market's tax settings, and the latest changes of both. */
export async function listShipping(db: Database): Promise<AdminShipping> {
  const [rates, marketRows, history, californiaNotice] = await Promise.all([
    listDeliveryRates(db),
    db
      .select({ market: markets, decimalDigits: currencies.decimalDigits })
      .from(markets)
      .leftJoin(currencies, eq(currencies.code, markets.currencyCode))
      .orderBy(asc(markets.sortOrder), asc(markets.code)),
    shippingHistory(db),
    readCaliforniaNotice(db),
  ]);
  return {
    handlingDays: { min: handlingDays.min, max: handlingDays.max },
    rates: rates.map(({ marketName: _marketName, ...rate }) => rate),
    markets: marketRows.map(({ market, decimalDigits }): AdminMarketTax => ({
      code: market.code,
      name: market.name,
      currencyCode: market.currencyCode,
      countries: [...market.countries],
      ...taxValuesOf(market),
      taxLines: marketViewOf(market, undefined).tax !== null,
      version: market.version,
      decimalDigits: decimalDigits ?? defaultDecimalDigits,
      freeShippingOver: market.freeShippingOver,
      freeShippingVersion: market.freeShippingVersion,
    })),
    californiaNotice,
    history,
  };
}

async function shippingHistory(db: Database): Promise<AdminShippingChange[]> {
  const [rows, marketNames] = await Promise.all([
    db
      .select()
      .from(catalogChanges)
      .where(
        inArray(catalogChanges.entity, [
          shippingRateEntity,
          marketTaxEntity,
          freeShippingEntity,
          californiaNoticeEntity,
        ]),
      )
      .orderBy(desc(catalogChanges.at), desc(catalogChanges.id))
      .limit(historyLength),
    db.select({ code: markets.code, name: markets.name }).from(markets),
  ]);
  const nameOf = new Map(marketNames.map((market) => [market.code, market.name]));
  return rows.map((row): AdminShippingChange => {
    const common = { at: row.at.toISOString(), actor: row.actor, entityId: row.entityId };
    if (row.entity === shippingRateEntity) {
      return {
        ...common,
        entity: "shipping_rate",
        label: countryNameOf(row.entityId),
        before: row.before as AdminShippingRateValues,
        after: row.after as AdminShippingRateValues,
      };
    }
    if (row.entity === californiaNoticeEntity) {
      return {
        ...common,
        entity: "california_notice",
        label: "California notice",
        before: row.before as CaliforniaNoticeValues,
        after: row.after as CaliforniaNoticeValues,
      };
    }
    if (row.entity === freeShippingEntity) {
      return {
        ...common,
        entity: "free_shipping",
        label: nameOf.get(row.entityId) ?? row.entityId,
        before: row.before as AdminFreeShippingValues,
        after: row.after as AdminFreeShippingValues,
      };
    }
    return {
      ...common,
      entity: "market_tax",
      label: nameOf.get(row.entityId) ?? row.entityId,
      before: row.before as AdminMarketTaxValues,
      after: row.after as AdminMarketTaxValues,
    };
  });
}

/** The refusal of a rate's delivery days, or undefined. (Whole, non-negative numbers are the route's schema.) */
export function deliveryDaysRefusal(
  update: Pick<AdminShippingRateUpdate, "minDays" | "maxDays">,
): ApiError | undefined {
  if (update.minDays > update.maxDays) {
    return invalidRequest(
      `The shortest delivery time (${update.minDays} days) cannot be longer than the longest (${update.maxDays} days).`,
      "body.minDays",
    );
  }
  return undefined;
}

/**
 * A market's tax settings as they will be stored (texts trimmed, empty ones null), or the first problem: a
 * name and a rate go together (or neither: no tax), a registration number belongs to a tax, and both texts
 * are short and printable. (Whole basis points from 0 to 10 000, 100 %, are the route's schema.)
 */
export function marketTaxValues(
  update: Omit<AdminMarketTaxUpdate, "version">,
): { ok: true; values: AdminMarketTaxValues } | { ok: false; error: ApiError } {
  const text = (value: string | null) => {
    const trimmed = value?.trim() ?? "";
    return trimmed === "" ? null : trimmed;
  };
  const taxName = text(update.taxName);
  const registration = text(update.registration);
  const refuse = (message: string, field: string) => ({ ok: false as const, error: invalidRequest(message, field) });
  if (taxName !== null && !taxNamePattern.test(taxName)) {
    return refuse(
      "A tax name is 1 to 40 letters, digits, spaces or . & / ( ) - characters, such as VAT or GST.",
      "body.taxName",
    );
  }
  if (taxName === null && update.rateBasisPoints !== null) {
    return refuse("Give the tax a name as well as a rate, or clear both for no tax.", "body.taxName");
  }
  if (taxName !== null && update.rateBasisPoints === null) {
    return refuse("Give the tax a rate as well as a name, or clear both for no tax.", "body.rateBasisPoints");
  }
  if (registration !== null && !registrationPattern.test(registration)) {
    return refuse(registrationRule, "body.registration");
  }
  if (registration !== null && taxName === null) {
    return refuse("A registration number belongs to a tax: give the tax a name and a rate first.", "body.registration");
  }
  return {
    ok: true,
    values: {
      pricesIncludeTax: update.pricesIncludeTax,
      taxName,
      rateBasisPoints: update.rateBasisPoints,
      registration,
    },
  };
}

function conflict(message: string, version: number): ApiError<"edit_conflict"> {
  return new ApiError(
    409,
    "edit_conflict",
    `${message} Their change is shown now; make yours again if it still applies.`,
    {
      version,
    },
  );
}

/**
 * Sets a country's delivery charge and days, in the currency of the market that delivers there, from the
 * version the owner saw: a change since then is refused with 409 and the current version. The change and
 * its history entry are written together. Checkouts whose shopper already saw a charge keep it: it was
 * stored on the checkout with their address (checkout/sessions.ts), and payment takes that amount.
 */
export async function setShippingRate(
  db: Database,
  input: { countryCode: string; actor: string; update: AdminShippingRateUpdate },
  now: Date,
): Promise<void> {
  const { countryCode, update } = input;
  const daysRefusal = deliveryDaysRefusal(update);
  if (daysRefusal !== undefined) throw daysRefusal;
  await db.transaction(async (tx) => {
    const market = await findMarketOfCountry(tx, countryCode);
    if (market === undefined) throw notFound(`The shop delivers to no country ${countryCode}: no market serves it.`);
    const countryName = countryNameOf(countryCode);
    if (update.currencyCode !== market.currency.code) {
      throw invalidRequest(
        `Delivery to ${countryName} is charged in ${market.currency.code}, the currency of the ${market.name} market, not in ${update.currencyCode}.`,
        "body.currencyCode",
      );
    }
    const where = and(eq(shippingRates.countryCode, countryCode), eq(shippingRates.currencyCode, market.currency.code));
    const [rate] = await tx.select().from(shippingRates).where(where).for("update");
    if (rate === undefined)
      throw notFound(`The shop has no shipping rate to ${countryName} in ${market.currency.code}.`);
    if (rate.version !== update.version) {
      throw conflict(`Someone else changed the shipping rate to ${countryName} since you opened it.`, rate.version);
    }
    const values = (row: { amount: number; minDays: number; maxDays: number }): AdminShippingRateValues => ({
      currencyCode: market.currency.code,
      amount: row.amount,
      minDays: row.minDays,
      maxDays: row.maxDays,
    });
    await tx
      .update(shippingRates)
      .set({ amount: update.amount, minDays: update.minDays, maxDays: update.maxDays, version: rate.version + 1 })
      .where(and(where, eq(shippingRates.version, rate.version)));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: shippingRateEntity,
      entityId: countryCode,
      before: values(rate),
      after: values(update),
    });
  });
}

/**
 * Sets a market's tax settings from the version the owner saw (409 with the current version otherwise),
 * with its history entry. Orders already placed keep the tax they were placed with; a checkout's tax lines
 * follow the settings at the moment its order is placed. The amount charged never changes with them: the
 * shop's prices are fixed per currency, and tax is never added on top.
 */
export async function setMarketTax(
  db: Database,
  input: { marketCode: string; actor: string; update: AdminMarketTaxUpdate },
  now: Date,
): Promise<void> {
  const { version, ...fields } = input.update;
  const checked = marketTaxValues(fields);
  if (!checked.ok) throw checked.error;
  await db.transaction(async (tx) => {
    const [market] = await tx.select().from(markets).where(eq(markets.code, input.marketCode)).for("update");
    if (market === undefined) throw notFound(`No market has the code ${input.marketCode}.`);
    if (market.version !== version) {
      throw conflict(`Someone else changed the tax settings of ${market.name} since you opened them.`, market.version);
    }
    await writeMarketTax(tx, market, checked.values, { actor: input.actor, now });
  });
}

/**
 * Sets or removes a market's free-shipping threshold (in its own currency, never converted) from the version
 * the owner saw (409 with the current version otherwise), with its history entry. New checkouts follow it
 * when the shopper's details are saved; a shopper already on the payment step pays the shipping shown there.
 */
export async function setFreeShipping(
  db: Database,
  input: { marketCode: string; actor: string; update: AdminFreeShippingUpdate },
  now: Date,
): Promise<void> {
  const { update } = input;
  if (update.amount !== null && (update.amount < 1 || update.amount > maxFreeShippingThreshold)) {
    throw invalidRequest("A free-shipping threshold is a positive amount; leave it empty for none.", "body.amount");
  }
  await db.transaction(async (tx) => {
    const [market] = await tx.select().from(markets).where(eq(markets.code, input.marketCode)).for("update");
    if (market === undefined) throw notFound(`No market has the code ${input.marketCode}.`);
    if (update.currencyCode !== market.currencyCode) {
      throw invalidRequest(
        `The ${market.name} market sells in ${market.currencyCode}: its free-shipping threshold is set in ${market.currencyCode}, not in ${update.currencyCode}.`,
        "body.currencyCode",
      );
    }
    if (market.freeShippingVersion !== update.version) {
      throw conflict(
        `Someone else changed the free-shipping threshold of ${market.name} since you opened it.`,
        market.freeShippingVersion,
      );
    }
    const values = (amount: number | null): AdminFreeShippingValues => ({ currencyCode: market.currencyCode, amount });
    await tx
      .update(markets)
      .set({ freeShippingOver: update.amount, freeShippingVersion: market.freeShippingVersion + 1 })
      .where(and(eq(markets.code, market.code), eq(markets.freeShippingVersion, market.freeShippingVersion)));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: freeShippingEntity,
      entityId: market.code,
      before: values(market.freeShippingOver),
      after: values(update.amount),
    });
  });
}

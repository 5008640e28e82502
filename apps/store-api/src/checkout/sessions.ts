import { createHash, randomBytes } from "node:crypto";
import {
  defaultMarketCode,
  maxCheckoutLines,
  maxLineQuantity,
  payablePrice,
  quantityPriceOffers,
  shippingChargeFor,
} from "@herbo/hosted-api";
import { and, asc, eq, exists, gt, inArray, lte, notExists, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import {
  checkoutLines,
  checkoutSessions,
  markets,
  paymentAttempts,
  products,
  quantityPrices,
  shippingRates,
  variantPrices,
  variants,
  type CheckoutSessionStatus,
  type CustomerDetails,
  type PaymentAttemptStatus,
} from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { applyStock, availableUnits, entriesOf, StockShortage, type StockEntry } from "../stock/ledger.ts";
import { statusesBefore } from "../lifecycle/transitions.ts";
import { openAttemptStatuses } from "../lifecycle/attempt-states.ts";
import { sessionLifecycle } from "../lifecycle/session-states.ts";
import {
  applyDiscountCode,
  CodeRefusal,
  countCodeRefusal,
  maxCodeRefusals,
  releaseCodeHolds,
} from "./discount-codes.ts";

/**
 * Checkout sessions: created with their lines priced from the database and their stock reserved, given
 * the shopper's details, and closed (paid, cancelled, expired). The only module that changes a session's
 * status, always through the lifecycle of session-states.ts.
 */

export interface CheckoutRequest {
  items: readonly { variantId: string; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  locale: string | undefined;
  timeZone: string | undefined;
  /** The currency the shopper was shown (upper case); the default market's when undefined. */
  currencyCode?: string | undefined;
}

export type SessionRow = typeof checkoutSessions.$inferSelect;
export type LineRow = typeof checkoutLines.$inferSelect;

export interface SessionWithLines {
  session: SessionRow;
  lines: LineRow[];
}

/**
 * What one client address may hold: at most `maxUnits` units of stock in its unpaid checkouts. A new
 * checkout that would go over releases the address's oldest checkouts that no provider is taking a payment
 * for, those without details first, instead of turning the shopper away: many phones share one carrier
 * address (docs/decisions/020-one-address-many-shoppers.md).
 */
export interface ClientHold {
  /** A hash of the client's address (never the address itself). */
  key: string;
  maxUnits: number;
}

type Reader = Pick<Database, "select">;

/** The key a client address is remembered by on its checkouts: enough to compare, not to read back. */
export function clientKeyOf(address: string): string {
  return createHash("sha256").update(`checkout-client\0${address}`).digest("base64url").slice(0, 32);
}

/** The key a browser's cart token is remembered by: whoever holds the token can replace its cart's checkout. */
export function cartKeyOf(token: string): string {
  return createHash("sha256").update(`checkout-cart\0${token}`).digest("base64url");
}

/** Same items in the same quantities, whatever their order. */
export function sameItems(
  left: readonly { variantId: string; quantity: number }[],
  right: readonly { variantId: string; quantity: number }[],
): boolean {
  if (left.length !== right.length) return false;
  const quantities = new Map(left.map((item) => [item.variantId, item.quantity]));
  return right.every((item) => quantities.get(item.variantId) === item.quantity);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url")}`;
}

/** What the shopper pays per unit of a variant, by the contract's price rule. */
export function unitPrice(price: { amount: number; saleAmount: number | null }): number {
  return payablePrice(price.amount, price.saleAmount);
}

/** What a checkout takes from its market: which one it is, and its currency. */
export type MarketIdentity = Pick<typeof markets.$inferSelect, "code" | "currencyCode">;

/**
 * Markets already found, per database. A market's code and currency never change once it exists (the owner
 * changes only its tax settings) and markets are never removed, so every checkout after the first in a
 * currency skips one query. A currency no market sells in is not remembered: a market seeded since is found.
 */
const foundMarkets = new WeakMap<Reader, Map<string, MarketIdentity>>();

/**
 * The market a checkout is priced in: the one selling in the currency the storefront names, or the default
 * market's when it names none. A currency no market sells in is refused, whatever prices exist.
 */
export async function marketForCurrency(db: Reader, currencyCode: string | undefined): Promise<MarketIdentity> {
  let found = foundMarkets.get(db);
  if (found === undefined) {
    found = new Map();
    foundMarkets.set(db, found);
  }
  const key = currencyCode ?? "";
  const known = found.get(key);
  if (known !== undefined) return known;
  const columns = { code: markets.code, currencyCode: markets.currencyCode };
  const [market] =
    currencyCode === undefined
      ? await db.select(columns).from(markets).where(eq(markets.code, defaultMarketCode))
      : await db.select(columns).from(markets).where(eq(markets.currencyCode, currencyCode));
  if (market === undefined) {
    const named = currencyCode ?? "the default currency";
    throw new ApiError(400, "unsupported_currency", `The shop does not sell in ${named}.`, {
      currency: currencyCode ?? "",
    });
  }
  found.set(key, market);
  return market;
}

/** Sums quantities of repeated variant ids, keeping first-seen order. */
export function mergeItems(items: CheckoutRequest["items"]): { variantId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.variantId, (merged.get(item.variantId) ?? 0) + item.quantity);
  return [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/**
 * Moves open sessions to `to` (an UPDATE whose allowed starting statuses come from the lifecycle table),
 * returning those that moved.
 */
async function moveSessions(
  tx: Transaction,
  ids: readonly string[],
  to: CheckoutSessionStatus,
  now: Date,
): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  const moved = await tx
    .update(checkoutSessions)
    .set({ status: to, completedAt: now })
    .where(
      and(
        inArray(checkoutSessions.id, [...ids]),
        inArray(checkoutSessions.status, statusesBefore(sessionLifecycle, to)),
      ),
    )
    .returning();
  // A checkout that ends unpaid gives its discount code's use back.
  if (to !== "paid") {
    await releaseCodeHolds(
      tx,
      moved.map((session) => session.id),
      now,
    );
  }
  return moved;
}

/** The stock the given sessions hold: their lines that reserved units. */
async function heldLines(
  tx: Reader,
  sessionIds: readonly string[],
): Promise<{ variantId: string; quantity: number }[]> {
  if (sessionIds.length === 0) return [];
  return tx
    .select({ variantId: checkoutLines.variantId, quantity: checkoutLines.quantity })
    .from(checkoutLines)
    .where(and(inArray(checkoutLines.sessionId, [...sessionIds]), eq(checkoutLines.reserved, true)));
}

/**
 * Creates a checkout session, pricing every line from the database (with the market's quantity prices) and
 * reserving managed stock. A session
 * of the same cart (same cart key) that no provider is taking a payment for is replaced when it has the
 * same items, or holds stock this one is short of. All or nothing: any failure leaves stock and sessions
 * untouched.
 */
export async function createCheckoutSession(
  db: Database,
  request: CheckoutRequest,
  options: {
    now: Date;
    /** How long the stock is held before the shopper's details are entered (then `reservationMs`). */
    holdMs: number;
    client?: ClientHold;
    /** The hash of the client's address (clientKeyOf), kept on the session even when no limit applies. */
    clientKey?: string;
    /** The hash of the browser's cart token (cartKeyOf), when it sent one. */
    cartKey?: string;
  },
): Promise<SessionWithLines> {
  const items = mergeItems(request.items);
  if (items.length > maxCheckoutLines) {
    throw new ApiError(400, "too_many_lines", `A checkout may hold at most ${maxCheckoutLines} different items.`, {
      max: maxCheckoutLines,
    });
  }
  for (const item of items) {
    if (item.quantity > maxLineQuantity) {
      throw new ApiError(
        400,
        "invalid_quantity",
        `A checkout may hold at most ${maxLineQuantity} of one item; ${item.variantId} has ${item.quantity}.`,
        { variant_id: item.variantId, max: maxLineQuantity },
      );
    }
  }
  const ids = items.map((item) => item.variantId);
  const market = await marketForCurrency(db, request.currencyCode);
  return db.transaction(async (tx) => {
    // One checkout at a time per address (every API copy), taken before any row lock, so checkouts sent at
    // once count each other and never wait on each other's rows in opposite orders.
    if (options.client !== undefined) await lockClient(tx, options.client.key);
    const currencyCode = market.currencyCode;
    // Only the columns a checkout reads: a product's row also holds its description and sections, which
    // made reading and decoding it a large share of every checkout's time.
    const rows = await tx
      .select({
        variant: { id: variants.id, title: variants.title, manageInventory: variants.manageInventory },
        product: {
          title: products.title,
          status: products.status,
          deletedAt: products.deletedAt,
          purchasable: products.purchasable,
        },
        price: { amount: variantPrices.amount, saleAmount: variantPrices.saleAmount },
        productId: variants.productId,
        // The product's quantity prices in this market, read with its price (no extra query per checkout).
        tiers: quantityPrices.tiers,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .leftJoin(
        variantPrices,
        and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currencyCode, currencyCode)),
      )
      .leftJoin(
        quantityPrices,
        and(eq(quantityPrices.productId, variants.productId), eq(quantityPrices.marketCode, market.code)),
      )
      .where(inArray(variants.id, ids));
    const byId = new Map(rows.map((row) => [row.variant.id, row]));
    const priced = items.map((item) => {
      const row = byId.get(item.variantId);
      if (row === undefined || row.product.status !== "published" || row.product.deletedAt !== null) {
        throw new ApiError(400, "unknown_variant", `Unknown variant: ${item.variantId}.`, {
          variant_id: item.variantId,
        });
      }
      if (!row.product.purchasable) {
        throw new ApiError(409, "product_unavailable", `${row.product.title} is currently unavailable.`, {
          variant_id: item.variantId,
        });
      }
      // A price of nothing (stored before such prices were refused) is no price: no payment takes 0.
      if (row.price === null || unitPrice(row.price) <= 0) {
        throw new ApiError(
          400,
          "unpriced_variant",
          `${row.product.title} (${row.variant.title}) has no price in ${currencyCode}.`,
          { variant_id: item.variantId, currency: currencyCode },
        );
      }
      return { ...item, variant: row.variant, product: row.product, price: row.price, productId: row.productId };
    });
    // The automatic offers, by the contract's rules (the cart estimates with the same ones).
    const tiersOf = new Map(rows.map((row) => [row.productId, row.tiers ?? []]));
    const offers = quantityPriceOffers(
      priced.map((line) => ({ productId: line.productId, unitAmount: unitPrice(line.price), quantity: line.quantity })),
      (productId) => tiersOf.get(productId) ?? [],
    );
    const discountAmount = offers.reduce((sum, offer) => sum + offer.discountAmount, 0);
    const managed = priced.filter((line) => line.variant.manageInventory);
    const replaced =
      options.cartKey === undefined ? [] : await sessionsToReplace(tx, options.cartKey, items, managed, options.now);
    const freed =
      options.client === undefined ? [] : await roomForClient(tx, options.client, replaced, managed, options.now);
    const ended = [...replaced, ...freed];
    const released = await heldLines(tx, ended);
    const entries: StockEntry[] = [...entriesOf("release", released), ...entriesOf("reserve", managed)];
    try {
      await applyStock(tx, entries, options.now);
    } catch (error) {
      if (!(error instanceof StockShortage)) throw error;
      const line = managed.find((candidate) => candidate.variantId === error.variantId);
      if (line === undefined) throw error;
      const freed = released
        .filter((held) => held.variantId === line.variantId)
        .reduce((sum, held) => sum + held.quantity, 0);
      const available = Math.max(0, (error.stock?.onHand ?? 0) - (error.stock?.reserved ?? 0) + freed);
      throw new ApiError(
        409,
        "insufficient_inventory",
        `Not enough stock for ${line.product.title} (${line.variant.title}): ${available} available, ${line.quantity} requested.`,
        { variant_id: line.variantId, available, requested: line.quantity },
      );
    }
    await moveSessions(tx, ended, "expired", options.now);
    const session: SessionRow = {
      id: newId("cs"),
      status: "open",
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      locale: request.locale ?? null,
      timeZone: request.timeZone ?? null,
      currencyCode,
      marketCode: market.code,
      totalAmount: priced.reduce((sum, line) => sum + unitPrice(line.price) * line.quantity, 0) - discountAmount,
      discountAmount,
      discountCode: null,
      codeRefusals: 0,
      reminderWanted: false,
      reminderSentAt: null,
      reminderToken: null,
      remindedFrom: null,
      createdAt: options.now,
      expiresAt: new Date(options.now.getTime() + options.holdMs),
      completedAt: null,
      customer: null,
      shippingAmount: null,
      paymentError: null,
      clientKey: options.client?.key ?? options.clientKey ?? null,
      cartKey: options.cartKey ?? null,
    };
    const lines: LineRow[] = priced.map((line, index) => ({
      sessionId: session.id,
      position: index + 1,
      variantId: line.variantId,
      productTitle: line.product.title,
      variantTitle: line.variant.title,
      quantity: line.quantity,
      unitAmount: unitPrice(line.price),
      discountAmount: offers[index]?.discountAmount ?? 0,
      offerLabel: offers[index]?.label ?? null,
      codeDiscountAmount: 0,
      reserved: line.variant.manageInventory,
    }));
    await insertSessionWithLines(tx, session, lines);
    return { session, lines };
  });
}

/**
 * Writes a new session and its lines in one statement: the session's insert runs as a data-modifying WITH
 * query in front of the lines' insert. Every column is written, none left to a default, and nothing is read
 * back, so the rows the caller holds are exactly the rows stored (a test reads them back to compare). On the
 * embedded database each statement is several calls into PostgreSQL; on a server, one more round trip
 * inside the transaction that holds the stock rows.
 */
async function insertSessionWithLines(tx: Transaction, session: SessionRow, lines: readonly LineRow[]) {
  const newSession = tx
    .$with("new_session")
    .as(tx.insert(checkoutSessions).values(session).returning({ id: checkoutSessions.id }));
  await tx
    .with(newSession)
    .insert(checkoutLines)
    .values([...lines]);
}

/** For a session query: the session's attempts in these statuses. */
function attemptsOfSessionIn(tx: Reader, statuses: readonly PaymentAttemptStatus[]) {
  return tx
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.sessionId, checkoutSessions.id), inArray(paymentAttempts.status, [...statuses])));
}

/** For a session query: no attempt of the session is open at a provider (pending or superseded). */
function noOpenAttempt(tx: Reader) {
  return notExists(attemptsOfSessionIn(tx, openAttemptStatuses));
}

/** For a session query: some attempt of the session is open at a provider. */
function someOpenAttempt(tx: Reader) {
  return exists(attemptsOfSessionIn(tx, openAttemptStatuses));
}

/** For a session query: no attempt of the session is pending (superseded ones no longer bind its details). */
function noPendingAttempt(tx: Reader) {
  return notExists(attemptsOfSessionIn(tx, ["pending"]));
}

/** Open sessions whose hold has not ended. */
function stillHolding(now: Date) {
  return and(eq(checkoutSessions.status, "open"), gt(checkoutSessions.expiresAt, now));
}

/** An arbitrary constant naming the advisory locks of client addresses (the address's hash picks one). */
const clientLockSpace = 7_240_133;

async function lockClient(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${clientLockSpace}, hashtext(${key}))`);
}

/**
 * Makes room for a new checkout of the client's within the units one address may hold: returns the
 * address's checkouts to release for it (locked), those without details first, then the oldest. A checkout
 * whose payment is open at a provider is never released; when those alone leave no room, or the new
 * checkout alone is larger than the limit, the checkout is refused and nothing changes.
 */
async function roomForClient(
  tx: Transaction,
  client: ClientHold,
  replaced: readonly string[],
  managed: readonly { quantity: number }[],
  now: Date,
): Promise<string[]> {
  if (client.maxUnits <= 0) return [];
  const wanted = managed.reduce((sum, line) => sum + line.quantity, 0);
  if (wanted > client.maxUnits) {
    throw new ApiError(
      429,
      "too_many_open_checkouts",
      `One checkout may hold at most ${client.maxUnits} units; this one has ${wanted}. Please send us a message for a larger order.`,
      { units: wanted, max_units: client.maxUnits },
    );
  }
  const holding = (
    await tx
      .select({
        id: checkoutSessions.id,
        hasDetails: sql<boolean>`${checkoutSessions.customer} IS NOT NULL`,
        createdAt: checkoutSessions.createdAt,
      })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.clientKey, client.key),
          eq(checkoutSessions.status, "open"),
          // Every open checkout holding stock counts, those with a payment open at a provider included.
          or(gt(checkoutSessions.expiresAt, now), someOpenAttempt(tx)),
        ),
      )
      .orderBy(asc(checkoutSessions.id))
      .for("update")
  ).filter((session) => !replaced.includes(session.id));
  const unitsOf = new Map<string, number>();
  if (holding.length > 0) {
    const lines = await tx
      .select({ sessionId: checkoutLines.sessionId, quantity: checkoutLines.quantity })
      .from(checkoutLines)
      .where(
        and(
          inArray(
            checkoutLines.sessionId,
            holding.map((session) => session.id),
          ),
          eq(checkoutLines.reserved, true),
        ),
      );
    for (const line of lines) unitsOf.set(line.sessionId, (unitsOf.get(line.sessionId) ?? 0) + line.quantity);
  }
  let held = [...unitsOf.values()].reduce((sum, units) => sum + units, 0);
  const freed: string[] = [];
  if (held + wanted > client.maxUnits) {
    const atProvider = new Set(
      (
        await tx
          .select({ sessionId: paymentAttempts.sessionId })
          .from(paymentAttempts)
          .where(
            and(
              inArray(
                paymentAttempts.sessionId,
                holding.map((session) => session.id),
              ),
              inArray(paymentAttempts.status, [...openAttemptStatuses]),
            ),
          )
      ).map((attempt) => attempt.sessionId),
    );
    const releasable = holding
      .filter((session) => !atProvider.has(session.id) && (unitsOf.get(session.id) ?? 0) > 0)
      .sort(
        (left, right) =>
          Number(left.hasDetails) - Number(right.hasDetails) ||
          left.createdAt.getTime() - right.createdAt.getTime() ||
          left.id.localeCompare(right.id),
      );
    for (const session of releasable) {
      if (held + wanted <= client.maxUnits) break;
      freed.push(session.id);
      held -= unitsOf.get(session.id) ?? 0;
    }
  }
  if (held + wanted > client.maxUnits) {
    throw new ApiError(
      429,
      "too_many_open_checkouts",
      `Checkouts from this address that are being paid hold ${held} units; with this one's ${wanted}, more than ${client.maxUnits}. Finish one, or try again in a few minutes.`,
      { units: held + wanted, max_units: client.maxUnits },
    );
  }
  return freed;
}

/**
 * The open sessions of the same cart that this one replaces, locked: those no provider is taking a payment
 * for, with the same items, or holding stock this one is short of.
 */
async function sessionsToReplace(
  tx: Transaction,
  cartKey: string,
  items: readonly { variantId: string; quantity: number }[],
  managed: readonly { variantId: string; quantity: number }[],
  now: Date,
): Promise<string[]> {
  const open = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.cartKey, cartKey), stillHolding(now), noOpenAttempt(tx)))
    .orderBy(asc(checkoutSessions.id))
    .for("update");
  if (open.length === 0) return [];
  const lines = await tx
    .select({
      sessionId: checkoutLines.sessionId,
      variantId: checkoutLines.variantId,
      quantity: checkoutLines.quantity,
      reserved: checkoutLines.reserved,
    })
    .from(checkoutLines)
    .where(
      inArray(
        checkoutLines.sessionId,
        open.map((session) => session.id),
      ),
    );
  const available = await availableUnits(
    tx,
    managed.map((line) => line.variantId),
  );
  const short = new Set(
    managed.filter((line) => (available.get(line.variantId) ?? 0) < line.quantity).map((line) => line.variantId),
  );
  return open
    .filter(({ id }) => {
      const own = lines.filter((line) => line.sessionId === id);
      return sameItems(own, items) || own.some((line) => line.reserved && short.has(line.variantId));
    })
    .map(({ id }) => id);
}

export async function findCheckoutSession(db: Reader, id: string): Promise<SessionWithLines | undefined> {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  if (session === undefined) return undefined;
  const lines = await db
    .select()
    .from(checkoutLines)
    .where(eq(checkoutLines.sessionId, id))
    .orderBy(asc(checkoutLines.position));
  return { session, lines };
}

/** A session and its lines, the session's row locked until the transaction ends. */
export async function lockCheckoutSession(tx: Transaction, id: string): Promise<SessionWithLines | undefined> {
  const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for("update");
  if (session === undefined) return undefined;
  const lines = await tx
    .select()
    .from(checkoutLines)
    .where(eq(checkoutLines.sessionId, id))
    .orderBy(asc(checkoutLines.position));
  return { session, lines };
}

export type DetailsOutcome =
  | { kind: "saved"; session: SessionRow }
  | { kind: "no_delivery"; session: SessionRow }
  /** The address is in another market's country: this checkout's prices and currency are not for it. */
  | { kind: "other_market"; session: SessionRow }
  /** A provider is taking a payment for the present details: it must be ended first. */
  | { kind: "payment_open"; session: SessionRow }
  /** The discount code typed cannot be applied; nothing was saved. */
  | { kind: "code_refused"; session: SessionRow; message: string }
  | { kind: "closed"; session: SessionRow }
  | { kind: "unknown" };

/**
 * Stores the shopper's checked details on an open session, with the shipping rate for their country in
 * the session's currency (nothing when the items reach the market's free-shipping threshold). A country the rates table does not serve is refused (`no_delivery`), and so is
 * any change while a payment is pending at a provider (the checkout flow ends it first).
 */
export async function saveCustomerDetails(
  db: Database,
  sessionId: string,
  customer: CustomerDetails,
  now: Date,
  /** Once details are in, the stock stays held this long from now (never shortened). */
  reservationMs: number,
  /** The discount code the shopper typed with them; null removes any. */
  discountCode: string | null = null,
  /** Whether the shopper asked for a reminder email should they not pay. */
  reminderWanted = false,
): Promise<DetailsOutcome> {
  try {
    return await saveDetailsAndCode(db, sessionId, customer, now, reservationMs, discountCode, reminderWanted);
  } catch (error) {
    if (!(error instanceof CodeRefusal)) throw error;
    // Nothing of the details was kept; the refusal itself is counted, so codes cannot be guessed here.
    const session = await db.transaction(async (tx) => {
      await countCodeRefusal(tx, sessionId);
      return (await findCheckoutSession(tx, sessionId))?.session;
    });
    if (session === undefined) return { kind: "unknown" };
    return { kind: "code_refused", session, message: error.message };
  }
}

async function saveDetailsAndCode(
  db: Database,
  sessionId: string,
  customer: CustomerDetails,
  now: Date,
  reservationMs: number,
  discountCode: string | null,
  reminderWanted: boolean,
): Promise<DetailsOutcome> {
  return db.transaction(async (tx) => {
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
    if (session === undefined) return { kind: "unknown" } as const;
    if (session.status !== "open" || session.expiresAt <= now) return { kind: "closed", session } as const;
    const [free] = await tx
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), noPendingAttempt(tx)));
    if (free === undefined) return { kind: "payment_open", session } as const;
    const [market] = await tx.select().from(markets).where(eq(markets.code, session.marketCode));
    if (market !== undefined && !market.countries.includes(customer.country)) {
      return { kind: "other_market", session } as const;
    }
    const [rate] = await tx
      .select()
      .from(shippingRates)
      .where(
        and(eq(shippingRates.countryCode, customer.country), eq(shippingRates.currencyCode, session.currencyCode)),
      );
    if (rate === undefined) return { kind: "no_delivery", session } as const;
    const typed = discountCode?.trim() === "" ? null : (discountCode?.trim() ?? null);
    if (typed !== null && session.codeRefusals >= maxCodeRefusals && typed.toUpperCase() !== session.discountCode) {
      throw new CodeRefusal("This checkout has refused too many codes. Please check the code you were given.");
    }
    const subtotal = await applyDiscountCode(tx, session, typed, customer.email.toLowerCase(), now);
    // The market's free-shipping threshold as it is now, on the items' subtotal after every discount: the
    // charge is fixed here, with the address, so the payment step states what the payment takes.
    const [updated] = await tx
      .update(checkoutSessions)
      .set({
        customer,
        reminderWanted,
        shippingAmount: shippingChargeFor(subtotal, rate.amount, market?.freeShippingOver ?? null),
        paymentError: null,
        expiresAt: new Date(Math.max(session.expiresAt.getTime(), now.getTime() + reservationMs)),
      })
      .where(eq(checkoutSessions.id, sessionId))
      .returning();
    if (updated === undefined) throw new Error("Updating the checkout session returned no row");
    return { kind: "saved", session: updated } as const;
  });
}

/** Remembers why the last payment attempt failed, to show on the payment step after the redirect. */
export async function recordPaymentError(db: Database, sessionId: string, message: string | null): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ paymentError: message })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")));
}

/** The shipping rate and delivery time for a country in a currency, if the shop delivers there. */
export async function findShippingRate(db: Reader, country: string, currencyCode: string) {
  const [rate] = await db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.countryCode, country), eq(shippingRates.currencyCode, currencyCode)));
  return rate;
}

/**
 * Closes a locked open session as paid and sells the stock it held, inside the order's transaction
 * (payments/settle.ts); undefined when it was not open.
 */
export async function sellSession(tx: Transaction, sessionId: string, now: Date): Promise<SessionRow | undefined> {
  const [session] = await moveSessions(tx, [sessionId], "paid", now);
  if (session === undefined) return undefined;
  await applyStock(tx, entriesOf("sell", await heldLines(tx, [sessionId])), now);
  return session;
}

/**
 * Closes a locked open session as paid and keeps the stock it holds reserved: the order placed from it
 * holds it until the shop confirms the order by phone (cash on delivery), or releases it if never confirmed.
 */
export async function holdSessionForOrder(
  tx: Transaction,
  sessionId: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [session] = await moveSessions(tx, [sessionId], "paid", now);
  return session;
}

/** The stock a paid session's order still holds or took: its lines that reserved units. */
export async function stockLinesOfSession(
  tx: Reader,
  sessionId: string,
): Promise<{ variantId: string; quantity: number }[]> {
  return heldLines(tx, [sessionId]);
}

export type CancelOutcome =
  { kind: "cancelled" | "already_closed" | "paid"; session: SessionRow } | { kind: "unknown" };

/** Cancels an open session and releases its reservations; idempotent. */
export async function cancelSession(db: Database, sessionId: string, now: Date): Promise<CancelOutcome> {
  const cancelled = await db.transaction(async (tx) => {
    const [session] = await moveSessions(tx, [sessionId], "cancelled", now);
    if (session !== undefined) await applyStock(tx, entriesOf("release", await heldLines(tx, [session.id])), now);
    return session;
  });
  if (cancelled !== undefined) return { kind: "cancelled", session: cancelled };
  const current = await findCheckoutSession(db, sessionId);
  if (current === undefined) return { kind: "unknown" };
  return { kind: current.session.status === "paid" ? "paid" : "already_closed", session: current.session };
}

/**
 * Expires open sessions whose time is up and returns their stock; returns how many expired. A session
 * with a payment still open at a provider (pending or superseded) is left alone: the reconciliation job
 * asks the provider, and the session expires once the provider's answer is final (payments/reconcile.ts).
 */
export async function releaseExpiredSessions(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.status, "open"), lte(checkoutSessions.expiresAt, now), noOpenAttempt(tx)))
      .orderBy(asc(checkoutSessions.id))
      .for("update", { skipLocked: true });
    const expired = await moveSessions(
      tx,
      due.map((row) => row.id),
      "expired",
      now,
    );
    await applyStock(
      tx,
      entriesOf(
        "release",
        await heldLines(
          tx,
          expired.map((row) => row.id),
        ),
      ),
      now,
    );
    return expired.length;
  });
}

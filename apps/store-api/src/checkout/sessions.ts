import { createHash, randomBytes } from "node:crypto";
import { maxCheckoutLines, maxLineQuantity, payablePrice } from "@herbo/hosted-api";
import { and, asc, eq, inArray, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import {
  checkoutLines,
  checkoutSessions,
  paymentAttempts,
  products,
  shippingRates,
  variants,
  type CustomerDetails,
} from "../db/schema.ts";
import { ApiError } from "../errors.ts";

export interface CheckoutRequest {
  items: readonly { variantId: string; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  locale: string | undefined;
  timeZone: string | undefined;
}

export type SessionRow = typeof checkoutSessions.$inferSelect;
export type LineRow = typeof checkoutLines.$inferSelect;

export interface SessionWithLines {
  session: SessionRow;
  lines: LineRow[];
}

/**
 * How one client address may hold stock (issue 13): at most `maxOpenSessions` unpaid checkouts at once,
 * and a new checkout replaces the address's earlier unpaid one with the same items (a shopper who went
 * Back and pressed Proceed to Checkout again), or any of its earlier unpaid ones holding an item it is
 * short of. Checkouts with a payment open at a provider are never replaced.
 */
export interface ClientHold {
  /** A hash of the client's address (never the address itself). */
  key: string;
  maxOpenSessions: number;
}

/** The key a client address is remembered by on its checkouts: enough to compare, not to read back. */
export function clientKeyOf(address: string): string {
  return createHash("sha256").update(`checkout-client\0${address}`).digest("base64url").slice(0, 32);
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
export function unitPrice(variant: { amount: number; saleAmount: number | null }): number {
  return payablePrice(variant.amount, variant.saleAmount);
}

/** Sums quantities of repeated variant ids, keeping first-seen order. */
export function mergeItems(items: CheckoutRequest["items"]): { variantId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.variantId, (merged.get(item.variantId) ?? 0) + item.quantity);
  return [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/**
 * Creates a checkout session, pricing every line from the database and reserving managed stock.
 * All or nothing: any failure leaves stock and sessions untouched.
 */
export async function createCheckoutSession(
  db: Database,
  request: CheckoutRequest,
  options: {
    now: Date;
    /** How long the stock is held before the shopper's details are entered (then `reservationMs`). */
    holdMs: number;
    client?: ClientHold;
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
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ variant: variants, product: products })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
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
      return { ...item, variant: row.variant, product: row.product };
    });
    const currencyCode = priced[0]?.variant.currencyCode ?? "NPR";
    if (priced.some((line) => line.variant.currencyCode !== currencyCode)) {
      throw new ApiError(400, "mixed_currencies", "All items of one checkout must be priced in the same currency.");
    }
    const managed = priced.filter((line) => line.variant.manageInventory);
    const { open, replaced } =
      options.client === undefined
        ? { open: 0, replaced: [] }
        : await sessionsToReplace(tx, options.client, items, managed, options.now);
    const released = new Map<string, number>();
    for (const line of replaced.flatMap((session) => session.held)) {
      released.set(line.variantId, (released.get(line.variantId) ?? 0) + line.quantity);
    }
    const requested = new Map(managed.map((line) => [line.variantId, line]));
    // One pass in id order, releasing and reserving together, so concurrent checkouts lock variant rows in
    // the same order and cannot deadlock.
    const variantIds = [...new Set([...requested.keys(), ...released.keys()])].sort();
    for (const variantId of variantIds) {
      const line = requested.get(variantId);
      const quantity = line?.quantity ?? 0;
      const freed = released.get(variantId) ?? 0;
      const reserved = await tx
        .update(variants)
        .set({ stockReserved: sql`${variants.stockReserved} - ${freed} + ${quantity}` })
        .where(
          and(
            eq(variants.id, variantId),
            sql`${variants.stockOnHand} - (${variants.stockReserved} - ${freed}) >= ${quantity}`,
          ),
        )
        .returning({ id: variants.id });
      if (reserved.length === 0 && line !== undefined) {
        const [current] = await tx
          .select({ onHand: variants.stockOnHand, reserved: variants.stockReserved })
          .from(variants)
          .where(eq(variants.id, variantId));
        const available = Math.max(0, (current?.onHand ?? 0) - (current?.reserved ?? 0) + freed);
        throw new ApiError(
          409,
          "insufficient_inventory",
          `Not enough stock for ${line.product.title} (${line.variant.title}): ${available} available, ${line.quantity} requested.`,
          { variant_id: variantId, available, requested: line.quantity },
        );
      }
    }
    if (replaced.length > 0) {
      await tx
        .update(checkoutSessions)
        .set({ status: "expired", completedAt: options.now })
        .where(
          and(
            inArray(
              checkoutSessions.id,
              replaced.map((session) => session.id),
            ),
            eq(checkoutSessions.status, "open"),
          ),
        );
    }
    const stillOpen = open - replaced.length;
    if (options.client !== undefined && stillOpen >= options.client.maxOpenSessions) {
      throw new ApiError(
        429,
        "too_many_open_checkouts",
        `This address already has ${stillOpen} unpaid checkouts open. Finish or cancel one, or try again once they expire.`,
        { open: stillOpen, max: options.client.maxOpenSessions },
      );
    }
    const [session] = await tx
      .insert(checkoutSessions)
      .values({
        id: newId("cs"),
        status: "open",
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        locale: request.locale ?? null,
        timeZone: request.timeZone ?? null,
        currencyCode,
        totalAmount: priced.reduce((sum, line) => sum + unitPrice(line.variant) * line.quantity, 0),
        createdAt: options.now,
        expiresAt: new Date(options.now.getTime() + options.holdMs),
        clientKey: options.client?.key ?? null,
      })
      .returning();
    if (session === undefined) throw new Error("Inserting the checkout session returned no row");
    const lines = await tx
      .insert(checkoutLines)
      .values(
        priced.map((line, index) => ({
          sessionId: session.id,
          position: index + 1,
          variantId: line.variantId,
          productTitle: line.product.title,
          variantTitle: line.variant.title,
          quantity: line.quantity,
          unitAmount: unitPrice(line.variant),
          reserved: line.variant.manageInventory,
        })),
      )
      .returning();
    return { session, lines };
  });
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The checkout has no payment still open at a provider (Stripe, Khalti, eSewa). */
function noPaymentOpenAtProvider(tx: Pick<Database, "select">) {
  return notExists(
    tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.sessionId, checkoutSessions.id), eq(paymentAttempts.status, "pending"))),
  );
}

/** A client's open checkouts that no provider is taking a payment for, oldest first, locked. */
async function openSessionsOf(tx: Transaction, clientKey: string, now: Date) {
  return tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.clientKey, clientKey),
        eq(checkoutSessions.status, "open"),
        sql`${checkoutSessions.expiresAt} > ${now}`,
        noPaymentOpenAtProvider(tx),
      ),
    )
    .orderBy(asc(checkoutSessions.createdAt), asc(checkoutSessions.id))
    .for("update");
}

/**
 * How many unpaid checkouts the client has open (locked until this transaction ends), and those this one
 * replaces: the same items, or holding what it is short of.
 */
async function sessionsToReplace(
  tx: Transaction,
  client: ClientHold,
  items: readonly { variantId: string; quantity: number }[],
  managed: readonly { variantId: string; quantity: number }[],
  now: Date,
): Promise<{ open: number; replaced: { id: string; held: { variantId: string; quantity: number }[] }[] }> {
  const open = await openSessionsOf(tx, client.key, now);
  if (open.length === 0) return { open: 0, replaced: [] };
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
  const available = new Map<string, number>();
  if (managed.length > 0) {
    const rows = await tx
      .select({ id: variants.id, onHand: variants.stockOnHand, reserved: variants.stockReserved })
      .from(variants)
      .where(
        inArray(
          variants.id,
          managed.map((line) => line.variantId),
        ),
      );
    for (const row of rows) available.set(row.id, row.onHand - row.reserved);
  }
  const short = new Set(
    managed.filter((line) => (available.get(line.variantId) ?? 0) < line.quantity).map((line) => line.variantId),
  );
  const replaced = open.flatMap(({ id }) => {
    const own = lines.filter((line) => line.sessionId === id);
    const replace = sameItems(own, items) || own.some((line) => line.reserved && short.has(line.variantId));
    return replace ? [{ id, held: own.filter((line) => line.reserved) }] : [];
  });
  return { open: open.length, replaced };
}

export async function findCheckoutSession(db: Database, id: string): Promise<SessionWithLines | undefined> {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  if (session === undefined) return undefined;
  const lines = await db
    .select()
    .from(checkoutLines)
    .where(eq(checkoutLines.sessionId, id))
    .orderBy(asc(checkoutLines.position));
  return { session, lines };
}

/** Gives reserved units of the given sessions back to available stock. */
async function releaseReservations(tx: Database, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const held = await tx
    .select({ variantId: checkoutLines.variantId, quantity: sql<number>`sum(${checkoutLines.quantity})::int` })
    .from(checkoutLines)
    .where(and(inArray(checkoutLines.sessionId, [...sessionIds]), eq(checkoutLines.reserved, true)))
    .groupBy(checkoutLines.variantId)
    .orderBy(asc(checkoutLines.variantId));
  for (const line of held) {
    await tx
      .update(variants)
      .set({ stockReserved: sql`${variants.stockReserved} - ${line.quantity}` })
      .where(eq(variants.id, line.variantId));
  }
}

export type DetailsOutcome =
  | { kind: "saved"; session: SessionRow }
  | { kind: "no_delivery"; session: SessionRow }
  | { kind: "closed"; session: SessionRow }
  | { kind: "unknown" };

/**
 * Stores the shopper's checked details on an open session, with the shipping rate for their country in
 * the session's currency. A country the rates table does not serve is refused (`no_delivery`).
 */
export async function saveCustomerDetails(
  db: Database,
  sessionId: string,
  customer: CustomerDetails,
  now: Date,
  /** Once details are in, the stock stays held this long from now (never shortened). */
  reservationMs: number,
): Promise<DetailsOutcome> {
  const saved = await db.transaction(async (tx) => {
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
    if (session === undefined) return { kind: "unknown" } as const;
    if (session.status !== "open" || session.expiresAt <= now) return { kind: "closed", session } as const;
    const [rate] = await tx
      .select()
      .from(shippingRates)
      .where(
        and(eq(shippingRates.countryCode, customer.country), eq(shippingRates.currencyCode, session.currencyCode)),
      );
    if (rate === undefined) return { kind: "no_delivery", session } as const;
    const [updated] = await tx
      .update(checkoutSessions)
      .set({
        customer,
        shippingAmount: rate.amount,
        paymentError: null,
        expiresAt: new Date(Math.max(session.expiresAt.getTime(), now.getTime() + reservationMs)),
      })
      .where(eq(checkoutSessions.id, sessionId))
      .returning();
    if (updated === undefined) throw new Error("Updating the checkout session returned no row");
    return { kind: "saved", session: updated } as const;
  });
  return saved;
}

/** Remembers why the last payment attempt failed, to show on the payment step after the redirect. */
export async function recordPaymentError(db: Database, sessionId: string, message: string | null): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ paymentError: message })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")));
}

/** The shipping rate and delivery time for a country in a currency, if the shop delivers there. */
export async function findShippingRate(db: Database, country: string, currencyCode: string) {
  const [rate] = await db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.countryCode, country), eq(shippingRates.currencyCode, currencyCode)));
  return rate;
}

export type CancelOutcome =
  { kind: "cancelled" | "already_closed" | "paid"; session: SessionRow } | { kind: "unknown" };

/** Cancels an open session and releases its reservations; idempotent. */
export async function cancelSession(db: Database, sessionId: string, now: Date): Promise<CancelOutcome> {
  const cancelled = await db.transaction(async (tx) => {
    const [session] = await tx
      .update(checkoutSessions)
      .set({ status: "cancelled", completedAt: now })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")))
      .returning();
    if (session !== undefined) await releaseReservations(tx, [session.id]);
    return session;
  });
  if (cancelled !== undefined) return { kind: "cancelled", session: cancelled };
  const current = await findCheckoutSession(db, sessionId);
  if (current === undefined) return { kind: "unknown" };
  return { kind: current.session.status === "paid" ? "paid" : "already_closed", session: current.session };
}

/**
 * Expires open sessions whose time is up and returns their stock; returns how many expired. A session
 * with a payment still pending at a provider is left alone: the reconciliation job asks the provider
 * first, and releases it only once the provider says it will not be paid (payments/reconcile.ts).
 */
export async function releaseExpiredSessions(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(checkoutSessions)
      .set({ status: "expired", completedAt: now })
      .where(
        and(eq(checkoutSessions.status, "open"), lte(checkoutSessions.expiresAt, now), noPaymentOpenAtProvider(tx)),
      )
      .returning({ id: checkoutSessions.id });
    await releaseReservations(
      tx,
      expired.map((row) => row.id),
    );
    return expired.length;
  });
}

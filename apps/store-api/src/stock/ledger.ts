import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { stockMovements, variants } from "../db/schema.ts";

/**
 * The one module that changes stock. A variant has units on hand and units reserved by open checkouts;
 * available = on hand - reserved. Every change is one of these entries:
 * - reserve: a checkout holds units (reserved +n), only while that many are available;
 * - release: a checkout lets them go (reserved -n);
 * - sell: an order takes what its checkout held (on hand -n, reserved -n);
 * - restock: units come back on hand (a cancelled order, a return) (on hand +n);
 * - adjust: the owner counts stock (on hand ±n), never below what checkouts hold.
 * The entries of one transaction are merged per variant and applied in variant id order, so concurrent
 * transactions lock variant rows in the same order and cannot deadlock. Session and order rows are
 * locked before any variant row.
 */
export type StockEntryKind = "reserve" | "release" | "sell" | "restock" | "adjust";

export interface StockEntry {
  kind: StockEntryKind;
  variantId: string;
  /** Units; an adjustment may be negative. */
  quantity: number;
}

/** What one variant's row changes by. */
export interface StockChange {
  variantId: string;
  onHand: number;
  reserved: number;
  /** The owner's count: the variant must track stock. */
  adjusts: boolean;
}

/** How an entry changes on-hand and reserved units. */
export function deltaOf(entry: Pick<StockEntry, "kind" | "quantity">): { onHand: number; reserved: number } {
  switch (entry.kind) {
    case "reserve":
      return { onHand: 0, reserved: entry.quantity };
    case "release":
      return { onHand: 0, reserved: -entry.quantity };
    case "sell":
      return { onHand: -entry.quantity, reserved: -entry.quantity };
    case "restock":
    case "adjust":
      return { onHand: entry.quantity, reserved: 0 };
  }
}

/** The entries merged per variant, in variant id order (the lock order), leaving out what changes nothing. */
export function planStock(entries: readonly StockEntry[]): StockChange[] {
  const changes = new Map<string, StockChange>();
  for (const entry of entries) {
    const delta = deltaOf(entry);
    const change = changes.get(entry.variantId) ?? {
      variantId: entry.variantId,
      onHand: 0,
      reserved: 0,
      adjusts: false,
    };
    changes.set(entry.variantId, {
      variantId: entry.variantId,
      onHand: change.onHand + delta.onHand,
      reserved: change.reserved + delta.reserved,
      adjusts: change.adjusts || entry.kind === "adjust",
    });
  }
  return (
    [...changes.values()]
      .filter((change) => change.onHand !== 0 || change.reserved !== 0)
      // Ids are unique after merging, so no two compare equal.
      .sort((left, right) => (left.variantId < right.variantId ? -1 : 1))
  );
}

/** Whether a variant's stock may take a change: nothing below zero, never more reserved than on hand. */
export function canApply(stock: { onHand: number; reserved: number }, change: { onHand: number; reserved: number }) {
  const onHand = stock.onHand + change.onHand;
  const reserved = stock.reserved + change.reserved;
  return reserved >= 0 && onHand >= reserved;
}

/** Entries of one kind for a list of lines (planStock merges lines of the same variant). */
export function entriesOf(
  kind: StockEntryKind,
  lines: readonly { variantId: string; quantity: number }[],
): StockEntry[] {
  return lines.map((line) => ({ kind, variantId: line.variantId, quantity: line.quantity }));
}

/** A change the stock could not take: the variant, its stock then, and the change asked for. */
export class StockShortage extends Error {
  constructor(
    readonly variantId: string,
    readonly stock: { onHand: number; reserved: number; tracked: boolean } | undefined,
    readonly change: StockChange,
  ) {
    super(`Stock of ${variantId} cannot change by ${change.onHand} on hand, ${change.reserved} reserved`);
    this.name = "StockShortage";
  }
}

/** Who changed stock on hand and why, for the stock history (restocks and adjustments). */
export interface StockRecord {
  actor: string;
  reason: string;
  orderId?: string | null;
}

/**
 * Applies the entries in one pass inside the caller's transaction, each variant's row changed by one
 * guarded UPDATE. Throws StockShortage (and the caller's transaction rolls back) when a variant cannot
 * take its change. With `record`, every change of units on hand writes a stock-history row.
 */
export async function applyStock(
  tx: Transaction,
  entries: readonly StockEntry[],
  at: Date,
  record?: StockRecord,
): Promise<Map<string, { onHand: number; reserved: number }>> {
  const after = new Map<string, { onHand: number; reserved: number }>();
  for (const change of planStock(entries)) {
    const [row] = await tx
      .update(variants)
      .set({
        stockOnHand: sql`${variants.stockOnHand} + ${change.onHand}`,
        stockReserved: sql`${variants.stockReserved} + ${change.reserved}`,
        ...(change.onHand === 0 ? {} : { updatedAt: at }),
      })
      .where(
        and(
          eq(variants.id, change.variantId),
          change.adjusts ? eq(variants.manageInventory, true) : undefined,
          sql`${variants.stockReserved} + ${change.reserved} >= 0`,
          sql`${variants.stockOnHand} + ${change.onHand} >= ${variants.stockReserved} + ${change.reserved}`,
        ),
      )
      .returning({ onHand: variants.stockOnHand, reserved: variants.stockReserved });
    if (row === undefined) {
      const [current] = await tx
        .select({ onHand: variants.stockOnHand, reserved: variants.stockReserved, tracked: variants.manageInventory })
        .from(variants)
        .where(eq(variants.id, change.variantId));
      throw new StockShortage(change.variantId, current, change);
    }
    after.set(change.variantId, row);
    if (record !== undefined && change.onHand !== 0) {
      await tx.insert(stockMovements).values({
        variantId: change.variantId,
        at,
        actor: record.actor,
        change: change.onHand,
        onHandAfter: row.onHand,
        reason: record.reason,
        orderId: record.orderId ?? null,
      });
    }
  }
  return after;
}

/** Available units (on hand - reserved) of the given variants, read without locking. */
export async function availableUnits(
  db: Pick<Database, "select">,
  variantIds: readonly string[],
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: variants.id, onHand: variants.stockOnHand, reserved: variants.stockReserved })
    .from(variants)
    .where(inArray(variants.id, [...variantIds]));
  return new Map(rows.map((row) => [row.id, row.onHand - row.reserved]));
}

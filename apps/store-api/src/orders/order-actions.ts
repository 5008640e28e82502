import { formatMoney } from "@herbo/hosted-api";
import type { AdminOrderActionRequest } from "@herbo/hosted-api/admin";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { checkoutLines, currencies, orderEvents, orderLines, orderRefunds } from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import { applyStock, entriesOf } from "../stock/ledger.ts";
import { cashDue } from "./cash-due.ts";
import { lockOrderByNumber, moveOrder, recordOrderEvent } from "./order-moves.ts";
import { releaseHeldStock, sellHeldStock } from "./unconfirmed-orders.ts";
import { decideAction, orderStateMachine } from "./order-state-machine.ts";
import type { OrderRow } from "./place-order.ts";
import {
  announceRefund,
  createRefund,
  finishRefund,
  orderSnapshotFor,
  refundableAmount,
  type NewRefund,
  type RefundServices,
} from "./refunds.ts";

export interface OrderActionContext extends Pick<RefundServices, "providers" | "shopName" | "publicUrl"> {
  /** Who acts: the owner's email, written into the history. */
  actor: string;
  now: Date;
}

export type OrderActionOutcome =
  | {
      kind: "applied";
      order: OrderRow;
      stockChanged: boolean;
      emailQueued: boolean;
      /** Refunds written for a provider to send once this action committed. */
      refundsToSend: string[];
    }
  | { kind: "unchanged"; order: OrderRow }
  | { kind: "refused"; order: OrderRow; message: string }
  | { kind: "not_found" };

type Request<Action extends AdminOrderActionRequest["action"]> = Extract<AdminOrderActionRequest, { action: Action }>;

/** What an action did inside its transaction, for the outcome. */
interface Effects {
  order: OrderRow;
  stockChanged?: boolean;
  emailQueued?: boolean;
  refundsToSend?: string[];
}

/** An owner's action refused with a reason the owner reads. */
class Refusal extends Error {}

/**
 * Applies one back-office action to an order, in one transaction that holds the order's row lock: two
 * owners acting at once are served one after the other, the second seeing what the first did. The state
 * change, its history event (with the owner and the time), stock that comes back, refunds and the email to
 * the shopper all commit together, or none does. Repeating a done action changes nothing.
 */
export async function applyOrderAction(
  db: Database,
  number: string,
  request: AdminOrderActionRequest,
  context: OrderActionContext,
): Promise<OrderActionOutcome> {
  return db.transaction(async (tx) => {
    const order = await lockOrderByNumber(tx, number);
    if (order === undefined) return { kind: "not_found" };
    const decision = decideAction(request.action, order);
    if (decision.kind === "refuse") return { kind: "refused", order, message: decision.message };
    if (decision.kind === "repeat") {
      const conflict = request.action === "ship" ? await shipmentConflict(tx, order, request) : undefined;
      return conflict === undefined ? { kind: "unchanged", order } : { kind: "refused", order, message: conflict };
    }
    const { now, actor } = context;
    const event = { at: now, actor, type: orderStateMachine[request.action].event };
    const next = { fulfilmentStatus: decision.next.fulfilmentStatus, paymentStatus: decision.next.paymentStatus };
    let effects: Effects;
    try {
      switch (request.action) {
        case "confirm": {
          // Confirmed by phone: the stock the order held is sold now, it can be packed, and the shopper is told.
          const sold = await sellHeldStock(tx, order, now);
          const confirmed = await moveOrder(tx, order, next, event);
          const snapshot = await orderSnapshotFor(tx, confirmed, context);
          await enqueueEmail(
            tx,
            {
              kind: "order_confirmed",
              recipient: snapshot.customer.email,
              orderId: order.id,
              data: { order: snapshot },
            },
            now,
          );
          effects = { order: confirmed, stockChanged: sold, emailQueued: true };
          break;
        }
        case "pack":
        case "deliver":
        case "undo_delivery":
          effects = { order: await moveOrder(tx, order, next, event) };
          break;
        case "ship":
        case "correct_shipment": {
          const shipped = await ship(tx, order, request, context);
          if (shipped === undefined) return { kind: "unchanged", order };
          effects = shipped;
          break;
        }
        case "collect_cash": {
          // Units sent back before the courier collected were never paid for, so they are not collected.
          const amount = cashDue(order.totalAmount, await linesOf(tx, order));
          effects = {
            order: await moveOrder(
              tx,
              order,
              { ...next, capturedAmount: amount, paidAt: now },
              { ...event, data: { amount } },
            ),
          };
          break;
        }
        case "undo_cash_collection":
          if (order.refundedAmount > 0) throw new Refusal("Cannot undo the cash collection: part of it was refunded.");
          effects = { order: await moveOrder(tx, order, { ...next, capturedAmount: 0, paidAt: null }, event) };
          break;
        case "cancel":
          effects = await cancel(tx, order, request, context);
          break;
        case "take_return":
          effects = await takeReturn(tx, order, request, context);
          break;
        case "record_refund":
        case "retry_refund":
          effects = await settleRefundByHand(tx, order, request, context);
          break;
      }
    } catch (error) {
      if (error instanceof Refusal) return { kind: "refused", order, message: error.message };
      throw error;
    }
    return {
      kind: "applied",
      order: effects.order,
      stockChanged: effects.stockChanged ?? false,
      emailQueued: effects.emailQueued ?? false,
      refundsToSend: effects.refundsToSend ?? [],
    };
  });
}

/**
 * Shipped, or its carrier and tracking number corrected afterwards: recorded, and the shopper told.
 * Undefined for a correction that changes nothing.
 */
async function ship(
  tx: Transaction,
  order: OrderRow,
  request: Request<"ship"> | Request<"correct_shipment">,
  context: OrderActionContext,
): Promise<Effects | undefined> {
  const shipment = {
    carrier: request.carrier,
    trackingNumber: request.trackingNumber,
    trackingUrl: request.trackingUrl ?? null,
  };
  const corrected = request.action === "correct_shipment";
  const at = context.now;
  let updated = order;
  if (corrected) {
    const previous = await lastShipment(tx, order);
    if (previous !== undefined && sameShipment(previous, shipment)) return undefined;
    await recordOrderEvent(tx, order.id, {
      at,
      actor: context.actor,
      type: "shipment_corrected",
      data: { ...shipment, previous: previous ?? null },
    });
  } else {
    updated = await moveOrder(
      tx,
      order,
      { fulfilmentStatus: "shipped" },
      {
        at,
        actor: context.actor,
        type: "shipped",
        data: shipment,
      },
    );
  }
  const snapshot = await orderSnapshotFor(tx, updated, context);
  await enqueueEmail(
    tx,
    {
      kind: "order_shipped",
      recipient: snapshot.customer.email,
      orderId: order.id,
      data: { order: snapshot, ...shipment, ...(corrected ? { corrected: true } : {}) },
    },
    at,
  );
  return { order: updated, emailQueued: true };
}

/**
 * Cancelled before shipping: its units back on the shelf, and what was captured owed back in full (sent
 * by the provider after this commits, or left for the owner). The shopper's email goes with the refund's
 * outcome, or now when nothing is owed.
 */
async function cancel(tx: Transaction, order: OrderRow, request: Request<"cancel">, context: OrderActionContext) {
  const { now, actor } = context;
  const lines = await linesOf(tx, order);
  // An unconfirmed order only held its stock: it lets it go. A confirmed one sold it: it comes back on hand.
  const restocked =
    order.fulfilmentStatus === "unconfirmed"
      ? await releaseHeldStock(tx, order, now)
      : await restock(
          tx,
          order,
          lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
          context,
          `Order ${order.number} cancelled`,
        );
  const updated = await moveOrder(
    tx,
    order,
    { fulfilmentStatus: "cancelled" },
    {
      at: now,
      actor,
      type: "cancelled",
      data: {
        amount: order.totalAmount,
        restocked,
        ...(request.reason === undefined ? {} : { reason: request.reason }),
      },
    },
  );
  const owed = await refundableAmount(tx, updated);
  return giveBack(
    tx,
    updated,
    { kind: "cancel", amount: Math.max(0, owed), actor, reason: request.reason ?? null, lines: null, returned: [] },
    restocked,
    context,
  );
}

/**
 * Items came back after shipping, or the shop gives money back for them: the returned units are counted
 * on their lines (never more than were sold), put back on the shelf when asked, and refunded with the
 * amount the owner chose (never more than is left to give back). Every unit back makes the order returned.
 */
async function takeReturn(
  tx: Transaction,
  order: OrderRow,
  request: Request<"take_return">,
  context: OrderActionContext,
) {
  const { now, actor } = context;
  const lines = await linesOf(tx, order);
  const returned: { line: (typeof lines)[number]; quantity: number }[] = [];
  for (const asked of request.lines) {
    const line = lines.find((candidate) => candidate.position === asked.position);
    if (line === undefined) throw new Refusal(`Cannot take a return: the order has no line ${asked.position}.`);
    if (returned.some((entry) => entry.line.position === asked.position)) {
      throw new Refusal(`Cannot take a return: line ${asked.position} is named twice.`);
    }
    const left = line.quantity - line.returnedQuantity;
    if (asked.quantity > left) {
      throw new Refusal(
        `Cannot take a return of ${asked.quantity} × ${line.productTitle}: only ${left} of that line can still come back.`,
      );
    }
    returned.push({ line, quantity: asked.quantity });
  }
  const refundable = await refundableAmount(tx, order);
  if (request.refundAmount > refundable) {
    const [currency] = await tx.select().from(currencies).where(eq(currencies.code, order.currencyCode));
    const most = formatMoney(refundable, currency ?? { code: order.currencyCode });
    throw new Refusal(`Cannot refund that much: at most ${most} can still be given back on this order.`);
  }
  if (returned.length === 0 && request.refundAmount === 0) {
    throw new Refusal("Cannot take a return: name the items that came back, or an amount to refund.");
  }
  for (const { line, quantity } of returned) {
    await tx
      .update(orderLines)
      .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${quantity}` })
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.position, line.position)));
  }
  const restocked = request.restock
    ? await restock(
        tx,
        order,
        returned.map(({ line, quantity }) => ({ variantId: line.variantId, quantity })),
        context,
        `Order ${order.number} returned`,
      )
    : [];
  const everything = lines.every((line) => {
    const back = returned.find((entry) => entry.line.position === line.position)?.quantity ?? 0;
    return line.returnedQuantity + back === line.quantity;
  });
  const emailLines = returned.map(({ line, quantity }) => ({
    productTitle: line.productTitle,
    variantTitle: line.variantTitle,
    quantity,
  }));
  const updated = await moveOrder(tx, order, everything ? { fulfilmentStatus: "returned" } : {}, {
    at: now,
    actor,
    type: "returned",
    data: {
      lines: returned.map(({ line, quantity }) => ({ position: line.position, quantity })),
      restocked,
      refundAmount: request.refundAmount,
      ...(request.reason === undefined ? {} : { reason: request.reason }),
    },
  });
  return giveBack(
    tx,
    updated,
    {
      kind: "return",
      amount: request.refundAmount,
      actor,
      reason: request.reason ?? null,
      lines: emailLines,
      returned: returned.map(({ line, quantity }) => ({ position: line.position, quantity })),
    },
    restocked,
    context,
  );
}

/**
 * What a cancellation or a return gives back: nothing (the shopper is told now), or a refund, sent by its
 * provider once this commits (the shopper is told with its outcome) or left for the owner (told now).
 */
async function giveBack(
  tx: Transaction,
  order: OrderRow,
  refund: NewRefund,
  restocked: readonly { variantId: string; quantity: number }[],
  context: OrderActionContext,
): Promise<Effects> {
  const stockChanged = restocked.length > 0;
  if (refund.amount === 0) {
    const state = order.paymentStatus === "refunded" ? "refunded" : "none";
    await announceRefund(tx, order, { kind: refund.kind, amount: 0, lines: refund.lines }, state, context, context.now);
    return { order, stockChanged, emailQueued: true };
  }
  const created = await createRefund(tx, order, refund, context, context.now);
  const sending = created.refund.status === "requested";
  return {
    order: created.order,
    stockChanged,
    emailQueued: !sending,
    refundsToSend: sending ? [created.refund.id] : [],
  };
}

/** A refund the owner made by hand (recorded as made), or one the provider refused, sent again. */
async function settleRefundByHand(
  tx: Transaction,
  order: OrderRow,
  request: Request<"record_refund"> | Request<"retry_refund">,
  context: OrderActionContext,
): Promise<Effects> {
  const [refund] = await tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, request.refundId), eq(orderRefunds.orderId, order.id)))
    .for("update");
  if (refund === undefined)
    throw new Refusal(
      `Cannot ${request.action === "record_refund" ? "record" : "send"} that refund: this order has no such refund.`,
    );
  if (request.action === "record_refund") {
    if (refund.status !== "to_make" && refund.status !== "failed") {
      throw new Refusal(`Cannot record that refund as made: it is ${refundWords[refund.status]}.`);
    }
    const done = await finishRefund(
      tx,
      order,
      refund,
      "succeeded",
      { note: request.note },
      context.actor,
      context,
      context.now,
    );
    return { order: done.order, emailQueued: true };
  }
  if (refund.status !== "failed" || refund.provider === null) {
    throw new Refusal(`Cannot send that refund again: it is ${refundWords[refund.status]}.`);
  }
  const retried = await finishRefund(tx, order, refund, "requested", {}, context.actor, context, context.now);
  return { order: retried.order, refundsToSend: [refund.id] };
}

const refundWords = {
  requested: "being sent to the provider",
  failed: "refused by the provider",
  to_make: "still to be made",
  succeeded: "already made",
} as const;

/**
 * Units back on hand, with stock-history rows, for the lines whose units the order took from stock (its
 * checkout reserved them): a variant that tracks stock only since the order gets nothing it never gave.
 */
async function restock(
  tx: Transaction,
  order: OrderRow,
  lines: readonly { variantId: string; quantity: number }[],
  context: OrderActionContext,
  reason: string,
): Promise<{ variantId: string; quantity: number }[]> {
  if (lines.length === 0) return [];
  const fromStock = new Set(
    (
      await tx
        .select({ variantId: checkoutLines.variantId })
        .from(checkoutLines)
        .where(and(eq(checkoutLines.sessionId, order.sessionId), eq(checkoutLines.reserved, true)))
    ).map((row) => row.variantId),
  );
  const back = lines.filter((line) => fromStock.has(line.variantId) && line.quantity > 0);
  await applyStock(tx, entriesOf("restock", back), context.now, { actor: context.actor, reason, orderId: order.id });
  return back;
}

async function linesOf(tx: Transaction, order: OrderRow) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
}

interface Shipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

function sameShipment(left: Shipment, right: Shipment): boolean {
  return (
    left.carrier === right.carrier &&
    left.trackingNumber === right.trackingNumber &&
    left.trackingUrl === right.trackingUrl
  );
}

/** The shipment as last recorded: the shipped event, or the latest correction. */
async function lastShipment(tx: Transaction, order: OrderRow): Promise<Shipment | undefined> {
  const [event] = await tx
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), sql`${orderEvents.type} IN ('shipped', 'shipment_corrected')`))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  if (event === undefined) return undefined;
  return {
    carrier: String(event.data.carrier),
    trackingNumber: String(event.data.trackingNumber),
    trackingUrl: typeof event.data.trackingUrl === "string" ? event.data.trackingUrl : null,
  };
}

/** A repeated "shipped" with other carrier or tracking details is not a repeat: say what was recorded. */
async function shipmentConflict(
  tx: Transaction,
  order: OrderRow,
  request: Request<"ship">,
): Promise<string | undefined> {
  const recorded = await lastShipment(tx, order);
  if (recorded === undefined) return undefined;
  return sameShipment(recorded, {
    carrier: request.carrier,
    trackingNumber: request.trackingNumber,
    trackingUrl: request.trackingUrl ?? null,
  })
    ? undefined
    : `Cannot mark the order shipped again: it was shipped with ${recorded.carrier}, tracking number ${recorded.trackingNumber}. Use "Correct shipment" to change it.`;
}

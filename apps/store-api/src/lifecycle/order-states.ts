import {
  fulfilmentStatuses,
  paymentStatuses,
  type FulfilmentStatus,
  type PaymentStatus,
  type RefundStatus,
} from "../db/schema.ts";

/** Every payment and fulfilment status an order can have, for filters that name one. */
export { fulfilmentStatuses, paymentStatuses };
import type { TransitionTable } from "./transitions.ts";

/**
 * An order's payment. Only orders/order-moves.ts changes it.
 * - paid: captured by a provider; cod_due / cod_collected: cash on delivery before and after the courier
 *   brought the cash (undoing a wrong "collected" goes back);
 * - refund_due: a refund is owed and not yet made (being sent, refused by the provider, or to be made by
 *   hand); partially_refunded and refunded once refunds are made.
 * - pending: never written by this version (orders are placed paid or cash on delivery).
 */
export const orderPaymentLifecycle: TransitionTable<PaymentStatus> = {
  pending: ["paid", "cod_due"],
  paid: ["refund_due", "partially_refunded", "refunded"],
  cod_due: ["cod_collected"],
  cod_collected: ["cod_due", "refund_due", "partially_refunded", "refunded"],
  refund_due: ["partially_refunded", "refunded"],
  partially_refunded: ["refund_due", "refunded"],
  refunded: [],
};

/**
 * An order's fulfilment. Only orders/order-moves.ts changes it. A cash-on-delivery order is unconfirmed
 * (its stock held, not sold) until the shop confirms it by phone; unconfirmed too long, it is cancelled.
 * Delivered can be undone (back to shipped).
 */
export const fulfilmentLifecycle: TransitionTable<FulfilmentStatus> = {
  unconfirmed: ["unfulfilled", "cancelled"],
  unfulfilled: ["packed", "shipped", "cancelled"],
  packed: ["shipped", "cancelled"],
  shipped: ["delivered", "returned"],
  delivered: ["shipped", "returned"],
  returned: [],
  cancelled: [],
};

/**
 * A refund of an order's money. Only orders/refunds.ts changes it.
 * - requested: being sent to the provider (or the process stopped while it was: it is sent again, with the
 *   same idempotency key, at the next start);
 * - failed: the provider refused; the owner tries again or records a refund made another way;
 * - to_make: no provider can send it (eSewa, the sandbox, cash): the owner makes it and records it;
 * - succeeded: the money went back.
 */
export const refundLifecycle: TransitionTable<RefundStatus> = {
  requested: ["succeeded", "failed", "to_make"],
  failed: ["requested", "succeeded"],
  to_make: ["succeeded"],
  succeeded: [],
};

/** Refunds still owed to the shopper. */
export function isOutstandingRefund(status: RefundStatus): boolean {
  return status !== "succeeded";
}

/**
 * What an order's payment status is, from its money: captured and refunded amounts (minor units) and
 * whether a refund is still owed. Cash on delivery counts as captured once collected.
 */
export function paymentStatusOf(money: {
  paymentMethod: string;
  capturedAmount: number;
  refundedAmount: number;
  refundOwed: boolean;
}): PaymentStatus {
  if (money.refundOwed) return "refund_due";
  if (money.capturedAmount > 0 && money.refundedAmount >= money.capturedAmount) return "refunded";
  if (money.refundedAmount > 0) return "partially_refunded";
  if (money.paymentMethod !== "cod") return "paid";
  return money.capturedAmount > 0 ? "cod_collected" : "cod_due";
}

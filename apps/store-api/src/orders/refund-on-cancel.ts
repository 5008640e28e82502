import type { RefundState } from "../email/outbox-data.ts";
import type { OrderRow } from "./place-order.ts";

/**
 * What cancelling does about money already taken: the one place that decides it. Today no provider can
 * refund, so a paid order leaves a refund for the owner to make by hand ("to_make", recorded in its history
 * and told to the shopper); the payment-providers issue replaces this with a refund through the provider,
 * answering "refunded" when it went through. Cash not yet collected needs no refund.
 */
export async function refundOnCancel(order: Pick<OrderRow, "paymentStatus" | "paymentMethod">): Promise<RefundState> {
  return order.paymentStatus === "paid" ? "to_make" : "none";
}

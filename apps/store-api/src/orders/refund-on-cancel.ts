import type { RefundState } from "../email/outbox-data.ts";
import type { OrderRow } from "./place-order.ts";

/**
 * What cancelling does about money already taken when no provider refunded it (the sandbox, eSewa, a
 * provider that refused; see payments/refund.ts): a paid order leaves a refund for the owner to make by
 * hand ("to_make", recorded in its history and told to the shopper). Cash not yet collected needs no refund.
 */
export async function refundOnCancel(order: Pick<OrderRow, "paymentStatus" | "paymentMethod">): Promise<RefundState> {
  return order.paymentStatus === "paid" ? "to_make" : "none";
}

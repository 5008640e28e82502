import type {
  AdminEmailStatus,
  AdminFulfilmentStatus,
  AdminOrderAction,
  AdminPaymentStatus,
  AdminRefund,
  AdminRefundStatus,
} from "@herbo/hosted-api/admin";

/** Every status and action as the owner reads it, in one place. */

export { actionLabels, fulfilmentStatusLabels, paymentLabel, paymentStatusLabels } from "@herbo/hosted-api/admin";

/** What the page says after an action went through. */
export const actionDone: Record<AdminOrderAction, string> = {
  confirm: "Order confirmed: its stock is sold, it can be packed, and the shopper will get an email.",
  pack: "Marked packed.",
  ship: "Marked shipped; the shopper will get an email with the tracking number.",
  deliver: "Marked delivered.",
  collect_cash: "Cash recorded as collected.",
  cancel: "Order cancelled; its stock is back and the shopper will get an email.",
  correct_shipment: "Shipment corrected; the shopper will get an email with the new tracking number.",
  undo_delivery: "Delivery undone: the order is shipped again.",
  undo_cash_collection: "Cash collection undone: the cash is still to collect.",
  take_return: "Return recorded; the shopper will get an email.",
  record_refund: "Refund recorded as made; the shopper will get an email.",
  retry_refund: "Refund sent again; its outcome is under Refunds.",
};

export const emailStatusLabels: Record<AdminEmailStatus, string> = {
  queued: "Queued",
  retrying: "Retrying",
  sent: "Sent",
  failed: "Failed",
};

export const refundStatusLabels: Record<AdminRefundStatus, string> = {
  requested: "Being sent",
  failed: "Refused by the provider",
  to_make: "To make by hand",
  succeeded: "Refunded",
};

export const refundKindLabels: Record<AdminRefund["kind"], string> = {
  cancel: "Cancellation",
  return: "Return",
};

const paymentMethodNames: Record<string, string> = {
  card: "Card",
  cod: "Cash on delivery",
  wallet: "Wallet",
  khalti: "Khalti",
  esewa: "eSewa",
};

export function paymentMethodLabel(method: string): string {
  return paymentMethodNames[method] ?? method;
}

const providerNames: Record<string, string> = {
  stripe: "Stripe",
  khalti: "Khalti",
  esewa: "eSewa",
  cybersource: "Bank card gateway (Cybersource)",
  sandbox: "Sandbox card",
  cod: "Cash on delivery",
};

/** A payment provider's id ("stripe") as the owner knows it ("Stripe"). */
export function providerLabel(provider: string): string {
  return providerNames[provider] ?? provider;
}

/** "order_confirmation" → "Order confirmation". */
export function emailKindLabel(kind: string): string {
  const words = kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type Tone = "good" | "warn" | "bad" | "plain";

export function paymentTone(status: AdminPaymentStatus): Tone {
  if (status === "paid" || status === "cod_collected") return "good";
  if (status === "refunded" || status === "partially_refunded") return "plain";
  return "warn";
}

export function fulfilmentTone(status: AdminFulfilmentStatus): Tone {
  if (status === "delivered" || status === "shipped") return "good";
  if (status === "cancelled" || status === "returned") return "bad";
  return "warn";
}

export function refundTone(status: AdminRefundStatus): Tone {
  if (status === "succeeded") return "good";
  if (status === "failed") return "bad";
  return "warn";
}

export function emailTone(status: AdminEmailStatus): Tone {
  if (status === "sent") return "good";
  if (status === "failed") return "bad";
  return "warn";
}

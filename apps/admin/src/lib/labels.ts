import type {
  AdminEmailStatus,
  AdminFulfilmentStatus,
  AdminOrderAction,
  AdminPaymentStatus,
} from "@herbo/hosted-api/admin";

/** Every status and action as the owner reads it, in one place. */

export const paymentStatusLabels: Record<AdminPaymentStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  cod_due: "Cash to collect",
  cod_collected: "Cash collected",
  refunded: "Refunded",
};

export const fulfilmentStatusLabels: Record<AdminFulfilmentStatus, string> = {
  unfulfilled: "Not packed",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export const actionLabels: Record<AdminOrderAction, string> = {
  pack: "Mark packed",
  ship: "Mark shipped",
  deliver: "Mark delivered",
  collect_cash: "Record cash collected",
  cancel: "Cancel order",
};

/** What the page says after an action went through. */
export const actionDone: Record<AdminOrderAction, string> = {
  pack: "Marked packed.",
  ship: "Marked shipped; the shopper will get an email with the tracking number.",
  deliver: "Marked delivered.",
  collect_cash: "Cash recorded as collected.",
  cancel: "Order cancelled; its stock is back and the shopper will get an email.",
};

export const emailStatusLabels: Record<AdminEmailStatus, string> = {
  queued: "Queued",
  retrying: "Retrying",
  sent: "Sent",
  failed: "Failed",
};

const paymentMethodNames: Record<string, string> = { card: "Card", cod: "Cash on delivery" };

export function paymentMethodLabel(method: string): string {
  return paymentMethodNames[method] ?? method;
}

/** "order_confirmation" → "Order confirmation". */
export function emailKindLabel(kind: string): string {
  const words = kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type Tone = "good" | "warn" | "bad" | "plain";

export function paymentTone(status: AdminPaymentStatus): Tone {
  if (status === "paid" || status === "cod_collected") return "good";
  if (status === "refunded") return "plain";
  return "warn";
}

export function fulfilmentTone(status: AdminFulfilmentStatus): Tone {
  if (status === "delivered" || status === "shipped") return "good";
  if (status === "cancelled") return "bad";
  return "warn";
}

export function emailTone(status: AdminEmailStatus): Tone {
  if (status === "sent") return "good";
  if (status === "failed") return "bad";
  return "warn";
}

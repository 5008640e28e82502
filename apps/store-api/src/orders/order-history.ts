import type { AdminMoney } from "@herbo/hosted-api/admin";

/** One history event as a line a person reads. Unknown types (added by later features) still read sensibly. */
export function eventSummary(
  event: { type: string; data: Record<string, unknown> },
  money: (amount: number) => AdminMoney,
): string {
  const data = event.data;
  const amount = typeof data.amount === "number" ? money(data.amount).text : undefined;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  switch (event.type) {
    case "placed":
      return data.paymentMethod === "cod" ? "Order placed, to pay in cash on delivery" : "Order placed";
    case "payment_received": {
      const card = typeof data.cardLast4 === "string" ? ` by card ending in ${data.cardLast4}` : "";
      return `Payment${amount === undefined ? "" : ` of ${amount}`} received${card} (${text(data.provider) || "provider"})`;
    }
    case "cod_due":
      return data.unconfirmed === true
        ? `${amount ?? "The total"} to collect in cash on delivery, once the order is confirmed by phone`
        : `${amount ?? "The total"} to collect in cash on delivery`;
    case "confirmed":
      return "Confirmed with the shopper by phone; its stock is sold and the shopper was emailed";
    case "packed":
      return "Marked packed";
    case "shipped": {
      const link = typeof data.trackingUrl === "string" ? ` (${data.trackingUrl})` : "";
      return `Shipped with ${text(data.carrier)}, tracking number ${text(data.trackingNumber)}${link}; the shopper was emailed`;
    }
    case "delivered":
      return "Marked delivered";
    case "cash_collected":
      return `Cash collected${amount === undefined ? "" : `: ${amount}`}`;
    case "cancelled": {
      const parts = ["Cancelled"];
      if (typeof data.reason === "string" && data.reason !== "") parts[0] = `Cancelled (${data.reason})`;
      // Events written before refunds were recorded on their own carry the refund here.
      if (data.refund === "to_make") parts.push(`refund to make: ${amount ?? "the amount paid"}`);
      if (data.refund === "refunded") parts.push(`refunded ${amount ?? ""}`.trim());
      const units = unitsOf(data.restocked);
      if (units > 0) parts.push(`${units} ${units === 1 ? "unit" : "units"} back in stock`);
      return parts.join("; ");
    }
    case "shipment_corrected": {
      const link = typeof data.trackingUrl === "string" ? ` (${data.trackingUrl})` : "";
      return `Shipment corrected: ${text(data.carrier)}, tracking number ${text(data.trackingNumber)}${link}; the shopper was emailed`;
    }
    case "delivery_undone":
      return "Delivery undone: back to shipped";
    case "cash_collection_undone":
      return "Cash collection undone: the cash is still to collect";
    case "returned": {
      const units = unitsOf(data.lines);
      const parts = [
        units === 0
          ? "Money given back without a return"
          : `Return of ${units} ${units === 1 ? "unit" : "units"} taken`,
      ];
      if (typeof data.reason === "string" && data.reason !== "") parts[0] += ` (${data.reason})`;
      const back = unitsOf(data.restocked);
      if (back > 0) parts.push(`${back} back in stock`);
      else if (units > 0) parts.push("not put back in stock");
      if (typeof data.refundAmount === "number" && data.refundAmount > 0)
        parts.push(`refund of ${money(data.refundAmount).text}`);
      return parts.join("; ");
    }
    case "refund_requested":
      return `Refund of ${amount ?? "the payment"} sent to ${text(data.provider) || "the provider"}`;
    case "refund_to_make":
      return `Refund of ${amount ?? "the payment"} to make by hand; the shopper was emailed`;
    case "refund_failed":
      return `${text(data.provider) || "The provider"} refused the refund of ${amount ?? "the payment"}${typeof data.reason === "string" ? `: ${data.reason}` : ""}`;
    case "refund_retried":
      return `Refund of ${amount ?? "the payment"} sent again`;
    case "refunded": {
      if (typeof data.note === "string") return `Refund of ${amount ?? "the payment"} recorded as made: ${data.note}`;
      const reference = typeof data.refundReference === "string" ? ` (${data.refundReference})` : "";
      return `Refunded ${amount ?? "the payment"}${data.provider === undefined || data.provider === null ? "" : ` through ${text(data.provider)}`}${reference}`;
    }
    case "payment_duplicate":
      return `A second payment of ${amount ?? "the total"} arrived (${text(data.provider)}); it is refunded in full`;
    case "email_resent":
      return `Email resent: ${text(data.kind).replaceAll("_", " ")} to ${text(data.recipient)}`;
    default: {
      const words = event.type.replaceAll("_", " ");
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

function unitsOf(lines: unknown): number {
  return Array.isArray(lines) ? lines.reduce((sum: number, line: unknown) => sum + quantityOf(line), 0) : 0;
}

function quantityOf(line: unknown): number {
  if (typeof line !== "object" || line === null) return 0;
  const quantity = (line as { quantity?: unknown }).quantity;
  return typeof quantity === "number" ? quantity : 0;
}

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
      return `${amount ?? "The total"} to collect in cash on delivery`;
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
      if (data.refund === "to_make") parts.push(`refund to make: ${amount ?? "the amount paid"}`);
      if (data.refund === "refunded") parts.push(`refunded ${amount ?? ""}`.trim());
      const units = Array.isArray(data.restocked)
        ? data.restocked.reduce((sum: number, line: unknown) => sum + quantityOf(line), 0)
        : 0;
      if (units > 0) parts.push(`${units} ${units === 1 ? "unit" : "units"} back in stock`);
      return `${parts.join("; ")}; the shopper was emailed`;
    }
    case "email_resent":
      return `Email resent: ${text(data.kind).replaceAll("_", " ")} to ${text(data.recipient)}`;
    default: {
      const words = event.type.replaceAll("_", " ");
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

function quantityOf(line: unknown): number {
  if (typeof line !== "object" || line === null) return 0;
  const quantity = (line as { quantity?: unknown }).quantity;
  return typeof quantity === "number" ? quantity : 0;
}

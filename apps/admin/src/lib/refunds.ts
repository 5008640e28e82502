import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import { providerLabel } from "./labels.ts";
import { formatMoney, moneyFormat } from "./money.ts";

/** How the order's next refund is made: through the provider that took the money, or by the owner's hand. */
export type RefundRoute = { kind: "provider"; provider: string } | { kind: "by_hand" };

export function refundRoute(order: AdminOrderDetail): RefundRoute {
  return order.payment.refundsThroughProvider
    ? { kind: "provider", provider: order.payment.provider }
    : { kind: "by_hand" };
}

/** What happens to `amountText` of money given back, in one sentence. */
export function refundSentence(order: AdminOrderDetail, amount: number, amountText: string): string {
  if (amount <= 0) return "No money is given back.";
  const route = refundRoute(order);
  if (route.kind === "by_hand") {
    return `You will refund ${amountText} by hand (bank transfer, cash or the provider's dashboard), then record it under Refunds.`;
  }
  const provider = providerLabel(route.provider);
  const destination = `${amountText}${order.payment.method === "card" ? " to the card" : ""} through ${provider}`;
  return `Refund ${destination}.`;
}

/** The return's units in one sentence: how many come back and whether they go back on the shelf. */
export function unitsSentence(units: number, restock: boolean, everything: boolean): string {
  if (units === 0) return "No items come back.";
  const one = units === 1;
  const shelf = restock ? `${one ? "goes" : "go"} back in stock` : `${one ? "stays" : "stay"} out of stock`;
  const returned = everything ? " The order will be marked returned." : "";
  return `${units} ${one ? "unit comes" : "units come"} back and ${shelf}.${returned}`;
}

/** What cancelling does to the money, for the cancellation form. */
export function cancelSentence(order: AdminOrderDetail): string {
  const owed = order.refundable;
  if (owed.amount <= 0) {
    return order.captured.amount > 0
      ? "Nothing is left to refund: the payment is already refunded or owed back."
      : "No payment was taken, so there is nothing to refund.";
  }
  const route = refundRoute(order);
  if (route.kind === "by_hand") {
    return `The payment of ${owed.text} is then recorded as a refund to make: you refund it by hand and record it here.`;
  }
  const provider = providerLabel(route.provider);
  return `The payment of ${owed.text} is refunded through ${provider}. If ${provider} refuses, it is kept as a refund for you to send again or make by hand.`;
}

/** Minor units of the order's refunds still owed (being sent, refused, or to make by hand). */
export function owedAmount(order: AdminOrderDetail): number {
  return order.refunds.reduce((sum, refund) => sum + (refund.status === "succeeded" ? 0 : refund.amount.amount), 0);
}

/**
 * The Refunds panel's figures: what was taken, what was given back, what is owed and still to make, and what
 * could be refunded besides. The API's `refundable` is what a new refund may still take, after the refunds
 * already owed: beside a refund still to make it is often nothing, so it is named for what it is ("besides
 * that") and left out when it is nothing; an order that took no money says so instead of listing zeros.
 */
export function refundFigures(order: AdminOrderDetail): { label: string; text: string }[] {
  if (order.captured.amount <= 0) return [{ label: "Taken", text: "Nothing: no payment was taken" }];
  const owed = owedAmount(order);
  const figures = [
    { label: "Taken", text: order.captured.text },
    { label: "Refunded", text: order.refunded.text },
  ];
  if (owed > 0) figures.push({ label: "To make", text: formatMoney(owed, moneyFormat(order)) });
  if (order.refundable.amount > 0) {
    figures.push({
      label: owed > 0 ? "Can be refunded besides that" : "Can still be refunded",
      text: order.refundable.text,
    });
  }
  return figures;
}

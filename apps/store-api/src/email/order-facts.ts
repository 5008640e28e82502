import { formatMoney, formatMoneyWithCode, taxNoteText } from "@herbo/hosted-api";
import type { OrderSnapshot } from "./order-snapshot.ts";

/** The sentences and figures every email about an order shares, in one place for HTML and text alike. */

export function money(order: OrderSnapshot, minorUnits: number): string {
  return formatMoney(minorUnits, order.currency);
}

/** The total, with the currency's code where the symbol alone could be misread ("$29.99 USD"). */
export function totalText(order: OrderSnapshot): string {
  return formatMoneyWithCode(order.totalAmount, order.currency);
}

/**
 * The note under the total about tax: "Prices incl. VAT." where prices included it, with the amount once
 * the shop was registered ("Prices incl. VAT 13%: Rs. 138.05 (registration 601234567)."), or that duties
 * may be due where prices did not include it; null when the snapshot says neither.
 */
export function taxText(order: OrderSnapshot): string | null {
  const tax = order.tax ?? null;
  const included = order.taxIncluded ?? null;
  return taxNoteText({
    pricesIncludeTax: order.taxExcluded === true ? false : included !== null ? true : null,
    taxName: included,
    registered: tax === null ? null : { ...tax, amountText: money(order, tax.amount) },
  });
}

/** Shipping as the shopper reads it: "Free" when nothing is charged. */
export function shippingText(order: OrderSnapshot): string {
  return order.shippingAmount === 0 ? "Free" : money(order, order.shippingAmount);
}

export function lineTitle(line: OrderSnapshot["lines"][number]): string {
  const variant = line.variantTitle.trim();
  return variant === "" || variant === line.productTitle ? line.productTitle : `${line.productTitle} (${variant})`;
}

/**
 * "23 November 2026 at 15:45 GMT+5:45" in the shopper's time zone (or the one given: the shop's, in its own
 * emails), UTC when it is unknown or invalid.
 */
export function placedAtText(order: OrderSnapshot, timeZone: string | null = order.timeZone): string {
  const placed = new Date(order.placedAt);
  const style: Intl.DateTimeFormatOptions = {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  };
  try {
    return new Intl.DateTimeFormat("en-GB", { ...style, timeZone: timeZone ?? "UTC" }).format(placed);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { ...style, timeZone: "UTC" }).format(placed);
  }
}

/**
 * The order in the back office, on the store API whose order page the snapshot links to (the page is
 * `<store API>/orders/<token>`, so a store API under a path prefix keeps it).
 */
export function backOfficeOrderUrl(order: OrderSnapshot): string {
  const storeApi = order.orderUrl.replace(/\/orders\/[^/]+$/, "");
  return `${storeApi}/admin/orders/${encodeURIComponent(order.number)}`;
}

export function paymentMethodText(order: OrderSnapshot): string {
  if (order.paymentMethod === "cod") return "Cash on delivery";
  if (order.paymentMethod === "wallet") return `${order.paymentProviderName ?? "Digital"} wallet`;
  return order.cardLast4 === null ? "Card" : `Card ending in ${order.cardLast4}`;
}

/** What the shopper still has to do about paying, or what was done. */
export function paymentStatusText(order: OrderSnapshot): string {
  if (order.paymentMethod === "cod") {
    return order.paymentStatus === "cod_collected"
      ? `Paid in cash: ${money(order, order.totalAmount)}.`
      : `You pay ${money(order, order.totalAmount)} in cash when your order arrives.`;
  }
  return order.paymentStatus === "paid" ? `Paid: ${money(order, order.totalAmount)}.` : "Payment pending.";
}

/** "Expected delivery: 2 to 7 business days." or null when the rate does not say. */
export function deliveryEstimateText(order: OrderSnapshot): string | null {
  const days = order.deliveryDays;
  if (days === null) return null;
  if (days.min === days.max) return `Expected delivery: ${days.min} business ${days.min === 1 ? "day" : "days"}.`;
  return `Expected delivery: ${days.min} to ${days.max} business days.`;
}

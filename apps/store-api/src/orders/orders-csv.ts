import { decimalAmount, decimalDigitsOf, type MoneyCurrency } from "@herbo/hosted-api";
import {
  fulfilmentStatusLabels,
  paymentLabel,
  type AdminFulfilmentStatus,
  type AdminPaymentStatus,
} from "@herbo/hosted-api/admin";
import { stringify } from "csv-stringify/sync";
import { addDays, isDay, shopDateTime, shopTimeZone } from "../shop-time.ts";

/** The longest range one export covers: a year, a leap year's too. */
export const exportMaxDays = 366;
/** The most orders one export holds: the file is built in memory, so a busier range is exported in parts. */
export const exportMaxOrders = 10_000;

/** Whether the days `from` to `to` (both included, YYYY-MM-DD) are at most exportMaxDays; a malformed day is refused elsewhere. */
export function isExportableRange(range: { from: string; to: string }): boolean {
  if (!isDay(range.from) || !isDay(range.to)) return true;
  return addDays(range.from, exportMaxDays - 1) >= range.to;
}

/** The refusal of an export whose range holds more than exportMaxOrders orders. */
export function tooManyOrdersMessage(count: number): string {
  return `These days hold ${count.toLocaleString("en-US")} orders; one export holds at most ${exportMaxOrders.toLocaleString("en-US")}. Choose a shorter range.`;
}

/** What one exported order needs; one CSV line per order, its items summed up in one cell. */
export interface ExportedOrder {
  number: string;
  createdAt: Date;
  customer: { fullName: string; email: string; phone: string; country: string; addressLines: string[] } | null;
  paymentMethod: string;
  paymentProvider: string;
  paymentStatus: AdminPaymentStatus;
  fulfilmentStatus: AdminFulfilmentStatus;
  currency: MoneyCurrency & { code: string };
  /** What the offers took off the items, the code's share included. */
  discountAmount: number;
  discountCode: string | null;
  /** The items after their discounts. */
  subtotalAmount: number;
  shippingAmount: number;
  totalAmount: number;
  /** Money given back so far, in minor units. */
  refundedAmount: number;
  lines: { quantity: number; productTitle: string; variantTitle: string; sku: string | null }[];
}

export const csvColumns = [
  "Order",
  `Placed (${shopTimeZone})`,
  "Customer",
  "Email",
  "Phone",
  "Country",
  "Address",
  "Payment method",
  "Payment provider",
  "Payment status",
  "Payment",
  "Fulfilment status",
  "Fulfilment",
  "Currency",
  "Discount",
  "Discount code",
  "Subtotal",
  "Shipping",
  "Total",
  "Refunded",
  "Items",
] as const;

/**
 * Orders as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read accents), made by
 * csv-stringify. Its `escape_formulas` puts a ' before any cell starting with =, +, -, @, tab or carriage
 * return, so a shopper's name such as `=HYPERLINK(…)` is shown as text and never run as a formula.
 */
export function ordersCsv(rows: readonly ExportedOrder[]): string {
  const records = rows.map((order) => {
    const digits = decimalDigitsOf(order.currency);
    return [
      order.number,
      shopDateTime(order.createdAt),
      order.customer?.fullName ?? "",
      order.customer?.email ?? "",
      order.customer?.phone ?? "",
      order.customer?.country ?? "",
      order.customer?.addressLines.join(", ") ?? "",
      order.paymentMethod,
      order.paymentProvider,
      order.paymentStatus,
      paymentLabel(order.paymentStatus, order.fulfilmentStatus),
      order.fulfilmentStatus,
      fulfilmentStatusLabels[order.fulfilmentStatus],
      order.currency.code,
      decimalAmount(order.discountAmount, digits),
      order.discountCode ?? "",
      decimalAmount(order.subtotalAmount, digits),
      decimalAmount(order.shippingAmount, digits),
      decimalAmount(order.totalAmount, digits),
      decimalAmount(order.refundedAmount, digits),
      order.lines
        .map(
          (line) =>
            `${line.quantity} × ${line.productTitle} (${line.variantTitle})${line.sku === null ? "" : ` [${line.sku}]`}`,
        )
        .join("; "),
    ];
  });
  return stringify(records, {
    header: true,
    columns: [...csvColumns],
    bom: true,
    escape_formulas: true,
    record_delimiter: "windows",
  });
}

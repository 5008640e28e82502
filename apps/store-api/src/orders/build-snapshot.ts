import { orderToDoorDays } from "@herbo/hosted-api";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { currencies, markets, shippingRates, type CustomerDetails, type orders } from "../db/schema.ts";
import type { OrderSnapshot } from "../email/order-snapshot.ts";

type OrderRow = typeof orders.$inferSelect;

/** The wallets' names as shoppers know them, for "Khalti wallet" in emails (payments/khalti.ts, esewa.ts). */
export const walletNames: Readonly<Record<string, string>> = { khalti: "Khalti", esewa: "eSewa" };

/** The page an order's email links to; the token is its only key. */
export function orderPageUrl(publicUrl: string, accessToken: string): string {
  return `${publicUrl}/orders/${accessToken}`;
}

/** The order's printable invoice: its page's address with /invoice. */
export function invoiceUrl(publicUrl: string, accessToken: string): string {
  return `${orderPageUrl(publicUrl, accessToken)}/invoice`;
}

/**
 * An order as its emails show it, from the order row and its lines: the one way snapshots are made, when
 * the order is placed and whenever the back office emails about it later (shipped, cancelled).
 */
export async function buildOrderSnapshot(
  db: Pick<Database, "select">,
  order: OrderRow & { customer: CustomerDetails },
  lines: readonly {
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitAmount: number;
    discountAmount: number;
    offerLabel: string | null;
    codeDiscountAmount: number;
  }[],
  options: { shopName: string; publicUrl: string },
): Promise<OrderSnapshot> {
  const [currency] = await db.select().from(currencies).where(eq(currencies.code, order.currencyCode));
  const [market] = await db.select().from(markets).where(eq(markets.code, order.marketCode));
  const [rate] = await db
    .select()
    .from(shippingRates)
    .where(
      and(eq(shippingRates.countryCode, order.customer.country), eq(shippingRates.currencyCode, order.currencyCode)),
    );
  return {
    shopName: options.shopName,
    number: order.number,
    orderUrl: orderPageUrl(options.publicUrl, order.accessToken),
    placedAt: order.createdAt.toISOString(),
    timeZone: order.timeZone,
    currency: {
      code: order.currencyCode,
      symbol: currency?.symbol ?? null,
      template: currency?.template ?? null,
      decimalDigits: currency?.decimalDigits ?? null,
    },
    lines: lines.map((line) => ({
      productTitle: line.productTitle,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      lineAmount: line.unitAmount * line.quantity,
      // The line's quantity price; the code's share is stated once for the order.
      ...(line.discountAmount > line.codeDiscountAmount
        ? { discountAmount: line.discountAmount - line.codeDiscountAmount, offerLabel: line.offerLabel }
        : {}),
    })),
    ...(order.discountCode === null
      ? {}
      : { discountCode: order.discountCode, codeDiscountAmount: order.codeDiscountAmount }),
    subtotalAmount: order.subtotalAmount,
    shippingAmount: order.shippingAmount,
    totalAmount: order.totalAmount,
    customer: order.customer,
    paymentMethod: order.paymentMethod === "cod" || order.paymentMethod === "wallet" ? order.paymentMethod : "card",
    paymentProviderName: order.paymentMethod === "wallet" ? (walletNames[order.paymentProvider] ?? null) : null,
    paymentStatus: order.paymentStatus,
    cardLast4: order.cardLast4,
    ...(order.fulfilmentStatus === "unconfirmed" ? { awaitingConfirmation: true } : {}),
    deliveryDays: rate === undefined ? null : orderToDoorDays({ min: rate.minDays, max: rate.maxDays }),
    tax:
      order.taxName === null || order.taxRateBasisPoints === null || order.taxRegistration === null
        ? null
        : {
            name: order.taxName,
            rateBasisPoints: order.taxRateBasisPoints,
            registration: order.taxRegistration,
            amount: order.taxAmount,
          },
    taxExcluded: market?.pricesIncludeTax === false,
    taxIncluded: market?.pricesIncludeTax === true ? market.taxName : null,
    invoiceUrl: invoiceUrl(options.publicUrl, order.accessToken),
  };
}

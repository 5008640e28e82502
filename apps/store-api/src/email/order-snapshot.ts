import type { MoneyCurrency } from "@herbo/hosted-api";
import type { CustomerDetails, PaymentStatus } from "../db/schema.ts";

/**
 * An order as its emails and pages show it, fixed when the order was placed. It is stored in each
 * outbox row, so an email says what was true when it was written, whatever happens to the order later.
 */
export interface OrderSnapshot {
  shopName: string;
  number: string;
  /** The shopper's order page (an unguessable address on the store API). */
  orderUrl: string;
  /** ISO 8601. */
  placedAt: string;
  /** The shopper's time zone, for dates in emails; null when unknown. */
  timeZone: string | null;
  currency: Required<Pick<MoneyCurrency, "code" | "symbol" | "template" | "decimalDigits">>;
  lines: {
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitAmount: number;
    /** Unit × quantity, before the line's discount. */
    lineAmount: number;
    /** Taken off the line by an offer; missing when none (and in snapshots written before offers). */
    discountAmount?: number;
    /** The offer's name ("Buy 2, save 10 %"). */
    offerLabel?: string | null;
  }[];
  /** The discount code the order was placed with, and what it took off (missing when none). */
  discountCode?: string;
  codeDiscountAmount?: number;
  /** The items after their discounts. */
  subtotalAmount: number;
  shippingAmount: number;
  totalAmount: number;
  customer: CustomerDetails;
  paymentMethod: "card" | "cod" | "wallet";
  /** The wallet's name ("Khalti") for a wallet payment; missing in snapshots written before wallets. */
  paymentProviderName?: string | null;
  paymentStatus: PaymentStatus;
  cardLast4: string | null;
  /** A cash-on-delivery order the shop will confirm by phone before sending it (missing in older snapshots). */
  awaitingConfirmation?: boolean;
  /** Business days from the order to the door (handling plus transit), when the rate says. */
  deliveryDays: { min: number; max: number } | null;
  /**
   * The tax included in the total, when the shop was registered in the order's market; missing or null
   * otherwise, and in snapshots written before markets.
   */
  tax?: { name: string; rateBasisPoints: number; registration: string; amount: number } | null;
  /** True when the prices did not include tax (US, Canada): duties and taxes may be due on delivery. */
  taxExcluded?: boolean;
  /** The tax the prices included ("VAT", "GST"), where they did; missing in snapshots written before it was said. */
  taxIncluded?: string | null;
  /** The order's printable invoice (missing in snapshots written before invoices). */
  invoiceUrl?: string;
}

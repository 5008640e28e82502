import type { CustomerDetails } from "../db/schema.ts";
import type { OrderPayment } from "../orders/place-order.ts";

/** What a provider may know of the order it is asked to take. */
export interface PaymentContext {
  sessionId: string;
  customer: CustomerDetails;
  currencyCode: string;
  /** Lines plus shipping, minor units. */
  totalAmount: number;
  /** The formatted total, as the page shows it. */
  totalText: string;
}

export type AuthorizeOutcome =
  /** Place the order now. */
  | { kind: "authorized"; payment: OrderPayment }
  /** Show the payment step again with this message (never echoing what the shopper typed). */
  | { kind: "declined"; message: string };

/**
 * One way to pay on the hosted checkout (Medusa-style: the checkout never branches on a provider's name).
 * Adding a provider is a new file implementing this, listed in PAYMENT_METHODS.
 */
export interface PaymentProvider {
  /** Its name in PAYMENT_METHODS and in the form's address: "sandbox", "cod", … */
  readonly id: string;
  readonly method: OrderPayment["method"];
  /** Whether it can take an order to this country in this currency. */
  isAvailable(order: { country: string; currencyCode: string }): boolean;
  /** Its part of the payment step: a heading and a form posting to `action`. */
  renderSection(view: { action: string; context: PaymentContext; error: string | null }): string;
  /** Handles that form's POST. */
  authorize(context: PaymentContext, form: Readonly<Record<string, unknown>>, now: Date): Promise<AuthorizeOutcome>;
}

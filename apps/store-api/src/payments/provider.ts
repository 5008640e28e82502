import type { CustomerDetails } from "../db/schema.ts";
import type { RefundRequest } from "../orders/refund-request.ts";
import type { PaymentSection } from "../pages/kit.ts";
import type { OrderPayment } from "../orders/place-order.ts";

/** What a provider knows of a payment it started: the parts of a payment attempt it reads. */
export interface ProviderAttempt {
  id: string;
  sessionId: string;
  /** The provider's id for it (Stripe Checkout Session id, Khalti pidx, eSewa transaction_uuid). */
  reference: string;
  /** Minor units of `currencyCode`. */
  amount: number;
  currencyCode: string;
  /** The same amount in the provider's own units, as sent to it. */
  providerAmount: number;
  expiresAt: Date;
  redirectUrl: string | null;
  /** The delivery details the payment was started with, for a provider that asks for the billing address. */
  customer?: CustomerDetails;
}

/** What a provider may know of the order it is asked to take. */
export interface PaymentContext {
  sessionId: string;
  customer: CustomerDetails;
  currencyCode: string;
  /** The currency's minor digits (NPR: 2), for providers that count in other units. */
  decimalDigits: number;
  /** The lines, minor units. */
  subtotalAmount: number;
  /** Lines plus shipping, minor units. */
  totalAmount: number;
  /** The formatted total, as the page shows it. */
  totalText: string;
  /** The lines as priced on the server, minor units. */
  lines: readonly {
    title: string;
    quantity: number;
    unitAmount: number;
    /** Taken off the line (unit × quantity) by an offer: the subtotal is the lines less these. */
    discountAmount: number;
    offerLabel: string | null;
  }[];
  shippingAmount: number;
  /** When the session's reservation ends. */
  holdExpiresAt: Date;
  /** A new id for this attempt: the provider's idempotency key and our reference where it needs one. */
  attemptId: string;
  /** Where the provider sends the shopper back (our return route for this session and provider). */
  returnUrl: string;
  /** The payment step, for a shopper who turns back at the provider. */
  paymentStepUrl: string;
  /** The shop's public origin, for providers that ask for the merchant's website. */
  siteUrl: string;
  /** The payment methods the checkout's market offers; null when it names none. */
  marketMethods: readonly string[] | null;
}

/** A payment started at a provider: recorded as a payment attempt before the shopper is sent there. */
export interface StartedPayment {
  /** The provider's id for it (Stripe Checkout Session id, Khalti pidx, eSewa transaction_uuid). */
  reference: string;
  /** What the provider was asked to charge, in our minor units of the session's currency. */
  amount: number;
  currencyCode: string;
  /** The same amount in the provider's own units, as sent to it. */
  providerAmount: number;
  /** When the provider stops accepting it. */
  expiresAt: Date;
  /** Where to send the shopper; null when the provider takes a posted form (see `continueTo`). */
  redirectUrl: string | null;
}

export type InitiateOutcome =
  /** Place the order now (sandbox card, cash on delivery). */
  | { kind: "authorized"; payment: OrderPayment }
  /** Show the payment step again with this message (never echoing what the shopper typed). */
  | { kind: "declined"; message: string }
  /** Send the shopper to the provider; the order is placed once the provider confirms. */
  | { kind: "redirect"; started: StartedPayment };

/** What a provider says about a payment attempt. */
export type ProviderVerdict =
  /** Paid: the amount in the provider's units and the currency it reports, checked against the attempt. */
  | { status: "paid"; providerAmount: number; currencyCode: string; payment: OrderPayment }
  /** Not decided yet: the shopper is still at the provider, or the money is on its way. */
  | { status: "pending" }
  /** It will not be paid: cancelled, expired or declined. */
  | { status: "failed"; reason: string }
  /** The answer does not belong to this attempt (another session's reference, a bad signature). */
  | { status: "refused"; reason: string };

/** Where the shopper goes to pay: a page address, or a form to post (eSewa). */
export type ContinueTarget = { url: string } | { form: { action: string; fields: Record<string, string> } };

/** What a provider's webhook asks of us, after its signature was checked. */
export type WebhookAction =
  /** A payment attempt's outcome: settle it. */
  | { action: "settle"; reference: string; sessionId: string | null; verdict: ProviderVerdict }
  /**
   * A signed reply that the provider itself judges against the attempt it names (authorizePayment with
   * these fields), so a notification and the shopper's return are read by one rule (Cybersource).
   */
  | { action: "authorize"; reference: string; returned: Readonly<Record<string, string>> }
  /** A genuine event we do not act on. */
  | { action: "ignore" }
  /** Not from the provider, too old, or unreadable: refuse, write nothing. */
  | { action: "refuse"; reason: string };

/**
 * One way to pay on the hosted checkout (after Medusa's payment providers: initiate, authorize, refund,
 * webhook action). The checkout never branches on a provider's name; adding a provider is a new file
 * implementing this, listed in the registry and named in PAYMENT_METHODS.
 */
export interface PaymentProvider {
  /** Its name in PAYMENT_METHODS and in the form's address: "sandbox", "cod", "stripe", … */
  readonly id: string;
  /** How it is named to the shopper ("Khalti"). */
  readonly displayName: string;
  /** Whether it can take an order to this country in this currency. */
  isAvailable(order: { country: string; currencyCode: string; decimalDigits: number; totalAmount: number }): boolean;
  /** Its part of the payment step, as data the page kit draws: heading, text, fields and the button. */
  section(context: PaymentContext): PaymentSection;
  /** Handles that form's POST: pays at once, declines, or starts a payment at the provider. */
  initiatePayment(
    context: PaymentContext,
    form: Readonly<Record<string, unknown>>,
    now: Date,
  ): Promise<InitiateOutcome>;
  /** For a started payment: where the shopper goes to pay it. */
  continueTo?(attempt: ProviderAttempt): ContinueTarget;
  /** For a started payment: the reference a return from the provider claims (never trusted alone). */
  referenceFromReturn?(query: Readonly<Record<string, string>>): string | undefined;
  /**
   * Asks the provider about a started payment (on the shopper's return, or from reconciliation with
   * no `returned`); throws when the provider cannot be reached.
   */
  authorizePayment?(
    attempt: ProviderAttempt,
    returned: Readonly<Record<string, string>> | undefined,
    now: Date,
  ): Promise<ProviderVerdict>;
  /** Reads a webhook: checks its signature on the raw body before anything else. */
  getWebhookActionAndData?(
    webhook: { rawBody: Buffer; headers: Readonly<Record<string, unknown>> },
    now: Date,
  ): WebhookAction;
  /** Stops a started payment from being paid later (the shopper cancelled the checkout). */
  cancelPayment?(attempt: ProviderAttempt): Promise<void>;
  /** Gives a paid order's money back; throws with a reason the owner can read when it cannot. */
  refundPayment?(refund: RefundRequest): Promise<{ refundReference: string }>;
  /** Origins the payment step's forms may post to (a provider that takes a posted form). */
  readonly formOrigins?: readonly string[];
}

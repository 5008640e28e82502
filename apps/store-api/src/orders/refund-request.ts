/**
 * What a refund asks of the provider that took the money (payments/provider.ts implements it): the
 * orders own their refunds, and know providers only by this.
 */
export interface RefundRequest {
  /** The provider's id for the money taken (a Stripe PaymentIntent id, a Khalti transaction id). */
  reference: string;
  /** The payment attempt's reference (a Checkout Session id, a Khalti pidx), when the order has one. */
  attemptReference: string | null;
  /** Minor units of `currencyCode`. */
  amount: number;
  currencyCode: string;
  decimalDigits: number;
  /** Whether this gives back everything that was captured (some providers take no amount then). */
  whole: boolean;
  /** The same key for a repeated request, so the provider refunds once. */
  idempotencyKey: string;
}

/** A provider as a refund sees it: one that can send money back, or not. */
export interface RefundingProvider {
  readonly id: string;
  /** Gives a paid order's money back; throws with a reason the owner can read when it cannot. */
  refundPayment?(refund: RefundRequest): Promise<{ refundReference: string }>;
}

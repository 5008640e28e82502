import Stripe from "stripe";
import type { PaymentProvider, ProviderVerdict, WebhookAction, ProviderAttempt } from "./provider.ts";
import { stripeMinimumCharge } from "@herbo/hosted-api";
import { convertMinorUnits } from "./provider-amount.ts";
import type { StripeSettings } from "./stripe-settings.ts";

// Currencies Stripe charges and how it counts them (docs.stripe.com/currencies: "Presentment currencies",
// "Zero-decimal currencies", "Three-decimal currencies"). Anything else is not offered.
const zeroDecimal = new Set("BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF".split(" "));
const threeDecimal = new Set("BHD JOD KWD OMR TND".split(" "));
const twoDecimal = new Set(
  (
    "USD AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BWP BYN BZD CAD CDF CHF " +
    "CNY COP CRC CVE CZK DKK DOP DZD EGP ETB EUR FJD FKP GBP GEL GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR " +
    "ISK JMD KES KGS KHR KYD KZT LAK LBP LKR LRD LSL MAD MDL MKD MMK MNT MOP MUR MVR MWK MXN MYR MZN NAD NGN " +
    "NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SEK SGD SHP SLE SOS SRD SZL THB TJS " +
    "TOP TRY TTD TWD TZS UAH UYU UZS WST XCD YER ZAR ZMW"
  ).split(" "),
);

/** How many minor digits Stripe uses for a currency; undefined when Stripe does not charge it. */
export function stripeDecimalDigits(currencyCode: string): number | undefined {
  const code = currencyCode.toUpperCase();
  if (zeroDecimal.has(code)) return 0;
  if (threeDecimal.has(code)) return 3;
  return twoDecimal.has(code) ? 2 : undefined;
}

/** Stripe Checkout accepts an `expires_at` from 30 minutes to 24 hours ahead (Checkout Sessions API, create). */
const minimumLifetimeMs = 31 * 60_000;
const maximumLifetimeMs = 23 * 60 * 60_000;
/** How old a signed webhook may be (the SDK's default tolerance, 5 minutes), and how far ahead of our clock. */
const webhookToleranceSeconds = 300;
/** A Checkout Session id as Stripe writes it (cs_test_…, cs_live_…), so a NUL never reaches a query. */
const checkoutSessionIdFormat = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * Whether a Stripe-Signature header was signed more than the tolerance ahead of `now`. The SDK refuses only
 * old signatures; one from the future is a clock far off or a signature made to be replayed later.
 */
export function isSignedInTheFuture(signature: string, now: Date, toleranceSeconds = webhookToleranceSeconds): boolean {
  const timestamps = signature
    .split(",")
    .map((part) => /^\s*t=(\d{1,12})\s*$/.exec(part)?.[1])
    .filter((value) => value !== undefined)
    .map(Number);
  return timestamps.some((timestamp) => timestamp > Math.floor(now.getTime() / 1000) + toleranceSeconds);
}

function clientOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "herbo-store-api" },
  } as const;
  if (apiUrl === undefined) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...base, host: url.hostname, port: url.port === "" ? (protocol === "http" ? 80 : 443) : url.port, protocol };
}

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (intent === null) return null;
  return typeof intent === "string" ? intent : intent.id;
}

/** Our reading of a Checkout Session (docs.stripe.com/api/checkout/sessions/object: status, payment_status). */
export function verdictOfSession(session: Stripe.Checkout.Session, sessionId: string): ProviderVerdict {
  if (session.client_reference_id !== sessionId) {
    return { status: "refused", reason: "The Stripe Checkout Session belongs to another checkout" };
  }
  if (session.status === "expired") return { status: "failed", reason: "The Stripe Checkout Session expired" };
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if (session.status !== "complete" || !paid) return { status: "pending" };
  if (session.amount_total === null || session.currency === null) {
    return { status: "refused", reason: "The Stripe Checkout Session has no amount" };
  }
  return {
    status: "paid",
    providerAmount: session.amount_total,
    currencyCode: session.currency.toUpperCase(),
    payment: {
      method: "card",
      provider: "stripe",
      providerName: "Stripe",
      // Refunds name the PaymentIntent (docs.stripe.com/api/refunds/create).
      reference: paymentIntentId(session) ?? session.id,
      cardLast4: null,
    },
  };
}

/**
 * Cards through Stripe Checkout (docs.stripe.com/payments/checkout, /checkout/fulfillment): a Checkout
 * Session built from the server's lines and shipping, the shopper pays on Stripe's page, and the order is
 * placed by the signed webhook or by the return, whichever comes first.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));

  return {
    id: "stripe",
    displayName: "Stripe",
    // Stripe refuses charges under its minimum per currency; a currency without one listed is not offered.
    isAvailable: ({ currencyCode, totalAmount }) => {
      const minimum = stripeMinimumCharge[currencyCode.toUpperCase()];
      return stripeDecimalDigits(currencyCode) !== undefined && minimum !== undefined && totalAmount >= minimum;
    },
    section: (context) => ({
      id: "stripe",
      heading: "Pay by card",
      paragraphs: [
        {
          text: [
            "You enter your card on Stripe's secure page, then come back here. Visa, Mastercard and American Express are accepted.",
          ],
        },
      ],
      button: ["Pay ", { nowrap: context.totalText }, " by card"],
    }),

    async initiatePayment(context, _form, now) {
      const digits = stripeDecimalDigits(context.currencyCode);
      const toStripe = (amount: number) =>
        digits === undefined ? undefined : convertMinorUnits(amount, context.decimalDigits, digits);
      // A discounted line goes to Stripe as one item of what it costs after the offer, named with the offer,
      // so Stripe's page and total say exactly what the checkout says.
      const items = context.lines.map((line) =>
        line.discountAmount === 0
          ? { name: line.title, quantity: line.quantity, unitAmount: line.unitAmount }
          : {
              name: `${line.title} × ${line.quantity}, ${line.offerLabel ?? "discounted"}`,
              quantity: 1,
              unitAmount: line.unitAmount * line.quantity - line.discountAmount,
            },
      );
      const lineAmounts = items.map((item) => toStripe(item.unitAmount));
      const shipping = toStripe(context.shippingAmount);
      const total = toStripe(context.totalAmount);
      if (lineAmounts.some((amount) => amount === undefined) || shipping === undefined || total === undefined) {
        return { kind: "declined", message: "Card payment cannot take this amount. Please choose another way to pay." };
      }
      const currency = context.currencyCode.toLowerCase();
      const lifetime = Math.min(
        Math.max(context.holdExpiresAt.getTime() - now.getTime(), minimumLifetimeMs),
        maximumLifetimeMs,
      );
      // docs.stripe.com/api/checkout/sessions/create; the idempotency key makes a retried request create one session.
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: context.sessionId,
          customer_email: context.customer.email,
          line_items: items.map((item, index) => ({
            quantity: item.quantity,
            price_data: { currency, unit_amount: lineAmounts[index] ?? 0, product_data: { name: item.name } },
          })),
          shipping_options: [
            {
              shipping_rate_data: {
                type: "fixed_amount",
                display_name: "Delivery",
                fixed_amount: { amount: shipping, currency },
              },
            },
          ],
          success_url: `${context.returnUrl}?reference={CHECKOUT_SESSION_ID}`,
          cancel_url: context.paymentStepUrl,
          expires_at: Math.floor((now.getTime() + lifetime) / 1000),
          metadata: { checkout_session: context.sessionId },
          payment_intent_data: { metadata: { checkout_session: context.sessionId } },
        },
        { idempotencyKey: context.attemptId },
      );
      if (session.url === null || session.amount_total !== total || session.currency !== currency) {
        throw new Error("Stripe answered a Checkout Session that does not match the order");
      }
      return {
        kind: "redirect",
        started: {
          reference: session.id,
          amount: context.totalAmount,
          currencyCode: context.currencyCode,
          providerAmount: total,
          expiresAt: new Date(session.expires_at * 1000),
          redirectUrl: session.url,
        },
      };
    },

    continueTo(attempt: ProviderAttempt) {
      if (attempt.redirectUrl === null) throw new Error("A Stripe payment attempt has no Checkout URL");
      return { url: attempt.redirectUrl };
    },

    referenceFromReturn: (query) =>
      query.reference !== undefined && checkoutSessionIdFormat.test(query.reference) ? query.reference : undefined,

    async authorizePayment(attempt) {
      // The return's query proves nothing: the Checkout Session is read from Stripe.
      const session = await stripe.checkout.sessions.retrieve(attempt.reference);
      return verdictOfSession(session, attempt.sessionId);
    },

    getWebhookActionAndData({ rawBody, headers }, now): WebhookAction {
      const signature = headers["stripe-signature"];
      if (typeof signature !== "string") return { action: "refuse", reason: "No Stripe-Signature header" };
      if (isSignedInTheFuture(signature, now)) {
        return { action: "refuse", reason: "Webhook signed more than 5 minutes ahead of our clock" };
      }
      let event: Stripe.Event;
      try {
        // docs.stripe.com/webhooks#verify-events: the signature covers the raw body and a timestamp.
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          webhookToleranceSeconds,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        return { action: "refuse", reason: error instanceof Error ? error.message : "Unreadable webhook" };
      }
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
        case "checkout.session.expired": {
          const session = event.data.object;
          return {
            action: "settle",
            reference: session.id,
            sessionId: session.client_reference_id,
            verdict: verdictOfSession(session, session.client_reference_id ?? ""),
          };
        }
        case "checkout.session.async_payment_failed": {
          const session = event.data.object;
          return {
            action: "settle",
            reference: session.id,
            sessionId: session.client_reference_id,
            verdict: { status: "failed", reason: "The delayed payment failed" },
          };
        }
        default:
          return { action: "ignore" };
      }
    },

    async cancelPayment(attempt) {
      // docs.stripe.com/api/checkout/sessions/expire: only an open session can be expired.
      await stripe.checkout.sessions.expire(attempt.reference);
    },

    async refundPayment(refund) {
      const digits = stripeDecimalDigits(refund.currencyCode);
      const amount = digits === undefined ? undefined : convertMinorUnits(refund.amount, refund.decimalDigits, digits);
      if (amount === undefined) throw new Error(`Stripe cannot refund ${refund.currencyCode} ${refund.amount}`);
      // A whole refund names no amount: Stripe gives back everything it captured, whatever that was.
      const created = await stripe.refunds.create(
        refund.whole ? { payment_intent: refund.reference } : { payment_intent: refund.reference, amount },
        { idempotencyKey: refund.idempotencyKey },
      );
      if (created.status === "failed" || created.status === "canceled") {
        throw new Error(`Stripe refund ${created.id} ${created.status}`);
      }
      return { refundReference: created.id };
    },
  };
}

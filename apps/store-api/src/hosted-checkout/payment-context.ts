import { randomBytes } from "node:crypto";
import { decimalDigitsOf, formatMoney, type MoneyCurrency } from "@herbo/hosted-api";
import type { PaymentContext, PaymentProvider } from "../payments/provider.ts";
import { providerReturnUrl } from "../payments/registry.ts";
import type { SessionWithLines } from "../checkout/sessions.ts";

/**
 * What a provider is told about the order on the payment step: the checkout's lines, its details and
 * shipping as they are now, and a new attempt id. Undefined before the details are in.
 */
export function paymentContextOf(
  order: SessionWithLines,
  currency: MoneyCurrency | undefined,
  links: { publicUrl: string; siteUrl: string; providerId?: string },
  market: { paymentMethods: readonly string[] } | undefined,
): PaymentContext | undefined {
  const { session } = order;
  if (session.customer === null || session.shippingAmount === null) return undefined;
  const totalAmount = session.totalAmount + session.shippingAmount;
  return {
    sessionId: session.id,
    customer: session.customer,
    currencyCode: session.currencyCode,
    decimalDigits: decimalDigitsOf(currency),
    subtotalAmount: session.totalAmount,
    totalAmount,
    totalText: formatMoney(totalAmount, currency ?? {}),
    lines: order.lines.map((line) => ({
      title: line.variantTitle.trim() === "" ? line.productTitle : `${line.productTitle} (${line.variantTitle})`,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      discountAmount: line.discountAmount,
      offerLabel: line.offerLabel,
    })),
    shippingAmount: session.shippingAmount,
    holdExpiresAt: session.expiresAt,
    attemptId: `pa_${randomBytes(18).toString("base64url")}`,
    returnUrl: providerReturnUrl(links.publicUrl, session.id, links.providerId ?? ""),
    paymentStepUrl: `${links.publicUrl}/checkout/${encodeURIComponent(session.id)}`,
    siteUrl: links.siteUrl,
    marketMethods: market === undefined ? null : market.paymentMethods,
  };
}

/**
 * The providers that can take this order, in PAYMENT_METHODS' order: those its market offers, that take
 * its country, currency and amount.
 */
export function offeredProviders(providers: readonly PaymentProvider[], context: PaymentContext): PaymentProvider[] {
  return providers.filter(
    (provider) =>
      (context.marketMethods === null || context.marketMethods.includes(provider.id)) &&
      provider.isAvailable({
        country: context.customer.country,
        currencyCode: context.currencyCode,
        decimalDigits: context.decimalDigits,
        totalAmount: context.totalAmount,
      }),
  );
}

import { cashOnDeliveryProvider } from "./cash-on-delivery.ts";
import { createCybersourceProvider } from "./cybersource.ts";
import { createEsewaProvider } from "./esewa.ts";
import { createKhaltiProvider } from "./khalti.ts";
import { requiredSettingsOf, type PaymentSettings } from "./payment-settings.ts";
import type { PaymentProvider } from "./provider.ts";
import { sandboxCardProvider } from "./sandbox-card.ts";
import { createStripeProvider } from "./stripe-checkout.ts";

/** Every way to pay the shop knows, by its name in PAYMENT_METHODS. */
export const paymentMethodNames = ["sandbox", "cod", "stripe", "khalti", "esewa", "cybersource"] as const;
export type PaymentMethodName = (typeof paymentMethodNames)[number];

export const defaultPaymentMethods = ["sandbox", "cod"] as const;

/** Where a provider sends the shopper back: the hosted checkout's return route for that provider. */
export function providerReturnUrl(publicUrl: string, sessionId: string, providerId: string): string {
  return `${publicUrl}/checkout/${encodeURIComponent(sessionId)}/return/${providerId}`;
}

function isMethodName(name: string): name is PaymentMethodName {
  return (paymentMethodNames as readonly string[]).includes(name);
}

/**
 * The providers named in PAYMENT_METHODS, in its order, built with their settings; throws naming an
 * unknown method or one whose keys are missing (loadConfig reports the same at start-up).
 */
export function createProviders(
  names: readonly string[],
  settings: PaymentSettings,
  context: { publicUrl: string; shopName: string },
): PaymentProvider[] {
  const missing = (name: string) =>
    new Error(`Payment method "${name}" needs ${requiredSettingsOf(name).join(" and ")}`);
  return names.map((name) => {
    if (!isMethodName(name)) {
      throw new Error(`Unknown payment method "${name}" (known: ${paymentMethodNames.join(", ")})`);
    }
    switch (name) {
      case "sandbox":
        return sandboxCardProvider;
      case "cod":
        return cashOnDeliveryProvider;
      case "stripe":
        if (settings.stripe === undefined) throw missing(name);
        return createStripeProvider(settings.stripe);
      case "khalti":
        if (settings.khalti === undefined) throw missing(name);
        return createKhaltiProvider(settings.khalti, { shopName: context.shopName });
      case "esewa":
        if (settings.esewa === undefined) throw missing(name);
        return createEsewaProvider(settings.esewa, {
          returnUrl: (sessionId) => providerReturnUrl(context.publicUrl, sessionId, "esewa"),
        });
      case "cybersource":
        if (settings.cybersource === undefined) throw missing(name);
        return createCybersourceProvider(settings.cybersource, {
          returnUrl: (sessionId) => providerReturnUrl(context.publicUrl, sessionId, "cybersource"),
        });
    }
  });
}

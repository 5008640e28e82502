import { cashOnDeliveryProvider } from "./cash-on-delivery.ts";
import type { PaymentProvider } from "./provider.ts";
import { sandboxCardProvider } from "./sandbox-card.ts";

/** Every provider the shop knows, by its name in PAYMENT_METHODS. */
export const knownProviders: Readonly<Record<string, PaymentProvider>> = {
  sandbox: sandboxCardProvider,
  cod: cashOnDeliveryProvider,
};

export const defaultPaymentMethods = ["sandbox", "cod"] as const;

/** The providers named in PAYMENT_METHODS, in its order; throws naming an unknown one. */
export function providersFor(names: readonly string[]): PaymentProvider[] {
  return names.map((name) => {
    const provider = knownProviders[name];
    if (provider === undefined) {
      throw new Error(`Unknown payment method "${name}" (known: ${Object.keys(knownProviders).join(", ")})`);
    }
    return provider;
  });
}

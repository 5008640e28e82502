import { z } from "zod";
import { describeProviderSettings } from "./provider-settings.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a test fake, an egress proxy); unset, the SDK's own (api.stripe.com). */
  apiUrl: string | undefined;
}

/** Stripe Checkout's keys (never shown on a page or in a log) and its API origin. */
export const stripeSettings = describeProviderSettings({
  environment: {
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]{8,}$/, "expected a Stripe secret key (sk_… or rk_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=_]{8,}$/, "expected a Stripe signing secret (whsec_…)")
      .optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  },
  required: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
  settingsOf(values): StripeSettings | undefined {
    if (values.STRIPE_SECRET_KEY === undefined || values.STRIPE_WEBHOOK_SECRET === undefined) return undefined;
    return {
      secretKey: values.STRIPE_SECRET_KEY,
      webhookSecret: values.STRIPE_WEBHOOK_SECRET,
      apiUrl: values.STRIPE_API_URL,
    };
  },
});

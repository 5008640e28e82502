import type { z } from "zod";
import { cybersourceSettings, type CybersourceSettings } from "./cybersource-settings.ts";
import { esewaSettings, type EsewaSettings } from "./esewa-settings.ts";
import { khaltiSettings, type KhaltiSettings } from "./khalti-settings.ts";
import { stripeSettings, type StripeSettings } from "./stripe-settings.ts";

/** Each provider's own settings, present when its keys are set. */
export interface PaymentSettings {
  stripe?: StripeSettings;
  khalti?: KhaltiSettings;
  esewa?: EsewaSettings;
  cybersource?: CybersourceSettings;
}

/** The methods that need keys, each with how it reads them; the sandbox card and cash on delivery need none. */
const providersWithKeys = {
  stripe: stripeSettings,
  khalti: khaltiSettings,
  esewa: esewaSettings,
  cybersource: cybersourceSettings,
} as const;

type MethodWithKeys = keyof typeof providersWithKeys;

/**
 * Every provider's environment keys with their checks, for the store API's settings schema. The keys are
 * secrets: a bad one is reported by name and message, never by its value.
 */
export const paymentEnvironment = {
  ...stripeSettings.environment,
  ...khaltiSettings.environment,
  ...esewaSettings.environment,
  ...cybersourceSettings.environment,
};

/** The parsed values of paymentEnvironment. */
export type PaymentEnvironmentValues = z.output<z.ZodObject<typeof paymentEnvironment>>;

function hasKeys(method: string): method is MethodWithKeys {
  return Object.hasOwn(providersWithKeys, method);
}

/** The settings a method needs before it may be named in PAYMENT_METHODS (none for one without keys). */
export function requiredSettingsOf(method: string): readonly string[] {
  return hasKeys(method) ? providersWithKeys[method].required : [];
}

/** The providers' settings that are complete; a method named without its keys is reported by loadConfig. */
export function paymentSettingsOf(values: PaymentEnvironmentValues): PaymentSettings {
  const stripe = stripeSettings.settingsOf(values);
  const khalti = khaltiSettings.settingsOf(values);
  const esewa = esewaSettings.settingsOf(values);
  const cybersource = cybersourceSettings.settingsOf(values);
  return {
    ...(stripe === undefined ? {} : { stripe }),
    ...(khalti === undefined ? {} : { khalti }),
    ...(esewa === undefined ? {} : { esewa }),
    ...(cybersource === undefined ? {} : { cybersource }),
  };
}

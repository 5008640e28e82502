import type { z } from "zod";

/**
 * How one payment provider reads its settings from the store API's environment. payment-settings.ts gathers
 * every provider's description, and config.ts merges their environments into its own schema, so a bad key is
 * reported at start-up beside every other bad setting.
 */
export interface ProviderSettingsDescription<Environment extends z.ZodRawShape, Settings> {
  /** Each environment key the provider reads, with its check and the message a bad value gets. */
  environment: Environment;
  /** The keys that must be set before PAYMENT_METHODS may name the provider. */
  required: readonly (keyof Environment & string)[];
  /** The provider's settings from its parsed keys; undefined while a required key is unset. */
  settingsOf(values: z.output<z.ZodObject<Environment>>): Settings | undefined;
}

/** The description as written, with `settingsOf`'s values typed by the environment beside it. */
export function describeProviderSettings<Environment extends z.ZodRawShape, Settings>(
  description: ProviderSettingsDescription<Environment, Settings>,
): ProviderSettingsDescription<Environment, Settings> {
  return description;
}

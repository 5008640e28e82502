import { z } from "zod";
import { describeProviderSettings } from "./provider-settings.ts";

export interface KhaltiSettings {
  secretKey: string;
  /** Khalti's origin: https://khalti.com in production, https://dev.khalti.com for its sandbox, or a fake. */
  apiUrl: string;
}

/** Khalti's live secret key (never shown on a page or in a log) and its API origin. */
export const khaltiSettings = describeProviderSettings({
  environment: {
    KHALTI_SECRET_KEY: z.string().min(8, "expected Khalti's live secret key").optional(),
    KHALTI_API_URL: z.url({ protocol: /^https?$/ }).default("https://khalti.com"),
  },
  required: ["KHALTI_SECRET_KEY"],
  settingsOf(values): KhaltiSettings | undefined {
    if (values.KHALTI_SECRET_KEY === undefined) return undefined;
    return { secretKey: values.KHALTI_SECRET_KEY, apiUrl: values.KHALTI_API_URL };
  },
});

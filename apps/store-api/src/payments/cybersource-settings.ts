import { z } from "zod";
import { describeProviderSettings } from "./provider-settings.ts";

/** A Secure Acceptance security key: the access key names it, the secret key signs with it. */
export interface CybersourceKey {
  accessKey: string;
  secretKey: string;
}

/** Cybersource REST credentials ("REST – Shared Secret" keys in the Business Center), when the bank grants them. */
export interface CybersourceRestSettings {
  merchantId: string;
  keyId: string;
  /** The shared secret as the Business Center shows it: base64. */
  sharedSecret: string;
  /** https://apitest.cybersource.com, https://api.cybersource.com, or a fake. */
  apiUrl: string;
}

export interface CybersourceSettings {
  /** How the shopper knows the gateway: the acquiring bank's name ("NIC Asia Bank"), or "Cybersource". */
  displayName?: string | undefined;
  profileId: string;
  /** The key new requests are signed with. */
  key: CybersourceKey;
  /** The key being retired during a rotation: replies to requests it signed are still read. */
  previousKey?: CybersourceKey | undefined;
  /** The hosted payment page: https://testsecureacceptance.cybersource.com/pay, or the live one, or a fake. */
  payUrl: string;
  /** The currencies the bank settles; the method is offered only for checkouts in one of them. */
  currencies: readonly string[];
  /** REST API credentials, when the bank grants them: refunds go through the API. */
  rest?: CybersourceRestSettings | undefined;
}

const environment = {
  // Secure Acceptance (a Nepali bank's card gateway): the profile and its security key (never shown on a page
  // or in a log), a second key while the first is rotated out, and the currencies the bank settles.
  CYBERSOURCE_PROFILE_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "expected the Secure Acceptance profile id")
    .optional(),
  CYBERSOURCE_ACCESS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, "expected the Secure Acceptance access key")
    .optional(),
  CYBERSOURCE_SECRET_KEY: z.string().min(16, "expected the Secure Acceptance secret key").optional(),
  CYBERSOURCE_PREVIOUS_ACCESS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, "expected the retiring key's access key")
    .optional(),
  CYBERSOURCE_PREVIOUS_SECRET_KEY: z.string().min(16, "expected the retiring key's secret key").optional(),
  CYBERSOURCE_DISPLAY_NAME: z
    .string()
    .regex(/^[\p{L}\p{N} .&'-]{2,40}$/u, "expected the bank's name as shoppers know it")
    .optional(),
  CYBERSOURCE_URL: z.url({ protocol: /^https?$/ }).default("https://testsecureacceptance.cybersource.com/pay"),
  CYBERSOURCE_CURRENCIES: z
    .string()
    .default("USD,NPR")
    .transform((value) =>
      value
        .split(",")
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code !== ""),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{3}$/, "expected ISO currency codes, e.g. USD,NPR")).min(1)),
  // Its REST API, when the bank grants REST credentials: refunds go through it.
  CYBERSOURCE_MERCHANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, "expected the Cybersource merchant id")
    .optional(),
  CYBERSOURCE_REST_KEY_ID: z.string().uuid("expected the REST shared-secret key id").optional(),
  CYBERSOURCE_REST_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9+/]{20,}={0,2}$/, "expected the REST shared secret (base64)")
    .optional(),
  CYBERSOURCE_REST_URL: z.url({ protocol: /^https?$/ }).default("https://apitest.cybersource.com"),
};

type CybersourceValues = z.output<z.ZodObject<typeof environment>>;

/** The retiring key, when both of its halves are set. */
function previousKeyOf(values: CybersourceValues): CybersourceKey | undefined {
  if (values.CYBERSOURCE_PREVIOUS_ACCESS_KEY === undefined || values.CYBERSOURCE_PREVIOUS_SECRET_KEY === undefined) {
    return undefined;
  }
  return { accessKey: values.CYBERSOURCE_PREVIOUS_ACCESS_KEY, secretKey: values.CYBERSOURCE_PREVIOUS_SECRET_KEY };
}

/** The REST credentials, when all three are set; without them refunds are made by hand. */
function restOf(values: CybersourceValues): CybersourceRestSettings | undefined {
  if (
    values.CYBERSOURCE_MERCHANT_ID === undefined ||
    values.CYBERSOURCE_REST_KEY_ID === undefined ||
    values.CYBERSOURCE_REST_SECRET === undefined
  ) {
    return undefined;
  }
  return {
    merchantId: values.CYBERSOURCE_MERCHANT_ID,
    keyId: values.CYBERSOURCE_REST_KEY_ID,
    sharedSecret: values.CYBERSOURCE_REST_SECRET,
    apiUrl: values.CYBERSOURCE_REST_URL,
  };
}

/** The bank's Secure Acceptance profile and keys, its rotation key, currencies and REST credentials. */
export const cybersourceSettings = describeProviderSettings({
  environment,
  required: ["CYBERSOURCE_PROFILE_ID", "CYBERSOURCE_ACCESS_KEY", "CYBERSOURCE_SECRET_KEY"],
  settingsOf(values): CybersourceSettings | undefined {
    if (
      values.CYBERSOURCE_PROFILE_ID === undefined ||
      values.CYBERSOURCE_ACCESS_KEY === undefined ||
      values.CYBERSOURCE_SECRET_KEY === undefined
    ) {
      return undefined;
    }
    return {
      displayName: values.CYBERSOURCE_DISPLAY_NAME,
      profileId: values.CYBERSOURCE_PROFILE_ID,
      key: { accessKey: values.CYBERSOURCE_ACCESS_KEY, secretKey: values.CYBERSOURCE_SECRET_KEY },
      previousKey: previousKeyOf(values),
      payUrl: values.CYBERSOURCE_URL,
      currencies: values.CYBERSOURCE_CURRENCIES,
      rest: restOf(values),
    };
  },
});

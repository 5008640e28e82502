import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cybersourceSettings } from "./cybersource-settings.ts";

const schema = z.object(cybersourceSettings.environment);
const profile = {
  CYBERSOURCE_PROFILE_ID: "0FFEAB12-3C4D",
  CYBERSOURCE_ACCESS_KEY: "a1b2c3d4e5f60718",
  CYBERSOURCE_SECRET_KEY: "secret-key-0123456789",
};
const rest = {
  CYBERSOURCE_MERCHANT_ID: "herbo_np",
  CYBERSOURCE_REST_KEY_ID: "08c94330-f618-42a3-b09d-e1e43be5efda",
  CYBERSOURCE_REST_SECRET: "c2hhcmVkIHNlY3JldCBieXRlcyE=",
};

/** The messages a parse of these values gives, one "KEY: message" each. */
function problemsOf(values: Record<string, string>): string[] {
  const parsed = schema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("Cybersource's settings", () => {
  it("need the profile, its access key and its secret key", () => {
    expect(cybersourceSettings.required).toEqual([
      "CYBERSOURCE_PROFILE_ID",
      "CYBERSOURCE_ACCESS_KEY",
      "CYBERSOURCE_SECRET_KEY",
    ]);
    for (const left of Object.keys(profile)) {
      const partial = Object.fromEntries(Object.entries(profile).filter(([key]) => key !== left));
      expect(cybersourceSettings.settingsOf(schema.parse(partial))).toBeUndefined();
    }
  });

  it("pay on the test page in USD and NPR by default, with no previous key and no REST credentials", () => {
    expect(cybersourceSettings.settingsOf(schema.parse(profile))).toEqual({
      displayName: undefined,
      profileId: "0FFEAB12-3C4D",
      key: { accessKey: "a1b2c3d4e5f60718", secretKey: "secret-key-0123456789" },
      previousKey: undefined,
      payUrl: "https://testsecureacceptance.cybersource.com/pay",
      currencies: ["USD", "NPR"],
      rest: undefined,
    });
  });

  it("keep the retiring key and the REST credentials only when each is complete, REST on the test API by default", () => {
    const half = cybersourceSettings.settingsOf(
      schema.parse({
        ...profile,
        CYBERSOURCE_PREVIOUS_ACCESS_KEY: "0f1e2d3c4b5a6978",
        CYBERSOURCE_MERCHANT_ID: rest.CYBERSOURCE_MERCHANT_ID,
        CYBERSOURCE_REST_KEY_ID: rest.CYBERSOURCE_REST_KEY_ID,
      }),
    );
    expect(half).toMatchObject({ previousKey: undefined, rest: undefined });
    // Each half of the retiring key, and each REST credential, is nothing without the others.
    const without = (values: Record<string, string>) =>
      cybersourceSettings.settingsOf(schema.parse({ ...profile, ...values }));
    expect(without({ CYBERSOURCE_PREVIOUS_SECRET_KEY: "old-secret-key-0123456789" })).toMatchObject({
      previousKey: undefined,
    });
    for (const left of Object.keys(rest)) {
      const partial = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== left));
      expect(without(partial), `without ${left}`).toMatchObject({ rest: undefined });
    }
    const full = cybersourceSettings.settingsOf(
      schema.parse({
        ...profile,
        ...rest,
        CYBERSOURCE_PREVIOUS_ACCESS_KEY: "0f1e2d3c4b5a6978",
        CYBERSOURCE_PREVIOUS_SECRET_KEY: "old-secret-key-0123456789",
        CYBERSOURCE_DISPLAY_NAME: "NIC Asia Bank",
        CYBERSOURCE_CURRENCIES: " usd ,npr,",
      }),
    );
    expect(full).toMatchObject({
      displayName: "NIC Asia Bank",
      previousKey: { accessKey: "0f1e2d3c4b5a6978", secretKey: "old-secret-key-0123456789" },
      currencies: ["USD", "NPR"],
      rest: {
        merchantId: "herbo_np",
        keyId: "08c94330-f618-42a3-b09d-e1e43be5efda",
        sharedSecret: "c2hhcmVkIHNlY3JldCBieXRlcyE=",
        apiUrl: "https://apitest.cybersource.com",
      },
    });
  });

  it("refuse each malformed value with its own message, never repeating a secret", () => {
    const problems = problemsOf({
      CYBERSOURCE_PROFILE_ID: "profile/1",
      CYBERSOURCE_ACCESS_KEY: "short",
      CYBERSOURCE_PREVIOUS_ACCESS_KEY: "not-alnum-key",
      CYBERSOURCE_PREVIOUS_SECRET_KEY: "old-short",
      CYBERSOURCE_DISPLAY_NAME: "<b>",
      CYBERSOURCE_CURRENCIES: "dollars",
      CYBERSOURCE_MERCHANT_ID: "herbo np",
      CYBERSOURCE_REST_KEY_ID: "key-1",
      CYBERSOURCE_REST_SECRET: "not base64!",
    });
    expect(problems).toEqual([
      "CYBERSOURCE_PROFILE_ID: expected the Secure Acceptance profile id",
      "CYBERSOURCE_ACCESS_KEY: expected the Secure Acceptance access key",
      "CYBERSOURCE_PREVIOUS_ACCESS_KEY: expected the retiring key's access key",
      "CYBERSOURCE_PREVIOUS_SECRET_KEY: expected the retiring key's secret key",
      "CYBERSOURCE_DISPLAY_NAME: expected the bank's name as shoppers know it",
      "CYBERSOURCE_CURRENCIES.0: expected ISO currency codes, e.g. USD,NPR",
      "CYBERSOURCE_MERCHANT_ID: expected the Cybersource merchant id",
      "CYBERSOURCE_REST_KEY_ID: expected the REST shared-secret key id",
      "CYBERSOURCE_REST_SECRET: expected the REST shared secret (base64)",
    ]);
    expect(problemsOf({ CYBERSOURCE_SECRET_KEY: "short-secret" })).toEqual([
      "CYBERSOURCE_SECRET_KEY: expected the Secure Acceptance secret key",
    ]);
  });
});

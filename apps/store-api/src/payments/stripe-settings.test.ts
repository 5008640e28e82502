import { describe, expect, it } from "vitest";
import { z } from "zod";
import { stripeSettings } from "./stripe-settings.ts";

const schema = z.object(stripeSettings.environment);
const keys = { STRIPE_SECRET_KEY: "sk_test_51Secret0000", STRIPE_WEBHOOK_SECRET: "whsec_signing0000" };

/** The messages a parse of these values gives, one "KEY: message" each. */
function problemsOf(values: Record<string, string>): string[] {
  const parsed = schema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("Stripe's settings", () => {
  it("need the secret key and the signing secret", () => {
    expect(stripeSettings.required).toEqual(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
    expect(stripeSettings.settingsOf(schema.parse({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY }))).toBeUndefined();
    expect(
      stripeSettings.settingsOf(schema.parse({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })),
    ).toBeUndefined();
  });

  it("use the SDK's own API origin unless STRIPE_API_URL names another", () => {
    expect(stripeSettings.settingsOf(schema.parse(keys))).toEqual({
      secretKey: "sk_test_51Secret0000",
      webhookSecret: "whsec_signing0000",
      apiUrl: undefined,
    });
    expect(
      stripeSettings.settingsOf(schema.parse({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" })),
    ).toMatchObject({ apiUrl: "http://127.0.0.1:12111" });
    expect(
      stripeSettings.settingsOf(schema.parse({ ...keys, STRIPE_SECRET_KEY: "rk_live_restricted00" })),
    ).toMatchObject({ secretKey: "rk_live_restricted00" });
  });

  it("refuse a publishable key, a malformed signing secret or a non-http origin, without repeating the value", () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: "pk_live_publishable123",
      STRIPE_WEBHOOK_SECRET: "signing0000",
      STRIPE_API_URL: "ftp://127.0.0.1",
    });
    expect(problems).toEqual([
      "STRIPE_SECRET_KEY: expected a Stripe secret key (sk_… or rk_…)",
      "STRIPE_WEBHOOK_SECRET: expected a Stripe signing secret (whsec_…)",
      expect.stringMatching(/^STRIPE_API_URL: /),
    ]);
    expect(problems.join("\n")).not.toContain("pk_live_publishable123");
  });
});

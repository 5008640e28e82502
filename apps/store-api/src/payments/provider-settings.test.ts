import { describe, expect, it } from "vitest";
import { z } from "zod";
import { paymentEnvironment } from "./payment-settings.ts";

const schema = z.object(paymentEnvironment);

/** A well-formed value for every key with a pattern, as an owner would paste it. */
const wellFormed: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_live_51Secret0000",
  STRIPE_WEBHOOK_SECRET: "whsec_signing0000",
  ESEWA_PRODUCT_CODE: "EPAYTEST",
  CYBERSOURCE_PROFILE_ID: "0FFEAB12-3C4D",
  CYBERSOURCE_ACCESS_KEY: "a1b2c3d4e5f60718",
  CYBERSOURCE_PREVIOUS_ACCESS_KEY: "0f1e2d3c4b5a6978",
  CYBERSOURCE_DISPLAY_NAME: "NIC Asia Bank",
  CYBERSOURCE_MERCHANT_ID: "herbo_np",
  CYBERSOURCE_REST_SECRET: "c2hhcmVkIHNlY3JldCBieXRlcyE=",
};

const urlKeys = Object.keys(paymentEnvironment).filter((key) => key.endsWith("_URL"));

function accepts(key: string, value: string): boolean {
  return schema.safeParse({ [key]: value }).success;
}

describe("every provider's settings", () => {
  it("take a key pasted whole, and refuse one with anything before or after it", () => {
    for (const [key, value] of Object.entries(wellFormed)) {
      expect(accepts(key, value), key).toBe(true);
      // "<" belongs to none of the keys' alphabets: a stray character from a copied line or a quoted value.
      expect(accepts(key, `<${value}`), `${key} with something before it`).toBe(false);
      expect(accepts(key, `${value}<`), `${key} with something after it`).toBe(false);
    }
  });

  it("take a base64 REST secret with or without its padding", () => {
    for (const secret of ["c2hhcmVkIHNlY3JldCBieXRlcw", "c2hhcmVkIHNlY3JldCBieXQ=", "c2hhcmVkIHNlY3JldCBieQ=="]) {
      expect(accepts("CYBERSOURCE_REST_SECRET", secret), secret).toBe(true);
    }
    expect(accepts("CYBERSOURCE_REST_SECRET", "c2hhcmVkIHNlY3JldCBieQ===")).toBe(false);
  });

  it("reach each provider's API over https, or plain http for a local fake, and nothing that only looks like them", () => {
    expect(urlKeys).toEqual([
      "STRIPE_API_URL",
      "KHALTI_API_URL",
      "ESEWA_API_URL",
      "CYBERSOURCE_URL",
      "CYBERSOURCE_REST_URL",
    ]);
    for (const key of urlKeys) {
      expect(accepts(key, "https://payments.example"), key).toBe(true);
      expect(accepts(key, "http://127.0.0.1:12111"), key).toBe(true);
      for (const other of ["ftp://payments.example", "xhttp://payments.example", "https2://payments.example"]) {
        expect(accepts(key, other), `${key}: ${other}`).toBe(false);
      }
    }
  });
});

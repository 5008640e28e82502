import { describe, expect, it } from "vitest";
import { createEsewaProvider } from "./esewa.ts";
import { esewaSignature } from "./esewa-signature.ts";
import { createKhaltiProvider, khaltiOrderName } from "./khalti.ts";
import { createStripeProvider, isSignedInTheFuture } from "./stripe-checkout.ts";

const khalti = createKhaltiProvider(
  { secretKey: "live_secret_key_0000", apiUrl: "http://127.0.0.1:9" },
  { shopName: "Herbo Shilajit" },
);
const esewa = createEsewaProvider(
  { productCode: "EPAYTEST", secretKey: "8gBm/:&EnhH.1/q", apiUrl: "http://127.0.0.1:9" },
  { returnUrl: () => "http://api.test/return" },
);
const stripe = createStripeProvider({
  secretKey: "sk_test_0000000000",
  webhookSecret: "whsec_0000000000",
  apiUrl: "http://127.0.0.1:9",
});

/** eSewa's `data`: base64 JSON naming a transaction_uuid. */
function esewaData(transactionUuid: string): string {
  const fields = {
    transaction_uuid: transactionUuid,
    status: "COMPLETE",
    total_amount: "100.0",
    product_code: "EPAYTEST",
  };
  const names = "transaction_uuid,status,total_amount,product_code";
  const signed = { ...fields, signed_field_names: names, signature: esewaSignature(fields, names, "8gBm/:&EnhH.1/q") };
  return Buffer.from(JSON.stringify(signed)).toString("base64");
}

const hostile = ["\u0000", "abc\u0000", "a\r\nb", "a b", "\u200b", "\u007f"];

describe("the reference a provider's return names", () => {
  it("reads well-formed references", () => {
    expect(khalti.referenceFromReturn?.({ pidx: "bZQLD9wRVWo4CdESSfuSsB" })).toBe("bZQLD9wRVWo4CdESSfuSsB");
    expect(stripe.referenceFromReturn?.({ reference: "cs_test_a1B2c3" })).toBe("cs_test_a1B2c3");
    const uuid = "2f1c6a4e-8f5b-4b8e-9d7e-3c2a1b0f9e8d";
    expect(esewa.referenceFromReturn?.({ data: esewaData(uuid) })).toBe(uuid);
  });

  it.each(hostile)("names no payment for a reference holding %j", (bad) => {
    expect(khalti.referenceFromReturn?.({ pidx: bad })).toBeUndefined();
    expect(khalti.referenceFromReturn?.({ pidx: `bZQLD9${bad}` })).toBeUndefined();
    expect(stripe.referenceFromReturn?.({ reference: `cs_test_${bad}` })).toBeUndefined();
    expect(esewa.referenceFromReturn?.({ data: esewaData(bad) })).toBeUndefined();
    expect(esewa.referenceFromReturn?.({ data: esewaData(`2f1c6a4e${bad}`) })).toBeUndefined();
  });

  it("names no payment for overlong or foreign references", () => {
    expect(khalti.referenceFromReturn?.({ pidx: "x".repeat(101) })).toBeUndefined();
    expect(stripe.referenceFromReturn?.({ reference: "pi_3MtwBwLkdIwHu7ix28a3tqPa" })).toBeUndefined();
    expect(esewa.referenceFromReturn?.({ data: "\u0000" })).toBeUndefined();
  });
});

describe("Khalti's order name", () => {
  it("is the shop's name, never a checkout id", () => {
    expect(khaltiOrderName("Herbo Shilajit")).toBe("Herbo Shilajit order");
    expect(khaltiOrderName("x".repeat(200))).toHaveLength(100);
  });
});

describe("a Stripe webhook's signing time", () => {
  const now = new Date("2026-03-01T10:00:00.000Z");
  const seconds = now.getTime() / 1000;

  it("is refused more than 5 minutes ahead of our clock, and only then", () => {
    expect(isSignedInTheFuture(`t=${seconds + 600},v1=abc`, now)).toBe(true);
    expect(isSignedInTheFuture(`t=${seconds + 301},v1=abc`, now)).toBe(true);
    expect(isSignedInTheFuture(`t=${seconds + 300},v1=abc`, now)).toBe(false);
    expect(isSignedInTheFuture(`t=${seconds - 600},v1=abc`, now)).toBe(false);
    expect(isSignedInTheFuture("v1=abc", now)).toBe(false);
    expect(isSignedInTheFuture(`v1=abc, t=${seconds + 3600}`, now)).toBe(true);
  });

  it("makes the provider refuse such a webhook before reading it", () => {
    const action = stripe.getWebhookActionAndData?.(
      { rawBody: Buffer.from("{}"), headers: { "stripe-signature": `t=${seconds + 600},v1=abc` } },
      now,
    );
    expect(action).toEqual({ action: "refuse", reason: "Webhook signed more than 5 minutes ahead of our clock" });
  });
});

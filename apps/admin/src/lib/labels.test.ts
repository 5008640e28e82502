import { describe, expect, it } from "vitest";
import {
  emailKindLabel,
  emailTone,
  fulfilmentTone,
  paymentMethodLabel,
  paymentLabel,
  paymentTone,
  providerLabel,
  refundStatusLabels,
  refundTone,
} from "./labels.ts";

describe("labels", () => {
  it("names payment methods and email kinds", () => {
    expect(paymentMethodLabel("cod")).toBe("Cash on delivery");
    expect(paymentMethodLabel("card")).toBe("Card");
    expect(paymentMethodLabel("khalti")).toBe("Khalti");
    expect(paymentMethodLabel("esewa")).toBe("eSewa");
    expect(paymentMethodLabel("something_new")).toBe("something_new");
    expect(providerLabel("cybersource")).toBe("Bank card gateway (Cybersource)");
    expect(providerLabel("sandbox")).toBe("Sandbox card");
    expect(emailKindLabel("order_shipped")).toBe("Order shipped");
  });

  it("colours every status", () => {
    expect(
      (["pending", "paid", "cod_due", "cod_collected", "refund_due", "partially_refunded", "refunded"] as const).map(
        paymentTone,
      ),
    ).toEqual(["warn", "good", "warn", "good", "warn", "plain", "plain"]);
    expect(
      (["unfulfilled", "packed", "shipped", "delivered", "returned", "cancelled"] as const).map(fulfilmentTone),
    ).toEqual(["warn", "warn", "good", "good", "bad", "bad"]);
    expect((["queued", "retrying", "sent", "failed"] as const).map(emailTone)).toEqual(["warn", "warn", "good", "bad"]);
  });

  it("reads cash on delivery as to collect only while it is owed", () => {
    expect(paymentLabel("cod_due", "unfulfilled")).toBe("Cash to collect");
    expect(paymentLabel("cod_due", "shipped")).toBe("Cash to collect");
    expect(paymentLabel("cod_due", "delivered")).toBe("Cash to collect");
    expect(paymentLabel("cod_due", "unconfirmed")).toBe("Cash on delivery, once confirmed");
    expect(paymentLabel("cod_due", "cancelled")).toBe("Nothing to collect");
    expect(paymentLabel("cod_due", "returned")).toBe("Nothing to collect");
    expect(paymentLabel("paid", "cancelled")).toBe("Paid");
    expect(paymentLabel("cod_collected", "returned")).toBe("Cash collected");
  });

  it("colours what needs the owner's attention", () => {
    expect(paymentTone("cod_due")).toBe("warn");
    expect(paymentTone("paid")).toBe("good");
    expect(fulfilmentTone("unfulfilled")).toBe("warn");
    expect(fulfilmentTone("cancelled")).toBe("bad");
    expect(emailTone("failed")).toBe("bad");
    expect(emailTone("retrying")).toBe("warn");
  });
});

describe("refund and provider labels", () => {
  it("names providers as the owner knows them", () => {
    expect(providerLabel("stripe")).toBe("Stripe");
    expect(providerLabel("esewa")).toBe("eSewa");
    expect(providerLabel("sandbox")).toBe("Sandbox card");
    expect(providerLabel("paypal")).toBe("paypal");
    expect(paymentMethodLabel("wallet")).toBe("Wallet");
  });

  it("colours refunds: made is good, refused is bad, the rest waits", () => {
    expect(refundTone("succeeded")).toBe("good");
    expect(refundTone("failed")).toBe("bad");
    expect(refundTone("to_make")).toBe("warn");
    expect(refundTone("requested")).toBe("warn");
    expect(refundStatusLabels.to_make).toBe("To make by hand");
  });
});

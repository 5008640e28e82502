import { describe, expect, it } from "vitest";
import { sampleCashOrder, sampleOrder } from "../../test/email-fixtures.ts";
import {
  deliveryEstimateText,
  lineTitle,
  paymentMethodText,
  paymentStatusText,
  placedAtText,
  shippingText,
} from "./order-facts.ts";

describe("order facts in emails", () => {
  it("dates the order in the shopper's time zone, in UTC when it is unknown or not a zone", () => {
    expect(placedAtText(sampleOrder())).toBe("23 November 2026 at 15:45 GMT+5:45");
    expect(placedAtText(sampleOrder({ timeZone: null }))).toBe("23 November 2026 at 10:00 UTC");
    expect(placedAtText(sampleOrder({ timeZone: "Mars/Olympus_Mons" }))).toBe("23 November 2026 at 10:00 UTC");
  });

  it("calls no shipping charge Free and prints a charge with the currency", () => {
    expect(shippingText(sampleOrder())).toBe("Free");
    expect(shippingText(sampleOrder({ shippingAmount: 150_000 }))).toBe("Rs. 1500.00");
  });

  it("names the variant unless it is empty or repeats the product", () => {
    const line = { productTitle: "Resin", variantTitle: "20 g", quantity: 1, unitAmount: 1, lineAmount: 1 };
    expect(lineTitle(line)).toBe("Resin (20 g)");
    expect(lineTitle({ ...line, variantTitle: " " })).toBe("Resin");
    expect(lineTitle({ ...line, variantTitle: "Resin" })).toBe("Resin");
  });

  it("describes each payment state", () => {
    expect(paymentMethodText(sampleOrder())).toBe("Card ending in 4242");
    expect(paymentMethodText(sampleOrder({ cardLast4: null }))).toBe("Card");
    expect(
      paymentMethodText(sampleOrder({ paymentMethod: "wallet", paymentProviderName: "Khalti", cardLast4: null })),
    ).toBe("Khalti wallet");
    expect(paymentMethodText(sampleCashOrder())).toBe("Cash on delivery");
    expect(paymentStatusText(sampleOrder())).toBe("Paid: Rs. 5700.00.");
    expect(paymentStatusText(sampleOrder({ paymentStatus: "pending" }))).toBe("Payment pending.");
    expect(paymentStatusText(sampleCashOrder())).toBe("You pay Rs. 5700.00 in cash when your order arrives.");
    expect(paymentStatusText(sampleCashOrder({ paymentStatus: "cod_collected" }))).toBe("Paid in cash: Rs. 5700.00.");
  });

  it("gives the delivery time as a range, a single day, or nothing", () => {
    expect(deliveryEstimateText(sampleOrder())).toBe("Expected delivery: 2 to 7 business days.");
    expect(deliveryEstimateText(sampleOrder({ deliveryDays: { min: 1, max: 1 } }))).toBe(
      "Expected delivery: 1 business day.",
    );
    expect(deliveryEstimateText(sampleOrder({ deliveryDays: { min: 3, max: 3 } }))).toBe(
      "Expected delivery: 3 business days.",
    );
    expect(deliveryEstimateText(sampleOrder({ deliveryDays: null }))).toBeNull();
  });
});

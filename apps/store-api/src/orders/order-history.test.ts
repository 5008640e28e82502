import { describe, expect, it } from "vitest";
import { eventSummary } from "./order-history.ts";

const money = (amount: number) => ({ amount, currency: "NPR", text: `Rs. ${(amount / 100).toFixed(2)}` });
const say = (type: string, data: Record<string, unknown> = {}) => eventSummary({ type, data }, money);

describe("order history lines", () => {
  it("tells how the order was placed and paid", () => {
    expect(say("placed", { paymentMethod: "card" })).toBe("Order placed");
    expect(say("placed", { paymentMethod: "cod" })).toBe("Order placed, to pay in cash on delivery");
    expect(say("payment_received", { provider: "sandbox", amount: 65000, cardLast4: "4242" })).toBe(
      "Payment of Rs. 650.00 received by card ending in 4242 (sandbox)",
    );
    expect(say("cod_due", { amount: 65000 })).toBe("Rs. 650.00 to collect in cash on delivery");
  });

  it("tells each fulfilment step with its details", () => {
    expect(say("packed")).toBe("Marked packed");
    expect(say("shipped", { carrier: "Nepal Post", trackingNumber: "RR123NP", trackingUrl: null })).toBe(
      "Shipped with Nepal Post, tracking number RR123NP; the shopper was emailed",
    );
    expect(say("delivered")).toBe("Marked delivered");
    expect(say("cash_collected", { amount: 65000 })).toBe("Cash collected: Rs. 650.00");
  });

  it("records a cancellation with its reason and the stock returned", () => {
    // Written before refunds were their own events: the refund is read from the cancellation.
    expect(say("cancelled", { refund: "to_make", amount: 65000, restocked: [{ variantId: "v", quantity: 2 }] })).toBe(
      "Cancelled; refund to make: Rs. 650.00; 2 units back in stock",
    );
    expect(say("cancelled", { refund: "refunded", amount: 65000, restocked: [{ variantId: "v", quantity: 1 }] })).toBe(
      "Cancelled; refunded Rs. 650.00; 1 unit back in stock",
    );
    expect(say("cancelled", { amount: 65000, restocked: [], reason: "asked by phone" })).toBe(
      "Cancelled (asked by phone)",
    );
  });

  it("tells each step of a refund", () => {
    expect(say("refund_requested", { amount: 65000, provider: "stripe" })).toBe("Refund of Rs. 650.00 sent to stripe");
    expect(say("refund_to_make", { amount: 65000 })).toBe(
      "Refund of Rs. 650.00 to make by hand; the shopper was emailed",
    );
    expect(say("refund_failed", { amount: 65000, provider: "khalti", reason: "HTTP 400" })).toBe(
      "khalti refused the refund of Rs. 650.00: HTTP 400",
    );
    expect(say("refund_failed", {})).toBe("The provider refused the refund of the payment");
    expect(say("refund_retried", { amount: 100 })).toBe("Refund of Rs. 1.00 sent again");
    expect(say("refunded", { amount: 65000, provider: "stripe", refundReference: "re_1" })).toBe(
      "Refunded Rs. 650.00 through stripe (re_1)",
    );
    expect(say("refunded", { amount: 65000, provider: null })).toBe("Refunded Rs. 650.00");
    expect(say("refunded", { amount: 65000, note: "bank transfer 12" })).toBe(
      "Refund of Rs. 650.00 recorded as made: bank transfer 12",
    );
    expect(say("payment_duplicate", { amount: 65000, provider: "stripe" })).toBe(
      "A second payment of Rs. 650.00 arrived (stripe); it is refunded in full",
    );
  });

  it("tells returns, corrections and undone steps", () => {
    expect(
      say("returned", {
        lines: [{ position: 1, quantity: 2 }],
        restocked: [{ variantId: "v", quantity: 2 }],
        refundAmount: 65000,
        reason: "damaged jar",
      }),
    ).toBe("Return of 2 units taken (damaged jar); 2 back in stock; refund of Rs. 650.00");
    expect(say("returned", { lines: [{ position: 1, quantity: 1 }], restocked: [], refundAmount: 0 })).toBe(
      "Return of 1 unit taken; not put back in stock",
    );
    expect(say("returned", { lines: [], restocked: [], refundAmount: 500 })).toBe(
      "Money given back without a return; refund of Rs. 5.00",
    );
    expect(
      say("shipment_corrected", { carrier: "DHL", trackingNumber: "1Z9", trackingUrl: "https://dhl.test/1Z9" }),
    ).toBe("Shipment corrected: DHL, tracking number 1Z9 (https://dhl.test/1Z9); the shopper was emailed");
    expect(say("delivery_undone")).toBe("Delivery undone: back to shipped");
    expect(say("cash_collection_undone")).toBe("Cash collection undone: the cash is still to collect");
  });

  it("reads an event type it does not know", () => {
    expect(say("stock_counted")).toBe("Stock counted");
  });
});

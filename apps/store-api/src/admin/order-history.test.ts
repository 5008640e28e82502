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

  it("records a refund to make and the stock returned when a paid order is cancelled", () => {
    expect(say("cancelled", { refund: "to_make", amount: 65000, restocked: [{ variantId: "v", quantity: 2 }] })).toBe(
      "Cancelled; refund to make: Rs. 650.00; 2 units back in stock; the shopper was emailed",
    );
    expect(say("cancelled", { refund: "none", amount: 65000, restocked: [], reason: "asked by phone" })).toBe(
      "Cancelled (asked by phone); the shopper was emailed",
    );
  });

  it("reads an event type it does not know", () => {
    expect(say("refund_failed")).toBe("Refund failed");
  });
});

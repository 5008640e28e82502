import { describe, expect, it } from "vitest";
import { deliveredOrder, orderLine, refund, rupees } from "./order-fixtures.testing.ts";
import { cancelSentence, owedAmount, refundFigures, refundRoute, refundSentence, unitsSentence } from "./refunds.ts";

const stripeOrder = deliveredOrder([orderLine(1, 60000, 2)]);
const payment = stripeOrder.payment;
const codOrder = deliveredOrder([orderLine(1, 60000, 2)], {
  payment: {
    ...payment,
    method: "cod",
    provider: "cod",
    reference: null,
    status: "cod_collected",
    refundsThroughProvider: false,
  },
});
const khaltiOrder = deliveredOrder([orderLine(1, 60000, 2)], {
  payment: { ...payment, method: "wallet", provider: "khalti", reference: "txn_1" },
});

describe("how the next refund is made", () => {
  it("is through the provider when the API says it refunds this payment, else by hand", () => {
    expect(refundRoute(stripeOrder)).toEqual({ kind: "provider", provider: "stripe" });
    expect(refundRoute(khaltiOrder)).toEqual({ kind: "provider", provider: "khalti" });
    expect(refundRoute(codOrder)).toEqual({ kind: "by_hand" });
    expect(refundRoute({ ...stripeOrder, payment: { ...payment, refundsThroughProvider: false } })).toEqual({
      kind: "by_hand",
    });
  });
});

describe("what the return form says about the money", () => {
  const sent = { ...stripeOrder, refunds: [refund(1000, "succeeded", "stripe")] };

  it("says when nothing is given back", () => {
    expect(refundSentence(sent, 0, "Rs. 0.00")).toBe("No money is given back.");
  });

  it("names the provider, and the card when the payment was by card", () => {
    expect(refundSentence(sent, 120000, "Rs. 1200.00")).toBe("Refund Rs. 1200.00 to the card through Stripe.");
    expect(refundSentence({ ...khaltiOrder, refunds: [refund(1, "succeeded", "khalti")] }, 500, "Rs. 5.00")).toBe(
      "Refund Rs. 5.00 through Khalti.",
    );
  });

  it("says the owner refunds it by hand", () => {
    expect(refundSentence(codOrder, 60000, "Rs. 600.00")).toBe(
      "You will refund Rs. 600.00 by hand (bank transfer, cash or the provider's dashboard), then record it under Refunds.",
    );
  });

  it("names the provider of an order never refunded before", () => {
    expect(refundSentence(stripeOrder, 60000, "Rs. 600.00")).toBe("Refund Rs. 600.00 to the card through Stripe.");
  });
});

describe("what the return form says about the units", () => {
  it("counts them and says where they go", () => {
    expect(unitsSentence(0, true, false)).toBe("No items come back.");
    expect(unitsSentence(1, true, false)).toBe("1 unit comes back and goes back in stock.");
    expect(unitsSentence(1, false, false)).toBe("1 unit comes back and stays out of stock.");
    expect(unitsSentence(2, true, false)).toBe("2 units come back and go back in stock.");
    expect(unitsSentence(2, false, true)).toBe(
      "2 units come back and stay out of stock. The order will be marked returned.",
    );
  });
});

describe("what the cancellation form says about the money", () => {
  const paidOrder = { ...stripeOrder, fulfilmentStatus: "packed" as const };

  it("says there is nothing to refund when nothing was taken, or nothing is left", () => {
    expect(cancelSentence({ ...paidOrder, captured: rupees(0), refundable: rupees(0) })).toBe(
      "No payment was taken, so there is nothing to refund.",
    );
    expect(cancelSentence({ ...paidOrder, refundable: rupees(0) })).toBe(
      "Nothing is left to refund: the payment is already refunded or owed back.",
    );
  });

  it("says how the payment is given back", () => {
    expect(cancelSentence(paidOrder)).toBe(
      "The payment of Rs. 1200.00 is refunded through Stripe. If Stripe refuses, it is kept as a refund for you to send again or make by hand.",
    );
    expect(cancelSentence({ ...paidOrder, payment: { ...payment, refundsThroughProvider: false } })).toBe(
      "The payment of Rs. 1200.00 is then recorded as a refund to make: you refund it by hand and record it here.",
    );
  });
});

describe("the refund still owed", () => {
  it("adds up the refunds not yet made", () => {
    expect(owedAmount(stripeOrder)).toBe(0);
    expect(
      owedAmount({
        ...stripeOrder,
        refunds: [
          refund(1000, "succeeded", "stripe"),
          refund(200, "failed", "stripe"),
          refund(30, "to_make", null),
          refund(4, "requested", "stripe"),
        ],
      }),
    ).toBe(234);
  });
});

describe("the Refunds panel's figures", () => {
  const cancelled = { ...stripeOrder, fulfilmentStatus: "cancelled" as const, refund: "to_make" as const };

  it("show a refund still to make as owed, never beside a contradicting nothing-left-to-refund", () => {
    // A cancelled order whose whole payment is owed back by hand: the API's refundable is 0 (it is all owed).
    const owedAll = { ...cancelled, refundable: rupees(0), refunds: [refund(120000, "to_make", null)] };
    expect(refundFigures(owedAll)).toEqual([
      { label: "Taken", text: "Rs. 1200.00" },
      { label: "Refunded", text: "Rs. 0.00" },
      { label: "To make", text: "Rs. 1200.00" },
    ]);
  });

  it("name what could be refunded besides a refund owed, and what is left when none is owed", () => {
    const owedPart = { ...cancelled, refundable: rupees(90000), refunds: [refund(30000, "failed", "stripe")] };
    expect(refundFigures(owedPart)).toEqual([
      { label: "Taken", text: "Rs. 1200.00" },
      { label: "Refunded", text: "Rs. 0.00" },
      { label: "To make", text: "Rs. 300.00" },
      { label: "Can be refunded besides that", text: "Rs. 900.00" },
    ]);
    expect(refundFigures(stripeOrder)).toEqual([
      { label: "Taken", text: "Rs. 1200.00" },
      { label: "Refunded", text: "Rs. 0.00" },
      { label: "Can still be refunded", text: "Rs. 1200.00" },
    ]);
  });

  it("leave out what can be refunded once everything was, and say so when nothing was taken", () => {
    const refunded = { ...stripeOrder, refunded: rupees(120000), refundable: rupees(0) };
    expect(refundFigures({ ...refunded, refunds: [refund(120000, "succeeded", "stripe")] })).toEqual([
      { label: "Taken", text: "Rs. 1200.00" },
      { label: "Refunded", text: "Rs. 1200.00" },
    ]);
    expect(refundFigures({ ...stripeOrder, captured: rupees(0), refundable: rupees(0) })).toEqual([
      { label: "Taken", text: "Nothing: no payment was taken" },
    ]);
  });
});

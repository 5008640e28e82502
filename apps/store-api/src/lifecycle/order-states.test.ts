import { describe, expect, it } from "vitest";
import { fulfilmentStatuses, paymentStatuses, refundStatuses } from "../db/schema.ts";
import { canMove, type TransitionTable } from "./transitions.ts";
import {
  fulfilmentLifecycle,
  isOutstandingRefund,
  orderPaymentLifecycle,
  paymentStatusOf,
  refundLifecycle,
} from "./order-states.ts";

function movesOf<Status extends string>(table: TransitionTable<Status>, statuses: readonly Status[]): string[] {
  return statuses
    .flatMap((from) => statuses.filter((to) => canMove(table, from, to)).map((to) => `${from}>${to}`))
    .sort();
}

describe("an order's lifecycles", () => {
  it("moves the payment only these ways", () => {
    expect(movesOf(orderPaymentLifecycle, paymentStatuses)).toEqual(
      [
        "pending>paid",
        "pending>cod_due",
        "paid>refund_due",
        "paid>partially_refunded",
        "paid>refunded",
        "cod_due>cod_collected",
        "cod_collected>cod_due",
        "cod_collected>refund_due",
        "cod_collected>partially_refunded",
        "cod_collected>refunded",
        "refund_due>partially_refunded",
        "refund_due>refunded",
        "partially_refunded>refund_due",
        "partially_refunded>refunded",
      ].sort(),
    );
  });

  it("moves the fulfilment only these ways", () => {
    expect(movesOf(fulfilmentLifecycle, fulfilmentStatuses)).toEqual(
      [
        "unconfirmed>unfulfilled",
        "unconfirmed>cancelled",
        "unfulfilled>packed",
        "unfulfilled>shipped",
        "unfulfilled>cancelled",
        "packed>shipped",
        "packed>cancelled",
        "shipped>delivered",
        "shipped>returned",
        "delivered>shipped",
        "delivered>returned",
      ].sort(),
    );
  });

  it("moves a refund only these ways", () => {
    expect(movesOf(refundLifecycle, refundStatuses)).toEqual(
      [
        "requested>succeeded",
        "requested>failed",
        "requested>to_make",
        "failed>requested",
        "failed>succeeded",
        "to_make>succeeded",
      ].sort(),
    );
    expect(refundStatuses.filter(isOutstandingRefund)).toEqual(["requested", "failed", "to_make"]);
  });

  it("names only known statuses, and ends where nothing follows", () => {
    const known = (table: Record<string, readonly string[]>, statuses: readonly string[]) =>
      Object.values(table).every((next) => next.every((status) => statuses.includes(status)));
    expect(known(orderPaymentLifecycle, paymentStatuses)).toBe(true);
    expect(known(fulfilmentLifecycle, fulfilmentStatuses)).toBe(true);
    expect(known(refundLifecycle, refundStatuses)).toBe(true);
    expect(orderPaymentLifecycle.refunded).toEqual([]);
    expect([fulfilmentLifecycle.returned, fulfilmentLifecycle.cancelled]).toEqual([[], []]);
    expect(refundLifecycle.succeeded).toEqual([]);
  });

  it("reads the payment status from the money taken and given back", () => {
    const card = { paymentMethod: "card", capturedAmount: 500, refundedAmount: 0, refundOwed: false };
    expect(paymentStatusOf(card)).toBe("paid");
    expect(paymentStatusOf({ ...card, paymentMethod: "wallet" })).toBe("paid");
    expect(paymentStatusOf({ ...card, refundOwed: true })).toBe("refund_due");
    expect(paymentStatusOf({ ...card, refundedAmount: 200, refundOwed: true })).toBe("refund_due");
    expect(paymentStatusOf({ ...card, refundedAmount: 200 })).toBe("partially_refunded");
    expect(paymentStatusOf({ ...card, refundedAmount: 499 })).toBe("partially_refunded");
    expect(paymentStatusOf({ ...card, refundedAmount: 500 })).toBe("refunded");
    expect(paymentStatusOf({ ...card, refundedAmount: 1 })).toBe("partially_refunded");
    const cash = { paymentMethod: "cod", capturedAmount: 0, refundedAmount: 0, refundOwed: false };
    expect(paymentStatusOf(cash)).toBe("cod_due");
    expect(paymentStatusOf({ ...cash, capturedAmount: 500 })).toBe("cod_collected");
    expect(paymentStatusOf({ ...cash, capturedAmount: 500, refundedAmount: 500 })).toBe("refunded");
    expect(paymentStatusOf({ ...cash, capturedAmount: 500, refundedAmount: 100 })).toBe("partially_refunded");
    expect(paymentStatusOf({ ...cash, capturedAmount: 1 })).toBe("cod_collected");
  });
});

import { describe, expect, it } from "vitest";
import { fulfilmentStatuses, paymentStatuses, type FulfilmentStatus, type PaymentStatus } from "../db/schema.ts";
import { canMove } from "../lifecycle/transitions.ts";
import {
  availableActions,
  decideAction,
  fulfilmentWords,
  orderActionNames,
  orderStateMachine,
  paymentWords,
  type OrderActionName,
} from "./order-state-machine.ts";
import { fulfilmentLifecycle, orderPaymentLifecycle } from "../lifecycle/order-states.ts";

const methods = ["card", "cod"] as const;

/**
 * The specification, written out independently of the table: every (action, method, payment, fulfilment)
 * that is allowed, and where it leads. Anything not listed here must be refused or be a repeat.
 */
const allowed: [OrderActionName, string, PaymentStatus, FulfilmentStatus, PaymentStatus, FulfilmentStatus][] = [];
const both = (
  action: OrderActionName,
  payments: PaymentStatus[],
  fulfilments: FulfilmentStatus[],
  to: (p: PaymentStatus, f: FulfilmentStatus) => [PaymentStatus, FulfilmentStatus],
  only: readonly string[] = methods,
) => {
  for (const method of only) {
    for (const payment of payments) {
      for (const fulfilment of fulfilments)
        allowed.push([action, method, payment, fulfilment, ...to(payment, fulfilment)]);
    }
  }
};
const same = (payment: PaymentStatus, fulfilment: FulfilmentStatus): [PaymentStatus, FulfilmentStatus] => [
  payment,
  fulfilment,
];
const moneyKept: PaymentStatus[] = ["paid", "cod_due", "cod_collected", "refund_due", "partially_refunded"];
both("confirm", ["cod_due"], ["unconfirmed"], (payment) => [payment, "unfulfilled"], ["cod"]);
both("pack", ["paid", "cod_due"], ["unfulfilled"], (payment) => [payment, "packed"]);
both("ship", ["paid", "cod_due"], ["unfulfilled", "packed"], (payment) => [payment, "shipped"]);
both("deliver", ["paid", "cod_due", "cod_collected", "refund_due", "partially_refunded"], ["shipped"], (payment) => [
  payment,
  "delivered",
]);
both("collect_cash", ["cod_due"], ["shipped", "delivered"], (_payment, fulfilment) => ["cod_collected", fulfilment], [
  "cod",
]);
// "refunded" but not yet cancelled: refunded by an earlier version just before its cancel.
both("cancel", ["pending", "paid", "cod_due", "refunded"], ["unconfirmed", "unfulfilled", "packed"], (payment) => [
  payment,
  "cancelled",
]);
both("correct_shipment", [...moneyKept, "refunded"], ["shipped", "delivered"], same);
both("undo_delivery", [...moneyKept, "refunded"], ["delivered"], (payment) => [payment, "shipped"]);
both(
  "undo_cash_collection",
  ["cod_collected"],
  ["shipped", "delivered"],
  (_payment, fulfilment) => ["cod_due", fulfilment],
  ["cod"],
);
both("take_return", moneyKept, ["shipped", "delivered"], same);
both("record_refund", ["refund_due"], [...fulfilmentStatuses], same);
both("retry_refund", ["refund_due"], [...fulfilmentStatuses], same);

/** Repeating an action in the state it leads to changes nothing. */
function isRepeat(action: OrderActionName, method: string, payment: PaymentStatus, fulfilment: FulfilmentStatus) {
  switch (action) {
    case "confirm":
      return method === "cod" && fulfilment === "unfulfilled";
    case "pack":
      return fulfilment === "packed";
    case "ship":
      return fulfilment === "shipped";
    case "deliver":
      return fulfilment === "delivered";
    case "cancel":
      return fulfilment === "cancelled";
    case "collect_cash":
      return method === "cod" && payment === "cod_collected";
    case "undo_delivery":
      return fulfilment === "shipped";
    case "undo_cash_collection":
      return method === "cod" && payment === "cod_due";
    case "correct_shipment":
    case "take_return":
    case "record_refund":
    case "retry_refund":
      // Their outcome depends on the request: never a repeat by state alone.
      return false;
  }
}

describe("the order state machine", () => {
  const cases = orderActionNames.flatMap((action) =>
    methods.flatMap((method) =>
      paymentStatuses.flatMap((payment) =>
        fulfilmentStatuses.map((fulfilment) => ({ action, method, payment, fulfilment })),
      ),
    ),
  );

  it("covers every action, payment method and pair of states", () => {
    expect(orderActionNames).toEqual([
      "confirm",
      "pack",
      "ship",
      "deliver",
      "collect_cash",
      "cancel",
      "correct_shipment",
      "undo_delivery",
      "undo_cash_collection",
      "take_return",
      "record_refund",
      "retry_refund",
    ]);
    expect(cases).toHaveLength(12 * 2 * 7 * 7);
  });

  it.each(cases)(
    "$action on a $method order that is $payment / $fulfilment",
    ({ action, method, payment, fulfilment }) => {
      const decision = decideAction(action, {
        paymentMethod: method,
        paymentStatus: payment,
        fulfilmentStatus: fulfilment,
      });
      const spec = allowed.find(
        ([name, specMethod, from, fromFulfilment]) =>
          name === action && specMethod === method && from === payment && fromFulfilment === fulfilment,
      );
      if (spec !== undefined) {
        expect(decision).toEqual({ kind: "apply", next: { paymentStatus: spec[4], fulfilmentStatus: spec[5] } });
      } else if (isRepeat(action, method, payment, fulfilment)) {
        expect(decision).toEqual({ kind: "repeat" });
      } else {
        expect(decision.kind).toBe("refuse");
        expect(decision.kind === "refuse" ? decision.message : "").toMatch(/^Cannot .+: .+\.$/);
      }
    },
  );

  it("explains a refusal by what stands in the way", () => {
    const shipped = { paymentMethod: "card", paymentStatus: "paid", fulfilmentStatus: "shipped" } as const;
    expect(decideAction("cancel", shipped)).toEqual({
      kind: "refuse",
      message: "Cannot cancel the order: it is shipped.",
    });
    expect(decideAction("collect_cash", shipped)).toEqual({
      kind: "refuse",
      message:
        "Cannot record the cash as collected: that is only for cash on delivery orders, and this one is paid by card.",
    });
    expect(
      decideAction("pack", { paymentMethod: "card", paymentStatus: "pending", fulfilmentStatus: "unfulfilled" }),
    ).toEqual({ kind: "refuse", message: "Cannot mark the order packed: it is awaiting payment." });
  });

  it("offers as buttons exactly the actions it would apply", () => {
    expect(
      availableActions({ paymentMethod: "cod", paymentStatus: "cod_due", fulfilmentStatus: "unfulfilled" }),
    ).toEqual(["pack", "ship", "cancel"]);
    expect(availableActions({ paymentMethod: "cod", paymentStatus: "cod_due", fulfilmentStatus: "shipped" })).toEqual([
      "deliver",
      "collect_cash",
      "correct_shipment",
      "take_return",
    ]);
    expect(availableActions({ paymentMethod: "card", paymentStatus: "paid", fulfilmentStatus: "delivered" })).toEqual([
      "correct_shipment",
      "undo_delivery",
      "take_return",
    ]);
    expect(
      availableActions({ paymentMethod: "card", paymentStatus: "refund_due", fulfilmentStatus: "cancelled" }),
    ).toEqual(["record_refund", "retry_refund"]);
    expect(availableActions({ paymentMethod: "card", paymentStatus: "paid", fulfilmentStatus: "cancelled" })).toEqual(
      [],
    );
  });

  it("records each action's own event in the history", () => {
    expect(Object.fromEntries(orderActionNames.map((action) => [action, orderStateMachine[action].event]))).toEqual({
      confirm: "confirmed",
      pack: "packed",
      ship: "shipped",
      deliver: "delivered",
      collect_cash: "cash_collected",
      cancel: "cancelled",
      correct_shipment: "shipment_corrected",
      undo_delivery: "delivery_undone",
      undo_cash_collection: "cash_collection_undone",
      take_return: "returned",
      record_refund: "refund_recorded",
      retry_refund: "refund_retried",
    });
  });

  it("leads only where the order's lifecycles allow", () => {
    for (const [action, , payment, fulfilment, toPayment, toFulfilment] of allowed) {
      const label = `${action} from ${payment}/${fulfilment}`;
      if (toPayment !== payment) expect(canMove(orderPaymentLifecycle, payment, toPayment), label).toBe(true);
      if (toFulfilment !== fulfilment) expect(canMove(fulfilmentLifecycle, fulfilment, toFulfilment), label).toBe(true);
    }
  });

  it("names every state in words for its refusals", () => {
    expect(paymentStatuses.map((status) => paymentWords[status])).toEqual([
      "awaiting payment",
      "paid",
      "waiting for its cash on delivery",
      "paid in cash",
      "waiting for a refund to be made",
      "partly refunded",
      "refunded",
    ]);
    expect(fulfilmentStatuses.map((status) => fulfilmentWords[status])).toEqual([
      "not yet confirmed with the shopper",
      "not yet packed",
      "packed",
      "shipped",
      "delivered",
      "returned",
      "cancelled",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { fulfilmentStatuses, paymentStatuses, type FulfilmentStatus, type PaymentStatus } from "../db/schema.ts";
import { availableActions, decideAction, orderActionNames, type OrderActionName } from "./order-state-machine.ts";

const methods = ["card", "cod"] as const;

/**
 * The specification, written out independently of the table: every (action, method, payment, fulfilment)
 * that is allowed, and where it leads. Anything not listed here must be refused or be a repeat.
 */
const allowed: [OrderActionName, string, PaymentStatus, FulfilmentStatus, PaymentStatus, FulfilmentStatus][] = [
  ["pack", "card", "paid", "unfulfilled", "paid", "packed"],
  ["pack", "cod", "paid", "unfulfilled", "paid", "packed"],
  ["pack", "card", "cod_due", "unfulfilled", "cod_due", "packed"],
  ["pack", "cod", "cod_due", "unfulfilled", "cod_due", "packed"],
  ["ship", "card", "paid", "unfulfilled", "paid", "shipped"],
  ["ship", "cod", "paid", "unfulfilled", "paid", "shipped"],
  ["ship", "card", "paid", "packed", "paid", "shipped"],
  ["ship", "cod", "paid", "packed", "paid", "shipped"],
  ["ship", "card", "cod_due", "unfulfilled", "cod_due", "shipped"],
  ["ship", "cod", "cod_due", "unfulfilled", "cod_due", "shipped"],
  ["ship", "card", "cod_due", "packed", "cod_due", "shipped"],
  ["ship", "cod", "cod_due", "packed", "cod_due", "shipped"],
  ["deliver", "card", "paid", "shipped", "paid", "delivered"],
  ["deliver", "cod", "paid", "shipped", "paid", "delivered"],
  ["deliver", "card", "cod_due", "shipped", "cod_due", "delivered"],
  ["deliver", "cod", "cod_due", "shipped", "cod_due", "delivered"],
  ["deliver", "card", "cod_collected", "shipped", "cod_collected", "delivered"],
  ["deliver", "cod", "cod_collected", "shipped", "cod_collected", "delivered"],
  ["collect_cash", "cod", "cod_due", "shipped", "cod_collected", "shipped"],
  ["collect_cash", "cod", "cod_due", "delivered", "cod_collected", "delivered"],
];
for (const method of methods) {
  // "refunded" but not yet cancelled: the provider refunded, then the cancel itself must still go through.
  for (const payment of ["pending", "paid", "cod_due", "refunded"] as const) {
    for (const fulfilment of ["unfulfilled", "packed"] as const) {
      allowed.push(["cancel", method, payment, fulfilment, payment, "cancelled"]);
    }
  }
}

/** Repeating an action in the state it leads to changes nothing. */
function isRepeat(action: OrderActionName, method: string, payment: PaymentStatus, fulfilment: FulfilmentStatus) {
  switch (action) {
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
    expect(orderActionNames).toEqual(["pack", "ship", "deliver", "collect_cash", "cancel"]);
    expect(cases).toHaveLength(5 * 2 * 5 * 5);
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
    ]);
    expect(availableActions({ paymentMethod: "card", paymentStatus: "paid", fulfilmentStatus: "delivered" })).toEqual(
      [],
    );
    expect(availableActions({ paymentMethod: "card", paymentStatus: "paid", fulfilmentStatus: "cancelled" })).toEqual(
      [],
    );
  });
});

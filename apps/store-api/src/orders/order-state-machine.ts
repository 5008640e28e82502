import type { AdminOrderAction } from "@herbo/hosted-api/admin";
import type { FulfilmentStatus, PaymentStatus } from "../db/schema.ts";

/**
 * The back office's order actions as data (Vendure-style declared transitions): from which payment and
 * fulfilment states each is allowed, for which payment methods, and what it changes. The API, the list of
 * buttons an order shows and the tests all read this one table.
 */

export type OrderActionName = AdminOrderAction;

export interface OrderActionRule {
  /** Payment methods the action applies to ("card", "cod", …); "any" for every method. */
  methods: "any" | readonly string[];
  from: { payment: readonly PaymentStatus[]; fulfilment: readonly FulfilmentStatus[] };
  /** The state the action leaves; repeating an action in that state changes nothing. */
  to: { payment?: PaymentStatus; fulfilment?: FulfilmentStatus };
  /** The order_events type it records. */
  event: string;
  /** How a refusal names it: "Cannot <verb>: …". */
  verb: string;
}

export const orderStateMachine: Readonly<Record<OrderActionName, OrderActionRule>> = {
  pack: {
    methods: "any",
    from: { payment: ["paid", "cod_due"], fulfilment: ["unfulfilled"] },
    to: { fulfilment: "packed" },
    event: "packed",
    verb: "mark the order packed",
  },
  ship: {
    methods: "any",
    from: { payment: ["paid", "cod_due"], fulfilment: ["unfulfilled", "packed"] },
    to: { fulfilment: "shipped" },
    event: "shipped",
    verb: "mark the order shipped",
  },
  deliver: {
    methods: "any",
    from: { payment: ["paid", "cod_due", "cod_collected"], fulfilment: ["shipped"] },
    to: { fulfilment: "delivered" },
    event: "delivered",
    verb: "mark the order delivered",
  },
  collect_cash: {
    methods: ["cod"],
    from: { payment: ["cod_due"], fulfilment: ["shipped", "delivered"] },
    to: { payment: "cod_collected" },
    event: "cash_collected",
    verb: "record the cash as collected",
  },
  cancel: {
    methods: "any",
    // "refunded": the provider gave the money back just before the cancel (routes/admin/order-routes.ts).
    from: { payment: ["pending", "paid", "cod_due", "refunded"], fulfilment: ["unfulfilled", "packed"] },
    to: { fulfilment: "cancelled" },
    event: "cancelled",
    verb: "cancel the order",
  },
};

export const orderActionNames = Object.keys(orderStateMachine) as OrderActionName[];

export interface OrderState {
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
}

export type ActionDecision =
  /** Allowed: the order moves to `next`. */
  | { kind: "apply"; next: { paymentStatus: PaymentStatus; fulfilmentStatus: FulfilmentStatus } }
  /** Already done: answer as before and change nothing. */
  | { kind: "repeat" }
  | { kind: "refuse"; message: string };

const paymentWords: Record<PaymentStatus, string> = {
  pending: "awaiting payment",
  paid: "paid",
  cod_due: "waiting for its cash on delivery",
  cod_collected: "paid in cash",
  refunded: "refunded",
};
const fulfilmentWords: Record<FulfilmentStatus, string> = {
  unfulfilled: "not yet packed",
  packed: "packed",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
};

/** What an action does to an order in this state. */
export function decideAction(action: OrderActionName, state: OrderState): ActionDecision {
  const rule = orderStateMachine[action];
  if (rule.methods !== "any" && !rule.methods.includes(state.paymentMethod)) {
    return {
      kind: "refuse",
      message: `Cannot ${rule.verb}: that is only for ${rule.methods.map(methodName).join(" or ")} orders, and this one is paid by ${methodName(state.paymentMethod)}.`,
    };
  }
  const done =
    (rule.to.fulfilment === undefined || rule.to.fulfilment === state.fulfilmentStatus) &&
    (rule.to.payment === undefined || rule.to.payment === state.paymentStatus);
  if (done) return { kind: "repeat" };
  if (!rule.from.fulfilment.includes(state.fulfilmentStatus)) {
    return { kind: "refuse", message: `Cannot ${rule.verb}: it is ${fulfilmentWords[state.fulfilmentStatus]}.` };
  }
  if (!rule.from.payment.includes(state.paymentStatus)) {
    return { kind: "refuse", message: `Cannot ${rule.verb}: it is ${paymentWords[state.paymentStatus]}.` };
  }
  return {
    kind: "apply",
    next: {
      paymentStatus: rule.to.payment ?? state.paymentStatus,
      fulfilmentStatus: rule.to.fulfilment ?? state.fulfilmentStatus,
    },
  };
}

/** The actions an order in this state offers now (its buttons). */
export function availableActions(state: OrderState): OrderActionName[] {
  return orderActionNames.filter((action) => decideAction(action, state).kind === "apply");
}

function methodName(method: string): string {
  return method === "cod" ? "cash on delivery" : method;
}

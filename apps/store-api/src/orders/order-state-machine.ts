import type { AdminOrderAction } from "@herbo/hosted-api/admin";
import { fulfilmentStatuses, type FulfilmentStatus, type PaymentStatus } from "../db/schema.ts";

/**
 * The back office's order actions as data: from which payment and fulfilment states each is allowed, for
 * which payment methods, and where it leads when that is fixed. The statuses themselves only move as
 * order-states.ts allows (a test holds this table to it). The API, the buttons an order shows and the
 * tests all read this one table.
 */

export type OrderActionName = AdminOrderAction;

export interface OrderActionRule {
  /** Payment methods the action applies to ("card", "cod", …); "any" for every method. */
  methods: "any" | readonly string[];
  from: { payment: readonly PaymentStatus[]; fulfilment: readonly FulfilmentStatus[] };
  /**
   * The state the action leaves, when it is fixed; repeating the action in that state changes nothing.
   * Undefined when the outcome depends on the request (a return, a refund).
   */
  to?: { payment?: PaymentStatus; fulfilment?: FulfilmentStatus };
  /** The order_events type it records. */
  event: string;
  /** How a refusal names it: "Cannot <verb>: …". */
  verb: string;
}

/** Payment states in which the shop holds or is owed the order's money (not refunded in full). */
const moneyKept: readonly PaymentStatus[] = ["paid", "cod_due", "cod_collected", "refund_due", "partially_refunded"];
const afterShipping: readonly FulfilmentStatus[] = ["shipped", "delivered"];

export const orderStateMachine: Readonly<Record<OrderActionName, OrderActionRule>> = {
  confirm: {
    methods: ["cod"],
    from: { payment: ["cod_due"], fulfilment: ["unconfirmed"] },
    to: { fulfilment: "unfulfilled" },
    event: "confirmed",
    verb: "confirm the order",
  },
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
    from: {
      payment: ["paid", "cod_due", "cod_collected", "refund_due", "partially_refunded"],
      fulfilment: ["shipped"],
    },
    to: { fulfilment: "delivered" },
    event: "delivered",
    verb: "mark the order delivered",
  },
  collect_cash: {
    methods: ["cod"],
    from: { payment: ["cod_due"], fulfilment: afterShipping },
    to: { payment: "cod_collected" },
    event: "cash_collected",
    verb: "record the cash as collected",
  },
  cancel: {
    methods: "any",
    // "refunded": refunded by an earlier version just before a cancel that did not happen.
    from: { payment: ["pending", "paid", "cod_due", "refunded"], fulfilment: ["unconfirmed", "unfulfilled", "packed"] },
    to: { fulfilment: "cancelled" },
    event: "cancelled",
    verb: "cancel the order",
  },
  correct_shipment: {
    methods: "any",
    from: { payment: [...moneyKept, "refunded"], fulfilment: afterShipping },
    event: "shipment_corrected",
    verb: "correct the shipment",
  },
  undo_delivery: {
    methods: "any",
    from: { payment: [...moneyKept, "refunded"], fulfilment: ["delivered"] },
    to: { fulfilment: "shipped" },
    event: "delivery_undone",
    verb: "undo the delivery",
  },
  undo_cash_collection: {
    methods: ["cod"],
    from: { payment: ["cod_collected"], fulfilment: afterShipping },
    to: { payment: "cod_due" },
    event: "cash_collection_undone",
    verb: "undo the cash collection",
  },
  take_return: {
    methods: "any",
    from: { payment: moneyKept, fulfilment: afterShipping },
    event: "returned",
    verb: "take a return",
  },
  record_refund: {
    methods: "any",
    from: {
      payment: ["refund_due"],
      fulfilment: fulfilmentStatuses,
    },
    event: "refund_recorded",
    verb: "record a refund",
  },
  retry_refund: {
    methods: "any",
    from: {
      payment: ["refund_due"],
      fulfilment: fulfilmentStatuses,
    },
    event: "refund_retried",
    verb: "send the refund again",
  },
};

export const orderActionNames = Object.keys(orderStateMachine) as OrderActionName[];

export interface OrderState {
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
}

export type ActionDecision =
  /** Allowed: the order moves to `next` (for a fixed outcome; the action works out the rest). */
  | { kind: "apply"; next: { paymentStatus: PaymentStatus; fulfilmentStatus: FulfilmentStatus } }
  /** Already done: answer as before and change nothing. */
  | { kind: "repeat" }
  | { kind: "refuse"; message: string };

export const paymentWords: Readonly<Record<PaymentStatus, string>> = {
  pending: "awaiting payment",
  paid: "paid",
  cod_due: "waiting for its cash on delivery",
  cod_collected: "paid in cash",
  refund_due: "waiting for a refund to be made",
  partially_refunded: "partly refunded",
  refunded: "refunded",
};
export const fulfilmentWords: Readonly<Record<FulfilmentStatus, string>> = {
  unconfirmed: "not yet confirmed with the shopper",
  unfulfilled: "not yet packed",
  packed: "packed",
  shipped: "shipped",
  delivered: "delivered",
  returned: "returned",
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
  const { to } = rule;
  if (
    to !== undefined &&
    (to.fulfilment === undefined || to.fulfilment === state.fulfilmentStatus) &&
    (to.payment === undefined || to.payment === state.paymentStatus)
  ) {
    return { kind: "repeat" };
  }
  if (!rule.from.fulfilment.includes(state.fulfilmentStatus)) {
    return { kind: "refuse", message: `Cannot ${rule.verb}: it is ${fulfilmentWords[state.fulfilmentStatus]}.` };
  }
  if (!rule.from.payment.includes(state.paymentStatus)) {
    return { kind: "refuse", message: `Cannot ${rule.verb}: it is ${paymentWords[state.paymentStatus]}.` };
  }
  return {
    kind: "apply",
    next: {
      paymentStatus: to?.payment ?? state.paymentStatus,
      fulfilmentStatus: to?.fulfilment ?? state.fulfilmentStatus,
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

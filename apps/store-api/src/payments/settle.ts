import type { FastifyBaseLogger } from "fastify";
import {
  findCheckoutSession,
  lockCheckoutSession,
  releaseExpiredSessions,
  holdSessionForOrder,
  sellSession,
  type SessionRow,
} from "../checkout/sessions.ts";
import { useCodeHold } from "../checkout/discount-codes.ts";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database, Transaction } from "../db/connection.ts";
import { checkCashOnDelivery, type CashOnDeliveryLimits } from "../orders/cash-on-delivery-limits.ts";
import { recordOrderEvent } from "../orders/order-moves.ts";
import { findOrderBySession, placeOrder, type OrderPayment, type OrderRow } from "../orders/place-order.ts";
import {
  findAttempt,
  lockAttempt,
  moveAttempt,
  postponeAttempt,
  recordAttempt,
  type AttemptOrder,
  type NewAttempt,
  type PaymentAttemptRow,
} from "./attempts.ts";
import type { PaymentProvider, ProviderVerdict } from "./provider.ts";

/** What settling a payment needs: the database, the clock and the order's settings. */
export interface PaymentServices {
  db: Database;
  now: () => Date;
  /** The providers of PAYMENT_METHODS by name. */
  providers: ReadonlyMap<string, PaymentProvider>;
  publicUrl: string;
  shopName: string;
  shopEmail: string | undefined;
  log: FastifyBaseLogger;
  /** Called after anything that changes available stock. */
  onStockChange: () => void;
  /** Called after an order and its emails were committed. */
  onOrderPlaced: () => void;
  /** How a capture owed back is asked about again when its refund did not go through. */
  refundRetryMs?: number;
  /** How much cash on delivery one shopper may order before the shop has called them. */
  cashOnDelivery?: CashOnDeliveryLimits;
}

export type SettleOutcome =
  | { kind: "placed" | "already_placed"; order: OrderRow; session: SessionRow }
  | { kind: "pending" }
  | { kind: "failed"; reason: string }
  /** The answer is not the provider's word about this attempt (another checkout, a bad signature): nothing recorded. */
  | { kind: "refused"; reason: string }
  /** Money was taken that is no order's payment: it is refunded in full (by the provider, or by the owner). */
  | { kind: "refund_due"; reason: string; order: OrderRow | undefined }
  /** An instant payment for a checkout that is no longer open, or whose details changed meanwhile: nothing taken. */
  | { kind: "closed"; session: SessionRow | undefined }
  | { kind: "changed" }
  /** An instant payment the shop does not take for this order (too many unconfirmed cash orders): nothing recorded. */
  | { kind: "declined"; message: string };

/** Inside the settling transaction: the outcome, and what to do once it committed. */
type Settled = SettleOutcome & { reference?: string };

/**
 * Places the order of a captured payment, or owes the money back, under the attempt's and the session's
 * row locks: the one place an order is placed. A capture whose amount or currency differs from the
 * attempt, or whose checkout was paid another way or closed, is refunded in full.
 */
async function settleCapture(
  tx: Transaction,
  services: PaymentServices,
  attempt: PaymentAttemptRow,
  verdict: Extract<ProviderVerdict, { status: "paid" }>,
  now: Date,
): Promise<Settled> {
  const paymentReference = verdict.payment.reference;
  if (attempt.status === "paid") {
    const found = await findCheckoutSession(tx, attempt.sessionId);
    const order = await findOrderBySession(tx, attempt.sessionId);
    if (found === undefined || order === undefined) throw new Error(`Paid attempt ${attempt.id} has no order`);
    return { kind: "already_placed", order, session: found.session };
  }
  if (attempt.status === "refund_due" || attempt.status === "refunded") {
    return { kind: "refund_due", reason: attempt.lastError ?? "Owed back", order: undefined };
  }
  if (verdict.providerAmount !== attempt.providerAmount || verdict.currencyCode !== attempt.currencyCode) {
    const reason = `The provider reported ${verdict.providerAmount} ${verdict.currencyCode} (its units) for a payment of ${attempt.providerAmount} ${attempt.currencyCode}: refund it`;
    await moveAttempt(tx, attempt.id, "refund_due", { lastError: reason, paymentReference }, now);
    services.log.error(
      {
        session: attempt.sessionId,
        provider: attempt.provider,
        reference: attempt.reference,
        expected: { amount: attempt.providerAmount, currency: attempt.currencyCode },
        received: { amount: verdict.providerAmount, currency: verdict.currencyCode },
      },
      "payment amount or currency does not match the order: refunding it",
    );
    return { kind: "refund_due", reason, order: undefined };
  }
  const found = await lockCheckoutSession(tx, attempt.sessionId);
  if (found === undefined) throw new Error(`Payment attempt ${attempt.id} has no checkout`);
  if (found.session.status === "open") {
    // Cash on delivery holds its stock until the shop has confirmed the order by phone; a payment sells it.
    const session =
      verdict.payment.method === "cod"
        ? await holdSessionForOrder(tx, found.session.id, now)
        : await sellSession(tx, found.session.id, now);
    if (session === undefined) throw new Error(`Checkout ${found.session.id} did not close under its lock`);
    const order = await placeOrder(
      tx,
      { session, lines: found.lines, attempt, payment: verdict.payment },
      { now, publicUrl: services.publicUrl, shopName: services.shopName, shopEmail: services.shopEmail },
    );
    // The checkout's discount code is used by this order, in the same transaction: both or neither.
    await useCodeHold(tx, session.id, order.id, now);
    await moveAttempt(tx, attempt.id, "paid", { lastError: null, paymentReference }, now);
    return { kind: "placed", order, session };
  }
  const order = found.session.status === "paid" ? await findOrderBySession(tx, found.session.id) : undefined;
  const reason =
    order === undefined
      ? "Paid after the checkout was closed: refund it in full"
      : `Paid twice: order ${order.number} was already paid by ${order.paymentProvider}; refund this payment in full`;
  await moveAttempt(tx, attempt.id, "refund_due", { lastError: reason, paymentReference }, now);
  if (order !== undefined) {
    await recordOrderEvent(tx, order.id, {
      at: now,
      actor: "system",
      type: "payment_duplicate",
      data: { provider: attempt.provider, reference: paymentReference, amount: attempt.amount, refund: "to_make" },
    });
  }
  return { kind: "refund_due", reason, order };
}

/** Whether a checkout still has the details and amounts a payment was started with. */
function isStillFor(session: SessionRow, order: AttemptOrder): boolean {
  return (
    session.customer !== null &&
    session.shippingAmount === order.shippingAmount &&
    session.totalAmount === order.subtotalAmount &&
    JSON.stringify(session.customer) === JSON.stringify(order.customer)
  );
}

/** After the settling transaction committed: tell the rest of the app, and try to give owed money back. */
async function afterSettling(services: PaymentServices, attempt: PaymentAttemptRow, outcome: Settled) {
  const facts = { session: attempt.sessionId, provider: attempt.provider, reference: attempt.reference };
  if (outcome.kind === "placed") {
    services.onStockChange();
    services.onOrderPlaced();
    services.log.info({ order: outcome.order.number, ...facts }, "order placed");
  } else if (outcome.kind === "refund_due") {
    services.log.error({ ...facts, amount: attempt.amount, currency: attempt.currencyCode }, outcome.reason);
    await refundCapture(services, attempt.id);
  }
}

/**
 * Acts on a provider's verdict about an attempt: the one path for returns, webhooks, reconciliation and
 * the checkout's own questions, so whichever comes first wins and a repeat changes nothing.
 */
export async function settlePayment(
  services: PaymentServices,
  attemptId: string,
  verdict: ProviderVerdict,
): Promise<SettleOutcome> {
  const { db, log } = services;
  const now = services.now();
  switch (verdict.status) {
    case "pending":
      return { kind: "pending" };
    case "refused":
      log.warn({ attempt: attemptId, reason: verdict.reason }, "refused a provider answer");
      return { kind: "refused", reason: verdict.reason };
    case "failed": {
      if (await moveAttempt(db, attemptId, "failed", { lastError: verdict.reason }, now)) {
        // With no payment left in flight, a session whose hold is over goes back to stock now.
        if ((await releaseExpiredSessions(db, now)) > 0) services.onStockChange();
      }
      return { kind: "failed", reason: verdict.reason };
    }
    case "paid":
      break;
  }
  let attempt: PaymentAttemptRow | undefined;
  const settled = await db.transaction(async (tx) => {
    attempt = await lockAttempt(tx, attemptId);
    if (attempt === undefined) throw new Error(`No payment attempt ${attemptId}`);
    return settleCapture(tx, services, attempt, verdict, now);
  });
  if (attempt !== undefined) await afterSettling(services, attempt, settled);
  return settled;
}

/**
 * A payment that is decided as it is made (the sandbox's test cards, cash on delivery): recorded as an
 * attempt and settled in one transaction, through the same path as a provider's payment. Refused when the
 * checkout closed or its details changed since the payment step was shown (nothing was taken).
 */
export async function settleInstantPayment(
  services: PaymentServices,
  input: Omit<NewAttempt, "status" | "firstCheckAt">,
  payment: OrderPayment,
): Promise<SettleOutcome> {
  const { db } = services;
  const now = services.now();
  let attempt: PaymentAttemptRow | undefined;
  const settled = await db.transaction(async (tx): Promise<Settled> => {
    const found = await lockCheckoutSession(tx, input.sessionId);
    if (found === undefined) return { kind: "closed", session: undefined };
    const { session } = found;
    if (session.status !== "open" || session.expiresAt <= now) return { kind: "closed", session };
    if (!isStillFor(session, input.order)) return { kind: "changed" };
    if (payment.method === "cod" && services.cashOnDelivery !== undefined) {
      const refusal = await checkCashOnDelivery(
        tx,
        {
          clientKey: session.clientKey,
          phone: input.order.customer.phone,
          email: input.order.customer.email,
          total: input.started.amount,
          currencyCode: input.started.currencyCode,
        },
        services.cashOnDelivery,
      );
      if (refusal !== undefined) return { kind: "declined", message: refusal };
    }
    attempt = await recordAttempt(tx, { ...input, status: "pending", firstCheckAt: now });
    return settleCapture(
      tx,
      services,
      attempt,
      {
        status: "paid",
        providerAmount: input.started.providerAmount,
        currencyCode: input.started.currencyCode,
        payment,
      },
      now,
    );
  });
  if (settled.kind === "closed" && settled.session?.status === "open") {
    if ((await releaseExpiredSessions(db, now)) > 0) services.onStockChange();
  }
  if (attempt !== undefined) await afterSettling(services, attempt, settled);
  return settled;
}

/**
 * Records a payment a provider has just started. It is pending, unless the checkout closed or its details
 * changed while the provider was starting it: then it is recorded superseded (the provider has it, so it
 * is asked about until its final answer, and money it takes is given back), and the shopper pays again.
 */
export async function recordStartedPayment(
  services: PaymentServices,
  input: Omit<NewAttempt, "status">,
): Promise<{ attempt: PaymentAttemptRow; superseded: boolean }> {
  return services.db.transaction(async (tx) => {
    const found = await lockCheckoutSession(tx, input.sessionId);
    const current = found !== undefined && found.session.status === "open" && isStillFor(found.session, input.order);
    const attempt = await recordAttempt(tx, { ...input, status: current ? "pending" : "superseded" });
    return { attempt, superseded: !current };
  });
}

/**
 * Gives back in full money an attempt took that became no order (refund_due), through its provider when
 * it can refund; otherwise the owner refunds it and records it. A refused or unreachable refund is tried
 * again by the reconciliation job. The idempotency key is the attempt's, so a repeat refunds once.
 */
export async function refundCapture(
  services: PaymentServices,
  attemptId: string,
): Promise<"refunded" | "to_make" | "retry"> {
  const { db, log } = services;
  const now = services.now();
  const attempt = await findAttempt(db, attemptId);
  if (attempt === undefined || attempt.status === "refunded") return "refunded";
  if (attempt.status !== "refund_due") return "to_make";
  const provider = services.providers.get(attempt.provider);
  const facts = { session: attempt.sessionId, provider: attempt.provider, reference: attempt.reference };
  if (provider?.refundPayment === undefined || attempt.paymentReference === null) {
    // Pushed far out: the owner makes this refund and records it in the back office.
    await postponeAttempt(db, attempt.id, new Date(now.getTime() + 365 * 24 * 60 * 60_000), now);
    return "to_make";
  }
  try {
    const { refundReference } = await provider.refundPayment({
      reference: attempt.paymentReference,
      attemptReference: attempt.reference,
      amount: attempt.amount,
      currencyCode: attempt.currencyCode,
      decimalDigits: (await listCurrencies(db)).get(attempt.currencyCode)?.decimalDigits ?? 2,
      whole: true,
      idempotencyKey: `refund_${attempt.id}`,
    });
    if (await moveAttempt(db, attempt.id, "refunded", { refundReference }, now)) {
      log.warn(
        { ...facts, amount: attempt.amount, currency: attempt.currencyCode },
        "refunded a payment that became no order",
      );
    }
    return "refunded";
  } catch (error) {
    // Why it is owed stays as it was: the provider's refusal goes to the log for the owner.
    await postponeAttempt(db, attempt.id, new Date(now.getTime() + (services.refundRetryMs ?? 10 * 60_000)), now);
    log.error(
      {
        ...facts,
        err: { name: error instanceof Error ? error.name : "unknown" },
        reason: error instanceof Error ? error.message.slice(0, 200) : "unknown",
      },
      "could not refund a payment that became no order",
    );
    return "retry";
  }
}

import type { PaymentAttemptStatus } from "../db/schema.ts";
import type { TransitionTable } from "./transitions.ts";

/**
 * A payment attempt: a payment started at a provider for one amount, currency and set of delivery details.
 * Only payments/attempts.ts moves it.
 *
 * - pending: open at the provider.
 * - superseded: the shopper moved on (changed details, chose another payment, cancelled) but the provider
 *   cannot stop it (Khalti, eSewa): it is asked about until the provider's final answer.
 * - paid: captured, and it is its order's payment.
 * - failed: the provider's final answer is that it will not be paid (or we stopped it there).
 * - abandoned: the provider still called it pending a day after it expired.
 * - refund_due: money was captured that is no order's payment (its checkout was paid another way or
 *   closed, or the amount did not match): it is refunded in full, by the provider or by the owner.
 * - refunded: that money went back.
 *
 * Money that arrives after we gave up on an attempt (failed, abandoned) still moves it, so it is never lost.
 */
export const attemptLifecycle: TransitionTable<PaymentAttemptStatus> = {
  pending: ["superseded", "paid", "failed", "abandoned", "refund_due"],
  superseded: ["paid", "failed", "abandoned", "refund_due"],
  paid: [],
  failed: ["paid", "refund_due"],
  abandoned: ["paid", "failed", "refund_due"],
  refund_due: ["refunded"],
  refunded: [],
};

/** Attempts a provider may still take money for: reconciliation asks about them, and they hold their checkout's stock. */
export const openAttemptStatuses = ["pending", "superseded"] as const satisfies readonly PaymentAttemptStatus[];

export function isOpenAttempt(status: PaymentAttemptStatus): boolean {
  return (openAttemptStatuses as readonly PaymentAttemptStatus[]).includes(status);
}

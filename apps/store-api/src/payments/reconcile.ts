import { releaseExpiredSessions } from "../checkout/sessions.ts";
import { claimDueAttempts, moveAttempt, postponeAttempt } from "./attempts.ts";
import { canConfirm, confirmPayment } from "./provider-calls.ts";
import { refundCapture, type SettleOutcome, type PaymentServices } from "./settle.ts";

export interface ReconcileTiming {
  /** How long a claimed attempt is left to this copy before another may ask about it. */
  leaseMs: number;
  /** How long to wait before asking again about a payment the provider has not decided. */
  recheckMs: number;
  /** How long past its expiry a payment the provider still calls pending is waited for. */
  abandonAfterMs: number;
  /** Attempts handled per pass. */
  batchSize: number;
}

export const defaultReconcileTiming: ReconcileTiming = {
  leaseMs: 2 * 60_000,
  recheckMs: 2 * 60_000,
  abandonAfterMs: 24 * 60 * 60_000,
  batchSize: 20,
};

export interface ReconcileReport {
  checked: number;
  placed: number;
  failed: number;
  pending: number;
  /** Captures that became no order, given back this pass. */
  refunded: number;
  /** Order refunds a stopped process left unsent, sent this pass. */
  resumed?: number;
}

/**
 * One pass of the reconciliation job: for payments still open at a provider (pending, or superseded by a
 * change the provider could not stop) whose time to be asked has come (every open one with
 * `everyPending`, as after a restart), asks the provider, then places the order or releases the
 * reservation; and money owed back is refunded. A payment whose webhook was lost, or whose shopper never
 * came back, is found here. Several API copies can run it at once: each attempt is claimed with a lease.
 */
export async function reconcilePayments(
  services: PaymentServices,
  options: { everyPending: boolean; timing?: ReconcileTiming },
): Promise<ReconcileReport> {
  const timing = options.timing ?? defaultReconcileTiming;
  const now = services.now();
  const claimed = await claimDueAttempts(services.db, {
    now,
    leaseUntil: new Date(now.getTime() + timing.leaseMs),
    limit: timing.batchSize,
    everyPending: options.everyPending,
  });
  const report: ReconcileReport = { checked: 0, placed: 0, failed: 0, pending: 0, refunded: 0 };
  for (const attempt of claimed) {
    if (attempt.status === "refund_due") {
      if ((await refundCapture(services, attempt.id)) === "refunded") report.refunded += 1;
      continue;
    }
    const provider = services.providers.get(attempt.provider);
    if (!canConfirm(provider)) {
      services.log.warn(
        { provider: attempt.provider, session: attempt.sessionId },
        "no provider to ask about a payment",
      );
      continue;
    }
    report.checked += 1;
    let outcome: SettleOutcome;
    try {
      outcome = await confirmPayment(services, provider, attempt);
    } catch (error) {
      // Unreachable or unreadable: the lease runs out and the next pass asks again.
      services.log.warn(
        {
          provider: attempt.provider,
          session: attempt.sessionId,
          err: { name: error instanceof Error ? error.name : "unknown" },
        },
        "could not ask a payment provider",
      );
      continue;
    }
    switch (outcome.kind) {
      case "placed":
      case "already_placed":
        report.placed += 1;
        break;
      case "failed":
      case "refused":
      case "refund_due":
      case "closed":
      case "changed":
        report.failed += 1;
        break;
      case "pending": {
        report.pending += 1;
        if (now.getTime() > attempt.expiresAt.getTime() + timing.abandonAfterMs) {
          const reason = "The provider still calls it pending a day after it expired: check it with the provider";
          if (await moveAttempt(services.db, attempt.id, "abandoned", { lastError: reason }, now)) {
            services.log.error(
              { provider: attempt.provider, session: attempt.sessionId, reference: attempt.reference },
              reason,
            );
            if ((await releaseExpiredSessions(services.db, now)) > 0) services.onStockChange();
          }
        } else {
          await postponeAttempt(services.db, attempt.id, new Date(now.getTime() + timing.recheckMs), now);
        }
        break;
      }
    }
  }
  return report;
}

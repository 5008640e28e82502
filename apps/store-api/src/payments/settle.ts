import type { FastifyBaseLogger } from "fastify";
import { releaseExpiredSessions, type SessionRow } from "../checkout/service.ts";
import type { Database } from "../db/connection.ts";
import { orderEvents } from "../db/schema.ts";
import { placeOrder, type OrderRow } from "../orders/place-order.ts";
import { closeAttempt, type PaymentAttemptRow } from "./attempts.ts";
import type { PaymentProvider, ProviderVerdict } from "./provider.ts";

/** What settling a provider payment needs: the database, the clock and the order's settings. */
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
}

export type SettleOutcome =
  | { kind: "placed" | "already_placed"; order: OrderRow; session: SessionRow }
  | { kind: "pending" }
  | { kind: "failed"; reason: string }
  /** The answer did not match the attempt (amount, currency, reference): nothing recorded but the refusal. */
  | { kind: "refused"; reason: string }
  /** Paid, but the checkout had closed without it: logged for the owner to refund. */
  | { kind: "unmatched"; reason: string };

/**
 * Acts on a provider's verdict about an attempt: places the order for a confirmed payment whose amount
 * and currency match what was asked, or closes the attempt. The one path for returns, webhooks and
 * reconciliation, so whichever comes first wins and a repeat changes nothing (the order is unique per
 * session; the attempt moves out of pending once).
 */
export async function settleAttempt(
  services: PaymentServices,
  attempt: PaymentAttemptRow,
  verdict: ProviderVerdict,
): Promise<SettleOutcome> {
  const { db, log } = services;
  const now = services.now();
  const facts = { session: attempt.sessionId, provider: attempt.provider, reference: attempt.reference };
  switch (verdict.status) {
    case "pending":
      return { kind: "pending" };
    case "refused": {
      log.warn({ ...facts, reason: verdict.reason }, "refused a provider answer");
      return { kind: "refused", reason: verdict.reason };
    }
    case "failed": {
      if (await closeAttempt(db, attempt.id, "failed", verdict.reason, now)) {
        // With no payment left in flight, a session whose hold is over goes back to stock now.
        if ((await releaseExpiredSessions(db, now)) > 0) services.onStockChange();
      }
      return { kind: "failed", reason: verdict.reason };
    }
    case "paid":
      break;
  }
  if (verdict.providerAmount !== attempt.providerAmount || verdict.currencyCode !== attempt.currencyCode) {
    const reason = `The provider reported ${verdict.providerAmount} ${verdict.currencyCode} (its units) for a payment of ${attempt.providerAmount} ${attempt.currencyCode}`;
    await closeAttempt(db, attempt.id, "refused", reason, now);
    log.error(
      {
        ...facts,
        expected: { amount: attempt.providerAmount, currency: attempt.currencyCode },
        received: { amount: verdict.providerAmount, currency: verdict.currencyCode },
      },
      "payment amount or currency does not match the order: refused, check it with the provider",
    );
    return { kind: "refused", reason };
  }
  const placed = await placeOrder(db, attempt.sessionId, verdict.payment, {
    now,
    publicUrl: services.publicUrl,
    shopName: services.shopName,
    shopEmail: services.shopEmail,
    providerConfirmed: true,
  });
  services.onStockChange();
  switch (placed.kind) {
    case "placed":
      await closeAttempt(db, attempt.id, "paid", null, now);
      services.onOrderPlaced();
      log.info({ order: placed.order.number, ...facts }, "order placed");
      return placed;
    case "already_placed": {
      const sameAttempt =
        placed.order.paymentProvider === verdict.payment.provider &&
        placed.order.paymentReference === verdict.payment.reference;
      if (sameAttempt) {
        await closeAttempt(db, attempt.id, "paid", null, now);
        return placed;
      }
      // A second payment for a checkout that another one already paid: the owner must refund it.
      const reason = `Paid twice: order ${placed.order.number} was already paid by ${placed.order.paymentProvider}`;
      if (await closeAttempt(db, attempt.id, "unmatched", reason, now)) {
        await db.insert(orderEvents).values({
          orderId: placed.order.id,
          at: now,
          actor: "system",
          type: "payment_duplicate",
          data: {
            provider: attempt.provider,
            reference: verdict.payment.reference,
            amount: attempt.amount,
            refund: "to_make",
          },
        });
        log.error({ ...facts, order: placed.order.number }, "second payment for an order already paid: refund it");
      }
      return placed;
    }
    case "closed":
    case "details_missing":
    case "unknown": {
      const reason = "Paid after the checkout was closed: refund it, or fulfil it by hand";
      if (await closeAttempt(db, attempt.id, "unmatched", reason, now)) {
        log.error({ ...facts, amount: attempt.amount, currency: attempt.currencyCode }, reason);
      }
      return { kind: "unmatched", reason };
    }
  }
}

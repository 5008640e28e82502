import type { IncomingHttpHeaders } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { SessionRow } from "../checkout/sessions.ts";
import { findAttemptByReference, moveAttempt, openAttemptsOfSession, type PaymentAttemptRow } from "./attempts.ts";
import type { InitiateOutcome, PaymentContext, PaymentProvider, ProviderVerdict } from "./provider.ts";
import { settlePayment, type PaymentServices, type SettleOutcome } from "./settle.ts";

/**
 * The front door for every provider call that moves money: starting a payment, confirming one (ask the
 * provider, then settle with its answer), stopping one, and reading a webhook. Refunds go out through
 * refund-sending.ts and settle.ts. The hosted checkout, the webhook route and reconciliation ask here,
 * so "authorize, then settle" is written once.
 */

/** A provider's kind for the log: never its message, which may carry a key or the shopper's details. */
export function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}${"code" in error ? `:${String(error.code)}` : ""}` : "unknown";
}

/** Whether the provider can be asked about a payment after it started. */
export function canConfirm(
  provider: PaymentProvider | undefined,
): provider is PaymentProvider & Required<Pick<PaymentProvider, "authorizePayment">> {
  return provider?.authorizePayment !== undefined;
}

/** Asks the provider to start a payment for the checkout (a network call for most). */
export async function startPayment(
  provider: PaymentProvider,
  context: PaymentContext,
  form: Readonly<Record<string, unknown>>,
  now: Date,
): Promise<InitiateOutcome> {
  return provider.initiatePayment(context, form, now);
}

/**
 * Asks the provider what became of a payment (with what the shopper or a webhook brought back, if
 * anything) and settles the attempt with its answer. Throws when the provider cannot be reached.
 */
export async function confirmPayment(
  services: PaymentServices,
  provider: PaymentProvider & Required<Pick<PaymentProvider, "authorizePayment">>,
  attempt: PaymentAttemptRow,
  returned?: Readonly<Record<string, string>>,
): Promise<SettleOutcome> {
  return settlePayment(services, attempt.id, await provider.authorizePayment(attempt, returned, services.now()));
}

/** Stops a payment at its provider where the provider allows it; false when it does not, or cannot be reached. */
async function stopPayment(provider: PaymentProvider | undefined, attempt: PaymentAttemptRow, log: FastifyBaseLogger) {
  if (provider?.cancelPayment === undefined) return false;
  try {
    await provider.cancelPayment(attempt);
    return true;
  } catch (error) {
    log.warn({ provider: attempt.provider, err: { name: errorName(error) } }, "could not stop a provider payment");
    return false;
  }
}

/**
 * Ends every payment still open at a provider for a checkout, before its details change, another payment
 * starts, or the shopper cancels: each is asked about first, and a paid one becomes the order (returned).
 * The others are stopped where the provider allows it (Stripe expires its Checkout Session); where it
 * does not (Khalti, eSewa), or the provider cannot be reached, they are superseded, and reconciliation
 * asks about them until their final answer.
 */
export async function endOpenPayments(
  services: PaymentServices,
  sessionId: string,
  reason: string,
  log: FastifyBaseLogger,
): Promise<{ session: SessionRow; order: { number: string; paymentMethod: string; accessToken: string } } | undefined> {
  for (const attempt of await openAttemptsOfSession(services.db, sessionId)) {
    const provider = services.providers.get(attempt.provider);
    try {
      if (canConfirm(provider)) {
        const settled = await confirmPayment(services, provider, attempt);
        if (settled.kind === "placed" || settled.kind === "already_placed") return settled;
        if (settled.kind !== "pending" && settled.kind !== "refused") continue;
      }
    } catch (error) {
      log.warn({ provider: attempt.provider, err: { name: errorName(error) } }, "could not ask a payment provider");
    }
    if (attempt.status !== "pending") continue;
    const stopped = await stopPayment(provider, attempt, log);
    await moveAttempt(
      services.db,
      attempt.id,
      stopped ? "failed" : "superseded",
      { lastError: reason },
      services.now(),
    );
  }
  return undefined;
}

export type WebhookOutcome =
  | { kind: "no_webhook" }
  /** Not the provider's word: a bad signature, an old timestamp, an unreadable body, or a refused verdict. */
  | { kind: "refused"; reason: string }
  | { kind: "ignored" }
  | { kind: "unknown_payment" }
  | { kind: "settled"; outcome: SettleOutcome["kind"] };

/**
 * A provider's webhook, its signature checked on the raw body before anything is read, then the payment
 * it names settled with the provider's verdict. A repeat settles nothing new.
 */
export async function receiveWebhook(
  services: PaymentServices,
  provider: PaymentProvider | undefined,
  request: { rawBody: Buffer; headers: IncomingHttpHeaders },
): Promise<WebhookOutcome> {
  if (provider?.getWebhookActionAndData === undefined) return { kind: "no_webhook" };
  const action = provider.getWebhookActionAndData(request, services.now());
  if (action.action === "refuse") return { kind: "refused", reason: action.reason };
  if (action.action === "ignore") return { kind: "ignored" };
  const attempt = await findAttemptByReference(services.db, provider.id, action.reference);
  const claimedSession = action.action === "settle" ? action.sessionId : null;
  if (attempt === undefined || (claimedSession !== null && claimedSession !== attempt.sessionId)) {
    return { kind: "unknown_payment" };
  }
  let verdict: ProviderVerdict;
  if (action.action === "settle") verdict = action.verdict;
  else if (canConfirm(provider)) verdict = await provider.authorizePayment(attempt, action.returned, services.now());
  else return { kind: "no_webhook" };
  if (verdict.status === "refused") return { kind: "refused", reason: verdict.reason };
  return { kind: "settled", outcome: (await settlePayment(services, attempt.id, verdict)).kind };
}

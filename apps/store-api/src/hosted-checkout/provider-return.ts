import type { FastifyBaseLogger } from "fastify";
import { findCheckoutSession, type SessionRow } from "../checkout/sessions.ts";
import { findOrderBySession } from "../orders/place-order.ts";
import { findAttemptByReference, type PaymentAttemptRow } from "../payments/attempts.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { canConfirm, confirmPayment, errorName } from "../payments/provider-calls.ts";
import type { SettleOutcome } from "../payments/settle.ts";
import { backToPaymentStep, paid, type CheckoutFlowOptions, type CheckoutOutcome } from "./flow-kit.ts";

type ConfirmingProvider = PaymentProvider & Required<Pick<PaymentProvider, "authorizePayment" | "referenceFromReturn">>;

/** A provider that sends the shopper back with a reference it can then be asked about. */
function takesReturns(provider: PaymentProvider | undefined): provider is ConfirmingProvider {
  return canConfirm(provider) && provider.referenceFromReturn !== undefined;
}

interface ReturnRequest {
  url: string;
  log: FastifyBaseLogger;
}

/** The shopper back from a provider: its answer is confirmed with the provider before anything is recorded. */
export async function returnFrom(
  options: CheckoutFlowOptions,
  sessionId: string,
  providerId: string,
  query: Readonly<Record<string, string>>,
  request: ReturnRequest,
): Promise<CheckoutOutcome> {
  const provider = options.providers.find((candidate) => candidate.id === providerId);
  const found = await findCheckoutSession(options.db, sessionId);
  if (found === undefined || !takesReturns(provider)) return { kind: "closed", session: undefined };
  const confirming = provider;
  const { session } = found;
  if (session.status === "paid") {
    // The webhook (or another tab) placed the order first.
    const order = await findOrderBySession(options.db, session.id);
    if (order !== undefined) return paid(session, order);
  }
  const reference = confirming.referenceFromReturn(query);
  const attempt =
    reference === undefined ? undefined : await findAttemptByReference(options.db, confirming.id, reference);
  if (session.status !== "open") return afterClose(options, session, confirming, attempt, query, request);
  const name = confirming.displayName;
  if (reference === undefined) {
    const message = `Your ${name} payment was not completed. Please try again, or choose another way to pay.`;
    return backToPaymentStep(options, session.id, message);
  }
  if (attempt?.sessionId !== session.id) {
    request.log.warn({ session: session.id, provider: confirming.id }, "a return named a payment of another checkout");
    return backToPaymentStep(options, session.id, notConfirmed(name));
  }
  let outcome: SettleOutcome;
  try {
    outcome = await confirmPayment(options.payments, confirming, attempt, query);
  } catch (error) {
    request.log.warn({ provider: confirming.id, err: { name: errorName(error) } }, "could not ask a payment provider");
    outcome = { kind: "pending" };
  }
  return pageAfterReturn(options, session, name, outcome, request.url);
}

const notConfirmed = (name: string) =>
  `We could not confirm this ${name} payment. If money left your account, please contact us.`;

/** A return to a checkout no longer open: money may still have left the shopper's account, and settling it gives it back. */
async function afterClose(
  options: CheckoutFlowOptions,
  session: SessionRow,
  provider: ConfirmingProvider,
  attempt: PaymentAttemptRow | undefined,
  query: Readonly<Record<string, string>>,
  request: ReturnRequest,
): Promise<CheckoutOutcome> {
  if (attempt?.sessionId === session.id) {
    try {
      await confirmPayment(options.payments, provider, attempt, query);
    } catch (error) {
      request.log.warn({ provider: provider.id, err: { name: errorName(error) } }, "could not ask a payment provider");
    }
  }
  return { kind: "closed", session };
}

/** Where the shopper goes once the provider's answer is settled. */
async function pageAfterReturn(
  options: CheckoutFlowOptions,
  session: SessionRow,
  name: string,
  outcome: SettleOutcome,
  checkAgainUrl: string,
): Promise<CheckoutOutcome> {
  switch (outcome.kind) {
    case "placed":
    case "already_placed":
      return paid(outcome.session, outcome.order);
    case "pending":
      return { kind: "pending", providerName: name, checkAgainUrl };
    case "failed":
      return backToPaymentStep(
        options,
        session.id,
        `Your ${name} payment was not completed, and nothing was charged. Please try again, or choose another way to pay.`,
      );
    case "refused":
      return backToPaymentStep(options, session.id, notConfirmed(name));
    case "refund_due":
      if (outcome.order !== undefined) {
        const placed = await findCheckoutSession(options.db, session.id);
        if (placed !== undefined) return paid(placed.session, outcome.order);
      }
      return backToPaymentStep(
        options,
        session.id,
        `This ${name} payment did not match your order, so it is being refunded in full. Please pay again.`,
      );
    default:
      return { kind: "closed", session: (await findCheckoutSession(options.db, session.id))?.session };
  }
}

import type { FastifyBaseLogger } from "fastify";
import { findCheckoutSession, recordPaymentError, type SessionRow } from "../checkout/sessions.ts";
import { findOrderBySession } from "../orders/place-order.ts";
import type { OrderPayment } from "../orders/place-order.ts";
import type { InitiateOutcome, PaymentContext, PaymentProvider, StartedPayment } from "../payments/provider.ts";
import { endOpenPayments, errorName, startPayment } from "../payments/provider-calls.ts";
import { recordStartedPayment, settleInstantPayment } from "../payments/settle.ts";
import {
  backToPaymentStep,
  contextOf,
  loadSession,
  paid,
  redirect,
  stepUrl,
  type CheckoutFlowOptions,
  type CheckoutOutcome,
} from "./flow-kit.ts";
import { offeredProviders } from "./payment-context.ts";

const changedMessage = "Your details changed while the payment was starting. Please check them and pay again.";

interface Client {
  ip: string;
  log: FastifyBaseLogger;
}

/** A payment form sent from step 2: pays at once, declines, or sends the shopper to the provider. */
export async function pay(
  options: CheckoutFlowOptions,
  sessionId: string,
  providerId: string,
  form: Readonly<Record<string, unknown>>,
  client: Client,
): Promise<CheckoutOutcome> {
  const found = await loadSession(options, sessionId);
  const session = found?.session;
  if (session?.status === "paid") {
    // The form sent again after the order was placed: the same success page, not a second order.
    const order = await findOrderBySession(options.db, session.id);
    if (order !== undefined) return paid(session, order);
  }
  if (found === undefined || session?.status !== "open") return { kind: "closed", session };
  const context = await contextOf(options, found);
  if (context === undefined) return redirect(stepUrl(session.id));
  const throttled = await throttle(options, session.id, providerId, client);
  if (throttled !== undefined) return throttled;
  const provider = offeredProviders(options.providers, context).find((candidate) => candidate.id === providerId);
  if (provider === undefined) {
    // A forged or stale form: say so and change nothing.
    const message = "That payment method is not available for this order. Please choose one of those below.";
    return { kind: "payment", status: 400, order: found, error: { providerId: "", message } };
  }
  // A payment started earlier (the shopper came back from Stripe and chose again) is settled or stopped first.
  const ended = await endOpenPayments(options.payments, session.id, "Replaced by another payment", client.log);
  if (ended !== undefined) return paid(ended.session, ended.order);
  const providerContext = (await contextOf(options, found, provider.id)) ?? context;
  let outcome: InitiateOutcome;
  try {
    outcome = await startPayment(provider, providerContext, form, options.now());
  } catch (error) {
    // The provider's message may be technical; the shopper reads ours, the log keeps its kind.
    client.log.warn({ provider: provider.id, err: { name: errorName(error) } }, "a payment provider refused to start");
    const message = `${provider.displayName} could not start the payment. Please try again, or choose another way to pay.`;
    return backToPaymentStep(options, session.id, message);
  }
  if (outcome.kind === "declined") return backToPaymentStep(options, session.id, outcome.message);
  if (outcome.kind === "redirect") return sendToProvider(options, session, provider, providerContext, outcome.started);
  return settleAtOnce(options, session, provider, providerContext, outcome.payment);
}

/** Too many payment attempts for this checkout or from this address: back to the step with how long to wait. */
async function throttle(
  options: CheckoutFlowOptions,
  sessionId: string,
  providerId: string,
  client: Client,
): Promise<CheckoutOutcome | undefined> {
  if (options.paymentLimits === undefined) return undefined;
  const waits = [
    await options.paymentLimits.perSession.take(sessionId),
    await options.paymentLimits.perAddress.take(client.ip),
  ].filter((wait): wait is number => wait !== null);
  if (waits.length === 0) return undefined;
  const minutes = Math.ceil(Math.max(...waits) / 60);
  client.log.warn({ provider: providerId }, "payment attempts throttled");
  return backToPaymentStep(
    options,
    sessionId,
    `Too many payment attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  );
}

function orderOf(context: PaymentContext) {
  return { customer: context.customer, subtotalAmount: context.subtotalAmount, shippingAmount: context.shippingAmount };
}

/** A payment made at the provider's page: recorded, then the shopper goes there (post/redirect/get). */
async function sendToProvider(
  options: CheckoutFlowOptions,
  session: SessionRow,
  provider: PaymentProvider,
  context: PaymentContext,
  started: StartedPayment,
): Promise<CheckoutOutcome> {
  const now = options.now();
  const { attempt, superseded } = await recordStartedPayment(options.payments, {
    id: context.attemptId,
    sessionId: session.id,
    provider: provider.id,
    started,
    order: orderOf(context),
    now,
    firstCheckAt: new Date(now.getTime() + options.firstCheckDelayMs),
  });
  if (superseded) return backToPaymentStep(options, session.id, changedMessage);
  await recordPaymentError(options.db, session.id, null);
  return redirect(`${stepUrl(session.id)}/continue/${encodeURIComponent(attempt.id)}`);
}

/** A payment decided at once (the sandbox card, cash on delivery): the order, or back to the step. */
async function settleAtOnce(
  options: CheckoutFlowOptions,
  session: SessionRow,
  provider: PaymentProvider,
  context: PaymentContext,
  payment: OrderPayment,
): Promise<CheckoutOutcome> {
  const settled = await settleInstantPayment(
    options.payments,
    {
      id: context.attemptId,
      sessionId: session.id,
      provider: provider.id,
      started: {
        reference: context.attemptId,
        amount: context.totalAmount,
        currencyCode: context.currencyCode,
        providerAmount: context.totalAmount,
        expiresAt: session.expiresAt,
        redirectUrl: null,
      },
      order: orderOf(context),
      now: options.now(),
    },
    payment,
  );
  switch (settled.kind) {
    case "placed":
    case "already_placed":
      return paid(settled.session, settled.order);
    case "changed":
      return backToPaymentStep(options, session.id, changedMessage);
    case "declined":
      return backToPaymentStep(options, session.id, settled.message);
    default:
      return placedMeanwhile(options, session.id);
  }
}

/** Another request (the same form sent twice) placed the order first: the same success page. */
async function placedMeanwhile(options: CheckoutFlowOptions, sessionId: string): Promise<CheckoutOutcome> {
  const current = (await findCheckoutSession(options.db, sessionId))?.session;
  const order = current?.status === "paid" ? await findOrderBySession(options.db, current.id) : undefined;
  if (current !== undefined && order !== undefined) return paid(current, order);
  return { kind: "closed", session: current };
}

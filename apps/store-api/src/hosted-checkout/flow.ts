import {
  cashOnDeliveryPayment,
  orderNumberParameter,
  receiptParameter,
  successPaymentParameter,
} from "@herbo/hosted-api";
import { receiptKeyOf } from "../orders/receipt.ts";
import type { FastifyBaseLogger } from "fastify";
import { listCurrencies } from "../catalog/repository.ts";
import { findMarketOfCountry, findMarketView, type MarketView } from "../markets/markets.ts";
import type { Database } from "../db/connection.ts";
import { findOrderBySession } from "../orders/place-order.ts";
import { findAttempt, findAttemptByReference, moveAttempt, openAttemptsOfSession } from "../payments/attempts.ts";
import type { ContinueTarget, PaymentContext, PaymentProvider } from "../payments/provider.ts";
import { recordStartedPayment, settleInstantPayment, settlePayment, type PaymentServices } from "../payments/settle.ts";
import type { RequestLimit } from "../request-counters.ts";
import { countryInSentence, validateDetails, type DetailsField, detailsFields } from "../checkout/details/index.ts";
import { offeredProviders, paymentContextOf } from "./payment-context.ts";
import {
  cancelSession,
  findCheckoutSession,
  recordPaymentError,
  releaseExpiredSessions,
  saveCustomerDetails,
  type SessionRow,
  type SessionWithLines,
} from "../checkout/sessions.ts";

/**
 * The hosted checkout's workflow: what each step does, as outcomes the routes turn into pages. The
 * routes parse; this decides; checkout/checkout-pages.ts draws.
 */

export type CheckoutOutcome =
  /** Step 1 with these values and errors. */
  | {
      kind: "details";
      status: number;
      order: SessionWithLines;
      values: Partial<Record<DetailsField, string>>;
      errors: Partial<Record<DetailsField, string>>;
      /** The address belongs to another market: where to shop for it instead. */
      otherMarket?: { country: string; market: MarketView };
    }
  /** Step 2, with a message on the section of the provider it concerns (or the first). */
  | { kind: "payment"; status: number; order: SessionWithLines; error: { providerId: string; message: string } | null }
  /** A checkout that cannot be paid: unknown, paid, cancelled or expired. */
  | { kind: "closed"; session: SessionRow | undefined }
  | { kind: "redirect"; location: string }
  /** The hand-over to a provider. */
  | { kind: "continue"; providerName: string; target: ContinueTarget }
  /** Back from a provider that has not decided yet. */
  | { kind: "pending"; providerName: string; checkAgainUrl: string };

export interface CheckoutFlowOptions {
  db: Database;
  now: () => Date;
  publicUrl: string;
  siteUrl: string;
  /** The providers of PAYMENT_METHODS, in its order (the page draws those needing no typing first). */
  providers: readonly PaymentProvider[];
  payments: PaymentServices;
  /** When reconciliation first asks a provider about a payment the shopper was sent to make. */
  firstCheckDelayMs: number;
  /** How long the stock stays held once the shopper's details are in (RESERVATION_MINUTES). */
  reservationMs: number;
  /** Payment attempts per checkout and per address (stolen cards tried one after another); none when undefined. */
  paymentLimits?: { perSession: RequestLimit; perAddress: RequestLimit } | undefined;
  /** Called after anything that changes available stock. */
  onStockChange: () => void;
}

/**
 * The shop's success page with the order number the storefront shows, `payment=cod` for cash on
 * delivery, so the page does not tell that shopper their payment went through, and the receipt key with
 * which the page asks the store about the order before it empties the cart (orders/receipt.ts).
 */
export function successUrlFor(
  successUrl: string,
  order: { number: string; paymentMethod: string; accessToken: string },
): string {
  const url = new URL(successUrl);
  url.searchParams.set(orderNumberParameter, order.number);
  if (order.paymentMethod === "cod") url.searchParams.set(successPaymentParameter, cashOnDeliveryPayment);
  url.searchParams.set(receiptParameter, receiptKeyOf(order));
  return url.href;
}

/** The details fields of a form as strings, cut short, for showing the form again. */
function formStrings(form: Readonly<Record<string, unknown>>): Partial<Record<DetailsField, string>> {
  const values: Partial<Record<DetailsField, string>> = {};
  for (const name of detailsFields) {
    const value = form[name];
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}${"code" in error ? `:${String(error.code)}` : ""}` : "unknown";
}

export function createCheckoutFlow(options: CheckoutFlowOptions) {
  const { db, now, payments } = options;
  const stepUrl = (sessionId: string) => `/checkout/${encodeURIComponent(sessionId)}`;
  const redirect = (location: string): CheckoutOutcome => ({ kind: "redirect", location });
  const paid = (session: SessionRow, order: { number: string; paymentMethod: string; accessToken: string }) =>
    redirect(successUrlFor(session.successUrl, order));

  /** Loads a session for a step, expiring it first when its time is up. */
  async function loadSession(sessionId: string): Promise<SessionWithLines | undefined> {
    const found = await findCheckoutSession(db, sessionId);
    if (found?.session.status === "open" && found.session.expiresAt <= now()) {
      if ((await releaseExpiredSessions(db, now())) > 0) options.onStockChange();
      return findCheckoutSession(db, sessionId);
    }
    return found;
  }

  async function contextOf(order: SessionWithLines, providerId?: string): Promise<PaymentContext | undefined> {
    const currency = (await listCurrencies(db)).get(order.session.currencyCode);
    const market = await findMarketView(db, order.session.marketCode);
    return paymentContextOf(
      order,
      currency,
      {
        publicUrl: options.publicUrl,
        siteUrl: options.siteUrl,
        ...(providerId === undefined ? {} : { providerId }),
      },
      market,
    );
  }

  /** Back to the payment step with a message on the section of the provider it concerns. */
  async function backToPaymentStep(sessionId: string, message: string): Promise<CheckoutOutcome> {
    await recordPaymentError(db, sessionId, message);
    return redirect(stepUrl(sessionId));
  }

  /**
   * Ends every payment still open at a provider for a session, before its details change, another payment
   * starts, or the shopper cancels: each is asked about first, and a paid one becomes the order (answered
   * here). The others are stopped where the provider allows it (Stripe expires its Checkout Session);
   * where it does not (Khalti, eSewa), or the provider cannot be reached, they are superseded, and
   * reconciliation asks about them until their final answer.
   */
  async function endOpenPayments(
    sessionId: string,
    reason: string,
    log: FastifyBaseLogger,
  ): Promise<
    { session: SessionRow; order: { number: string; paymentMethod: string; accessToken: string } } | undefined
  > {
    for (const attempt of await openAttemptsOfSession(db, sessionId)) {
      const provider = options.providers.find((candidate) => candidate.id === attempt.provider);
      try {
        if (provider?.authorizePayment !== undefined) {
          const settled = await settlePayment(
            payments,
            attempt.id,
            await provider.authorizePayment(attempt, undefined, now()),
          );
          if (settled.kind === "placed" || settled.kind === "already_placed") return settled;
          if (settled.kind !== "pending" && settled.kind !== "refused") continue;
        }
      } catch (error) {
        log.warn({ provider: attempt.provider, err: { name: errorName(error) } }, "could not ask a payment provider");
      }
      if (attempt.status !== "pending") continue;
      let stopped = false;
      if (provider?.cancelPayment !== undefined) {
        try {
          await provider.cancelPayment(attempt);
          stopped = true;
        } catch (error) {
          log.warn(
            { provider: attempt.provider, err: { name: errorName(error) } },
            "could not stop a provider payment",
          );
        }
      }
      await moveAttempt(db, attempt.id, stopped ? "failed" : "superseded", { lastError: reason }, now());
    }
    return undefined;
  }

  async function showDetails(
    order: SessionWithLines,
    status: number,
    values: Partial<Record<DetailsField, string>>,
    errors: Partial<Record<DetailsField, string>>,
  ): Promise<CheckoutOutcome> {
    return { kind: "details", status, order, values, errors };
  }

  return {
    /** The checkout's page: step 1 until the details are in, then step 2. */
    async show(sessionId: string, country: string): Promise<CheckoutOutcome> {
      const found = await loadSession(sessionId);
      if (found?.session.status !== "open") return { kind: "closed", session: found?.session };
      if (found.session.customer === null) return showDetails(found, 200, { country }, {});
      return { kind: "payment", status: 200, order: found, error: null };
    },

    /** Step 1 again, to change what was entered; the stored details fill the form. */
    async showDetailsForm(sessionId: string): Promise<CheckoutOutcome> {
      const found = await loadSession(sessionId);
      if (found?.session.status !== "open") return { kind: "closed", session: found?.session };
      const customer = found.session.customer;
      if (customer === null) return showDetails(found, 200, {}, {});
      return showDetails(
        found,
        200,
        {
          email: customer.email,
          fullName: customer.fullName,
          phone: customer.phone,
          country: customer.country,
          line1: customer.address.line1,
          line2: customer.address.line2 ?? "",
          city: customer.address.city,
          region: customer.address.region?.code ?? "",
          district: customer.address.district ?? "",
          postalCode: customer.address.postalCode ?? "",
        },
        {},
      );
    },

    /**
     * Saves the shopper's details. A payment open at a provider is ended first (or, when it turns out
     * paid, the shopper goes to the order it placed): a payment is for the details it was started with.
     */
    async submitDetails(sessionId: string, form: Readonly<Record<string, unknown>>, log: FastifyBaseLogger) {
      const found = await loadSession(sessionId);
      if (found?.session.status !== "open") return { kind: "closed", session: found?.session } as const;
      if (form.action === "change-country") {
        // Region and district belong to the previous country's lists.
        const { region: _region, district: _district, ...values } = formStrings(form);
        return showDetails(found, 200, values, {});
      }
      const checked = validateDetails(form);
      if (!checked.ok) return showDetails(found, 422, checked.values, checked.errors);
      for (let round = 0; round < 2; round += 1) {
        const ended = await endOpenPayments(sessionId, "The shopper changed their details", log);
        if (ended !== undefined) return paid(ended.session, ended.order);
        const saved = await saveCustomerDetails(db, sessionId, checked.details, now(), options.reservationMs);
        switch (saved.kind) {
          case "saved":
            return redirect(stepUrl(sessionId));
          case "no_delivery":
            return showDetails(found, 422, formStrings(form), { country: "We do not deliver to this country yet." });
          case "other_market": {
            const market = await findMarketOfCountry(db, checked.details.country);
            const here = await findMarketView(db, found.session.marketCode);
            if (market === undefined || here === undefined) {
              return showDetails(found, 422, formStrings(form), { country: "We do not deliver to this country yet." });
            }
            return {
              ...(await showDetails(found, 422, formStrings(form), {
                country: `This order is priced in ${here.currency.namePlural} for delivery in ${here.countries.map(countryInSentence).join(" or ")}. For an address in ${countryInSentence(checked.details.country)}, please order from our ${market.name} shop, in ${market.currency.namePlural}.`,
              })),
              otherMarket: { country: checked.details.country, market },
            } as CheckoutOutcome;
          }
          case "closed":
            return { kind: "closed", session: saved.session } as const;
          case "unknown":
            return { kind: "closed", session: undefined } as const;
          case "payment_open":
            // A payment started between ending the open ones and saving: end it too, once.
            break;
        }
      }
      return showDetails(found, 409, formStrings(form), {
        email: "A payment for this checkout is starting right now. Please wait a moment and save your details again.",
      });
    },

    /** A payment form sent from step 2: pays at once, declines, or sends the shopper to the provider. */
    async pay(
      sessionId: string,
      providerId: string,
      form: Readonly<Record<string, unknown>>,
      client: { ip: string; log: FastifyBaseLogger },
    ): Promise<CheckoutOutcome> {
      const found = await loadSession(sessionId);
      const session = found?.session;
      if (session?.status === "paid") {
        // The form sent again after the order was placed: the same success page, not a second order.
        const order = await findOrderBySession(db, session.id);
        if (order !== undefined) return paid(session, order);
      }
      if (found === undefined || session?.status !== "open") return { kind: "closed", session };
      const context = await contextOf(found);
      if (context === undefined) return redirect(stepUrl(session.id));
      if (options.paymentLimits !== undefined) {
        const waits = [
          await options.paymentLimits.perSession.take(session.id),
          await options.paymentLimits.perAddress.take(client.ip),
        ].filter((wait): wait is number => wait !== null);
        if (waits.length > 0) {
          const minutes = Math.ceil(Math.max(...waits) / 60);
          client.log.warn({ provider: providerId }, "payment attempts throttled");
          return backToPaymentStep(
            session.id,
            `Too many payment attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
          );
        }
      }
      const provider = offeredProviders(options.providers, context).find((candidate) => candidate.id === providerId);
      if (provider === undefined) {
        // A forged or stale form: say so and change nothing.
        return {
          kind: "payment",
          status: 400,
          order: found,
          error: {
            providerId: "",
            message: "That payment method is not available for this order. Please choose one of those below.",
          },
        };
      }
      // A payment started earlier (the shopper came back from Stripe and chose again) is settled or stopped first.
      const ended = await endOpenPayments(session.id, "Replaced by another payment", client.log);
      if (ended !== undefined) return paid(ended.session, ended.order);
      const providerContext = (await contextOf(found, provider.id)) ?? context;
      let outcome: Awaited<ReturnType<PaymentProvider["initiatePayment"]>>;
      try {
        outcome = await provider.initiatePayment(providerContext, form, now());
      } catch (error) {
        // The provider's message may be technical; the shopper reads ours, the log keeps its kind.
        client.log.warn(
          { provider: provider.id, err: { name: errorName(error) } },
          "a payment provider refused to start",
        );
        return backToPaymentStep(
          session.id,
          `${provider.displayName} could not start the payment. Please try again, or choose another way to pay.`,
        );
      }
      if (outcome.kind === "declined") return backToPaymentStep(session.id, outcome.message);
      const order = {
        customer: providerContext.customer,
        subtotalAmount: providerContext.subtotalAmount,
        shippingAmount: providerContext.shippingAmount,
      };
      const changedMessage = "Your details changed while the payment was starting. Please check them and pay again.";
      if (outcome.kind === "redirect") {
        const { attempt, superseded } = await recordStartedPayment(payments, {
          id: providerContext.attemptId,
          sessionId: session.id,
          provider: provider.id,
          started: outcome.started,
          order,
          now: now(),
          firstCheckAt: new Date(now().getTime() + options.firstCheckDelayMs),
        });
        if (superseded) return backToPaymentStep(session.id, changedMessage);
        await recordPaymentError(db, session.id, null);
        return redirect(`${stepUrl(session.id)}/continue/${encodeURIComponent(attempt.id)}`);
      }
      const settled = await settleInstantPayment(
        payments,
        {
          id: providerContext.attemptId,
          sessionId: session.id,
          provider: provider.id,
          started: {
            reference: providerContext.attemptId,
            amount: providerContext.totalAmount,
            currencyCode: providerContext.currencyCode,
            providerAmount: providerContext.totalAmount,
            expiresAt: session.expiresAt,
            redirectUrl: null,
          },
          order,
          now: now(),
        },
        outcome.payment,
      );
      switch (settled.kind) {
        case "placed":
        case "already_placed":
          return paid(settled.session, settled.order);
        case "changed":
          return backToPaymentStep(session.id, changedMessage);
        case "declined":
          return backToPaymentStep(session.id, settled.message);
        default: {
          // Another request (the same form sent twice) placed the order first: the same success page.
          const current = (await findCheckoutSession(db, session.id))?.session;
          const order = current?.status === "paid" ? await findOrderBySession(db, current.id) : undefined;
          if (current !== undefined && order !== undefined) return paid(current, order);
          return { kind: "closed", session: current };
        }
      }
    },

    /** The hand-over to the provider, after the payment was recorded (post/redirect/get). */
    async continueTo(sessionId: string, attemptId: string): Promise<CheckoutOutcome> {
      const found = await findCheckoutSession(db, sessionId);
      if (found?.session.status !== "open") return { kind: "closed", session: found?.session };
      const attempt = await findAttempt(db, attemptId);
      const provider = options.providers.find((candidate) => candidate.id === attempt?.provider);
      if (
        attempt?.sessionId !== found.session.id ||
        attempt.status !== "pending" ||
        provider?.continueTo === undefined
      ) {
        return redirect(stepUrl(found.session.id));
      }
      return { kind: "continue", providerName: provider.displayName, target: provider.continueTo(attempt) };
    },

    /** The shopper back from a provider: its answer is confirmed with the provider before anything is recorded. */
    async returnFrom(
      sessionId: string,
      providerId: string,
      query: Readonly<Record<string, string>>,
      request: { url: string; log: FastifyBaseLogger },
    ): Promise<CheckoutOutcome> {
      const provider = options.providers.find((candidate) => candidate.id === providerId);
      const found = await findCheckoutSession(db, sessionId);
      if (
        found === undefined ||
        provider?.authorizePayment === undefined ||
        provider.referenceFromReturn === undefined
      ) {
        return { kind: "closed", session: undefined };
      }
      const { session } = found;
      const name = provider.displayName;
      const notConfirmed = `We could not confirm this ${name} payment. If money left your account, please contact us.`;
      if (session.status === "paid") {
        // The webhook (or another tab) placed the order first.
        const order = await findOrderBySession(db, session.id);
        if (order !== undefined) return paid(session, order);
      }
      const reference = provider.referenceFromReturn(query);
      const attempt = reference === undefined ? undefined : await findAttemptByReference(db, provider.id, reference);
      if (session.status !== "open") {
        // Money may still have left the shopper's account: settling it gives it back.
        if (attempt?.sessionId === session.id) {
          try {
            await settlePayment(payments, attempt.id, await provider.authorizePayment(attempt, query, now()));
          } catch (error) {
            request.log.warn(
              { provider: provider.id, err: { name: errorName(error) } },
              "could not ask a payment provider",
            );
          }
        }
        return { kind: "closed", session };
      }
      if (reference === undefined) {
        return backToPaymentStep(
          session.id,
          `Your ${name} payment was not completed. Please try again, or choose another way to pay.`,
        );
      }
      if (attempt?.sessionId !== session.id) {
        request.log.warn(
          { session: session.id, provider: provider.id },
          "a return named a payment of another checkout",
        );
        return backToPaymentStep(session.id, notConfirmed);
      }
      let outcome: Awaited<ReturnType<typeof settlePayment>>;
      try {
        outcome = await settlePayment(payments, attempt.id, await provider.authorizePayment(attempt, query, now()));
      } catch (error) {
        request.log.warn(
          { provider: provider.id, err: { name: errorName(error) } },
          "could not ask a payment provider",
        );
        outcome = { kind: "pending" };
      }
      switch (outcome.kind) {
        case "placed":
        case "already_placed":
          return paid(outcome.session, outcome.order);
        case "pending":
          return { kind: "pending", providerName: name, checkAgainUrl: request.url };
        case "failed":
          return backToPaymentStep(
            session.id,
            `Your ${name} payment was not completed, and nothing was charged. Please try again, or choose another way to pay.`,
          );
        case "refused":
          return backToPaymentStep(session.id, notConfirmed);
        case "refund_due":
          if (outcome.order !== undefined) {
            const placed = await findCheckoutSession(db, session.id);
            if (placed !== undefined) return paid(placed.session, outcome.order);
          }
          return backToPaymentStep(
            session.id,
            `This ${name} payment did not match your order, so it is being refunded in full. Please pay again.`,
          );
        default:
          return { kind: "closed", session: (await findCheckoutSession(db, session.id))?.session };
      }
    },

    /** Cancel: payments open at a provider are ended first (a paid one becomes the order), then the stock goes back. */
    async cancel(sessionId: string, log: FastifyBaseLogger): Promise<CheckoutOutcome> {
      const ended = await endOpenPayments(sessionId, "Cancelled by the shopper", log);
      if (ended !== undefined) return paid(ended.session, ended.order);
      const outcome = await cancelSession(db, sessionId, now());
      if (outcome.kind === "cancelled") options.onStockChange();
      if (outcome.kind === "unknown") return { kind: "closed", session: undefined };
      if (outcome.kind === "paid") return redirect(outcome.session.successUrl);
      return redirect(outcome.session.cancelUrl);
    },
  };
}

export type CheckoutFlow = ReturnType<typeof createCheckoutFlow>;

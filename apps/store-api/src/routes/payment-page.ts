import { randomBytes } from "node:crypto";
import type { RequestLimit } from "../request-counters.ts";
import {
  decimalDigitsOf,
  formatMinorUnits,
  handlingDays,
  isShippingCountry,
  orderNumberParameter,
  successPaymentParameter,
  cashOnDeliveryPayment,
} from "@herbo/hosted-api";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { listCurrencies } from "../catalog/repository.ts";
import {
  addressLines,
  countryForTimeZone,
  detailsFields,
  detailsForm,
  validateDetails,
  type DetailsField,
} from "../checkout/details/index.ts";
import {
  renderClosedPage,
  renderContinuePage,
  renderDetailsPage,
  renderPaymentPage,
  renderPaymentPendingPage,
  type OrderView,
} from "../checkout/page.ts";
import type { PageFrame } from "../checkout/page-layout.ts";
import {
  cancelSession,
  findCheckoutSession,
  findShippingRate,
  recordPaymentError,
  releaseExpiredSessions,
  saveCustomerDetails,
  type SessionRow,
  type SessionWithLines,
} from "../checkout/service.ts";
import type { Database } from "../db/connection.ts";
import { findOrderBySession, placeOrder, type OrderRow } from "../orders/place-order.ts";
import {
  closeAttempt,
  findAttempt,
  findAttemptByReference,
  pendingAttemptsOfSession,
  recordStartedPayment,
} from "../payments/attempts.ts";
import type { PaymentContext, PaymentProvider } from "../payments/provider.ts";
import { providerReturnUrl } from "../payments/registry.ts";
import { settleAttempt, type PaymentServices } from "../payments/settle.ts";

export interface PaymentPageOptions {
  db: Database;
  frame: PageFrame;
  publicUrl: string;
  shopEmail: string | undefined;
  allowedOrigins: readonly string[];
  /** The providers of PAYMENT_METHODS, in the order the page offers them. */
  providers: readonly PaymentProvider[];
  now: () => Date;
  /** Called after anything that changes available stock, so cached catalogue answers are dropped. */
  onStockChange: () => void;
  /** Called after an order and its emails were committed, so the outbox worker sends them now. */
  onOrderPlaced: () => void;
  /** Settles payments made at a provider (returns, cancel). */
  payments: PaymentServices;
  /** When reconciliation first asks a provider about a payment the shopper was sent to make. */
  firstCheckDelayMs: number;
  /** How long the stock stays held once the shopper's details are in (RESERVATION_MINUTES). */
  reservationMs: number;
  /** Payment attempts per checkout and per address (stolen cards tried one after another); none when undefined. */
  paymentLimits?: { perSession: RequestLimit; perAddress: RequestLimit } | undefined;
}

const sessionParamsSchema = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{1,64}$/) });
const providerParamsSchema = sessionParamsSchema.extend({ providerId: z.string().regex(/^[a-z]{1,20}$/) });
const attemptParamsSchema = sessionParamsSchema.extend({ attemptId: z.string().regex(/^pa_[A-Za-z0-9_-]{1,64}$/) });

/** A return's query as strings, each cut short: what a provider may read from it. */
function queryStrings(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof query !== "object" || query === null) return values;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === "string" && key.length <= 64) values[key] = value.slice(0, 4096);
  }
  return values;
}
const countryQuerySchema = z.object({ country: z.string().max(2).optional() });

/** The details fields of a form as strings, cut short, for showing the form again. */
function formStrings(form: Readonly<Record<string, unknown>>): Partial<Record<DetailsField, string>> {
  const values: Partial<Record<DetailsField, string>> = {};
  for (const name of detailsFields) {
    const value = form[name];
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

function formValues(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * The shop's success page with the order number the storefront shows, and `payment=cod` for cash on
 * delivery, so the page does not tell that shopper their payment went through.
 */
function successUrlFor(successUrl: string, order: { number: string; paymentMethod: string }): string {
  const url = new URL(successUrl);
  url.searchParams.set(orderNumberParameter, order.number);
  if (order.paymentMethod === "cod") url.searchParams.set(successPaymentParameter, cashOnDeliveryPayment);
  return url.href;
}

function deliveryText(rate: { minDays: number; maxDays: number } | undefined): string {
  if (rate === undefined) return "";
  return `Delivered in ${handlingDays.min + rate.minDays}–${handlingDays.max + rate.maxDays} business days`;
}

/** The hosted checkout (HTML): details, then payment by one of the providers, then the shop's success page. */
export function registerPaymentPage(app: FastifyInstance, options: PaymentPageOptions): void {
  const { db, now, frame } = options;
  const allowed = new Set(options.allowedOrigins);

  const pageSecurity = (formOrigins: readonly string[] = []) =>
    [
      "default-src 'none'",
      "style-src 'self'",
      "img-src 'self'",
      "font-src 'self'",
      "script-src 'self'",
      // Browsers check form-action on the redirect after paying, so the shop's origins belong here.
      `form-action 'self' ${[...allowed, ...formOrigins].join(" ")}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; ");

  function sendPage(reply: FastifyReply, status: number, html: string, formOrigins?: readonly string[]): FastifyReply {
    return reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageSecurity(formOrigins))
      .send(html);
  }

  function sendClosed(reply: FastifyReply, session: SessionRow | undefined): FastifyReply {
    if (session === undefined) {
      return sendPage(
        reply,
        404,
        renderClosedPage(
          frame,
          "Checkout not found",
          "This payment link is not valid. Please start checkout again from the shop.",
          undefined,
        ),
      );
    }
    switch (session.status) {
      case "paid":
        return sendPage(
          reply,
          200,
          renderClosedPage(frame, "Order received", "This order has already been placed. Thank you!", {
            href: session.successUrl,
            label: "Continue",
          }),
        );
      case "cancelled":
        return sendPage(
          reply,
          410,
          renderClosedPage(frame, "Checkout cancelled", "This checkout was cancelled and nothing was charged.", {
            href: session.cancelUrl,
            label: "Return to the shop",
          }),
        );
      default:
        return sendPage(
          reply,
          410,
          renderClosedPage(
            frame,
            "Checkout expired",
            "This checkout has expired and the reserved items were released. Nothing was charged; please check out again.",
            { href: session.cancelUrl, label: "Return to the shop" },
          ),
        );
    }
  }

  /** Loads a session for the page, expiring it first when its time is up. */
  async function loadSession(sessionId: string): Promise<SessionWithLines | undefined> {
    const found = await findCheckoutSession(db, sessionId);
    if (found?.session.status === "open" && found.session.expiresAt <= now()) {
      if ((await releaseExpiredSessions(db, now())) > 0) options.onStockChange();
      return findCheckoutSession(db, sessionId);
    }
    return found;
  }

  async function orderView(order: SessionWithLines): Promise<OrderView> {
    const currencies = await listCurrencies(db);
    return { frame, order, currency: currencies.get(order.session.currencyCode) };
  }

  async function sendDetails(
    reply: FastifyReply,
    status: number,
    order: SessionWithLines,
    values: Partial<Record<DetailsField, string>>,
    errors: Partial<Record<DetailsField, string>>,
  ): Promise<FastifyReply> {
    const country = isShippingCountry(values.country) ? values.country : countryForTimeZone(order.session.timeZone);
    const view = await orderView(order);
    return sendPage(
      reply,
      status,
      renderDetailsPage({ ...view, fields: detailsForm(country), values: { ...values, country }, errors }),
    );
  }

  function paymentContext(order: SessionWithLines, view: OrderView, providerId = ""): PaymentContext | undefined {
    const { session } = order;
    if (session.customer === null || session.shippingAmount === null) return undefined;
    const totalAmount = session.totalAmount + session.shippingAmount;
    return {
      sessionId: session.id,
      customer: session.customer,
      currencyCode: session.currencyCode,
      decimalDigits: decimalDigitsOf(view.currency),
      totalAmount,
      totalText: formatMinorUnits(totalAmount, view.currency),
      lines: order.lines.map((line) => ({
        title: line.variantTitle.trim() === "" ? line.productTitle : `${line.productTitle} (${line.variantTitle})`,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
      })),
      shippingAmount: session.shippingAmount,
      holdExpiresAt: session.expiresAt,
      attemptId: `pa_${randomBytes(18).toString("base64url")}`,
      returnUrl: providerReturnUrl(options.publicUrl, session.id, providerId),
      paymentStepUrl: `${options.publicUrl}/checkout/${encodeURIComponent(session.id)}`,
      siteUrl: frame.siteUrl,
    };
  }

  function offeredProviders(context: PaymentContext): PaymentProvider[] {
    return options.providers.filter((provider) =>
      provider.isAvailable({
        country: context.customer.country,
        currencyCode: context.currencyCode,
        decimalDigits: context.decimalDigits,
      }),
    );
  }

  function successRedirect(
    reply: FastifyReply,
    session: SessionRow,
    order: { number: string; paymentMethod: string },
  ): FastifyReply {
    return reply.redirect(successUrlFor(session.successUrl, order), 303);
  }

  /** Back to the payment step with a message on the section of the provider it concerns. */
  async function backToPaymentStep(reply: FastifyReply, sessionId: string, message: string): Promise<FastifyReply> {
    await recordPaymentError(db, sessionId, message);
    return reply.redirect(`/checkout/${encodeURIComponent(sessionId)}`, 303);
  }

  async function sendPayment(
    reply: FastifyReply,
    status: number,
    order: SessionWithLines,
    error: { providerId: string; message: string } | null,
  ): Promise<FastifyReply> {
    const view = await orderView(order);
    const context = paymentContext(order, view);
    if (context === undefined) return sendDetails(reply, 200, order, {}, {});
    const { session } = order;
    const rate = await findShippingRate(db, context.customer.country, session.currencyCode);
    const providers = offeredProviders(context);
    // A failure remembered from the last attempt is shown with the first section when it names none.
    const lastError =
      error ?? (session.paymentError === null ? null : { providerId: "", message: session.paymentError });
    const sections = providers.map((provider, index) =>
      provider.renderSection({
        action: `/checkout/${encodeURIComponent(session.id)}/pay/${provider.id}`,
        context,
        error:
          lastError !== null && (lastError.providerId === provider.id || (lastError.providerId === "" && index === 0))
            ? lastError.message
            : null,
      }),
    );
    return sendPage(
      reply,
      status,
      renderPaymentPage({
        ...view,
        addressLines: addressLines(context.customer),
        email: context.customer.email,
        phone: context.customer.phone,
        shipping: { amount: session.shippingAmount ?? 0, days: deliveryText(rate) },
        sections,
      }),
    );
  }

  /**
   * Payments still open at a provider for a session are asked about first: a paid one becomes the order
   * (answered here); the others are stopped where the provider allows it (Stripe expires its session),
   * so a shopper who cancels, or starts paying another way, cannot be charged twice.
   */
  async function stopPendingPayments(
    sessionId: string,
    reason: string,
    log: FastifyBaseLogger,
  ): Promise<{ order: OrderRow; session: SessionRow } | undefined> {
    for (const attempt of await pendingAttemptsOfSession(db, sessionId)) {
      const provider = options.providers.find((candidate) => candidate.id === attempt.provider);
      try {
        if (provider?.authorizePayment !== undefined) {
          const settled = await settleAttempt(
            options.payments,
            attempt,
            await provider.authorizePayment(attempt, undefined, now()),
          );
          if (settled.kind === "placed" || settled.kind === "already_placed") return settled;
        }
        await provider?.cancelPayment?.(attempt);
      } catch (error) {
        log.warn({ provider: attempt.provider, err: { name: errorName(error) } }, "could not stop a provider payment");
      }
      await closeAttempt(db, attempt.id, "failed", reason, now());
    }
    return undefined;
  }

  app.get("/checkout/:sessionId", async (request, reply) => {
    const params = sessionParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const found = await loadSession(params.data.sessionId);
    if (found?.session.status !== "open") return sendClosed(reply, found?.session);
    if (found.session.customer === null) {
      const query = countryQuerySchema.safeParse(request.query);
      return sendDetails(reply, 200, found, { country: query.success ? (query.data.country ?? "") : "" }, {});
    }
    return sendPayment(reply, 200, found, null);
  });

  // Step 1 again, to change what was entered; the stored details fill the form.
  app.get("/checkout/:sessionId/details", async (request, reply) => {
    const params = sessionParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const found = await loadSession(params.data.sessionId);
    if (found?.session.status !== "open") return sendClosed(reply, found?.session);
    const customer = found.session.customer;
    if (customer === null) return sendDetails(reply, 200, found, {}, {});
    return sendDetails(
      reply,
      200,
      found,
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
  });

  app.post("/checkout/:sessionId/details", async (request, reply) => {
    const params = sessionParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const found = await loadSession(params.data.sessionId);
    if (found?.session.status !== "open") return sendClosed(reply, found?.session);
    const form = formValues(request.body);
    if (form.action === "change-country") {
      // Region and district belong to the previous country's lists.
      const { region: _region, district: _district, ...values } = formStrings(form);
      return sendDetails(reply, 200, found, values, {});
    }
    const checked = validateDetails(form);
    if (!checked.ok) return sendDetails(reply, 422, found, checked.values, checked.errors);
    const saved = await saveCustomerDetails(db, found.session.id, checked.details, now(), options.reservationMs);
    switch (saved.kind) {
      case "saved":
        return reply.redirect(`/checkout/${encodeURIComponent(found.session.id)}`, 303);
      case "no_delivery":
        return sendDetails(reply, 422, found, formStrings(form), {
          country: "We do not deliver to this country yet.",
        });
      case "closed":
        return sendClosed(reply, saved.session);
      case "unknown":
        return sendClosed(reply, undefined);
    }
  });

  app.post("/checkout/:sessionId/pay/:providerId", async (request, reply) => {
    const params = providerParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const found = await loadSession(params.data.sessionId);
    const session = found?.session;
    if (session?.status === "paid") {
      // The form sent again after the order was placed: the same success page, not a second order.
      const order = await findOrderBySession(db, session.id);
      if (order !== undefined) return successRedirect(reply, session, order);
    }
    if (found === undefined || session?.status !== "open") return sendClosed(reply, session);
    const view = await orderView(found);
    const context = paymentContext(found, view);
    if (context === undefined) return reply.redirect(`/checkout/${encodeURIComponent(session.id)}`, 303);
    if (options.paymentLimits !== undefined) {
      const waits = [
        await options.paymentLimits.perSession.take(session.id),
        await options.paymentLimits.perAddress.take(request.ip),
      ].filter((wait): wait is number => wait !== null);
      if (waits.length > 0) {
        const minutes = Math.ceil(Math.max(...waits) / 60);
        request.log.warn({ provider: params.data.providerId }, "payment attempts throttled");
        return backToPaymentStep(
          reply,
          session.id,
          `Too many payment attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        );
      }
    }
    const provider = offeredProviders(context).find((candidate) => candidate.id === params.data.providerId);
    if (provider === undefined) {
      // A forged or stale form: say so and change nothing.
      return sendPayment(reply, 400, found, {
        providerId: "",
        message: "That payment method is not available for this order. Please choose one of those below.",
      });
    }
    // A payment started earlier (the shopper came back from Stripe and chose again) is settled or stopped first.
    const paid = await stopPendingPayments(session.id, "Replaced by another payment", request.log);
    if (paid !== undefined) return successRedirect(reply, paid.session, paid.order);
    const providerContext = paymentContext(found, view, provider.id) ?? context;
    let outcome: Awaited<ReturnType<PaymentProvider["initiatePayment"]>>;
    try {
      outcome = await provider.initiatePayment(providerContext, formValues(request.body), now());
    } catch (error) {
      // The provider's message may be technical; the shopper reads ours, the log keeps its kind.
      request.log.warn(
        { provider: provider.id, err: { name: errorName(error) } },
        "a payment provider refused to start",
      );
      return backToPaymentStep(
        reply,
        session.id,
        `${provider.displayName} could not start the payment. Please try again, or choose another way to pay.`,
      );
    }
    if (outcome.kind === "declined") return backToPaymentStep(reply, session.id, outcome.message);
    if (outcome.kind === "redirect") {
      const attempt = await recordStartedPayment(db, {
        id: providerContext.attemptId,
        sessionId: session.id,
        provider: provider.id,
        started: outcome.started,
        now: now(),
        firstCheckAt: new Date(now().getTime() + options.firstCheckDelayMs),
      });
      await recordPaymentError(db, session.id, null);
      return reply.redirect(
        `/checkout/${encodeURIComponent(session.id)}/continue/${encodeURIComponent(attempt.id)}`,
        303,
      );
    }
    const placed = await placeOrder(db, session.id, outcome.payment, {
      now: now(),
      publicUrl: options.publicUrl,
      shopName: frame.shopName,
      shopEmail: options.shopEmail,
    });
    options.onStockChange();
    switch (placed.kind) {
      case "placed":
      case "already_placed": {
        if (placed.kind === "placed") {
          options.onOrderPlaced();
          request.log.info({ order: placed.order.number, method: placed.order.paymentMethod }, "order placed");
        }
        return successRedirect(reply, placed.session, placed.order);
      }
      case "details_missing":
        return reply.redirect(`/checkout/${encodeURIComponent(session.id)}`, 303);
      case "closed":
        return sendClosed(reply, placed.session);
      case "unknown":
        return sendClosed(reply, undefined);
    }
  });

  // The hand-over to the provider, after the payment was recorded (post/redirect/get).
  app.get("/checkout/:sessionId/continue/:attemptId", async (request, reply) => {
    const params = attemptParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const found = await findCheckoutSession(db, params.data.sessionId);
    if (found?.session.status !== "open") return sendClosed(reply, found?.session);
    const attempt = await findAttempt(db, params.data.attemptId);
    const provider = options.providers.find((candidate) => candidate.id === attempt?.provider);
    if (attempt?.sessionId !== found.session.id || attempt.status !== "pending" || provider?.continueTo === undefined) {
      return reply.redirect(`/checkout/${encodeURIComponent(found.session.id)}`, 303);
    }
    const target = provider.continueTo(attempt);
    const formOrigins = "form" in target ? [new URL(target.form.action).origin] : [];
    return sendPage(reply, 200, renderContinuePage(frame, provider.displayName, target), formOrigins);
  });

  // The shopper back from a provider: its answer is confirmed with the provider before anything is recorded.
  app.get("/checkout/:sessionId/return/:providerId", async (request, reply) => {
    const params = providerParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const provider = options.providers.find((candidate) => candidate.id === params.data.providerId);
    const found = await findCheckoutSession(db, params.data.sessionId);
    if (found === undefined || provider?.authorizePayment === undefined || provider.referenceFromReturn === undefined) {
      return sendClosed(reply, undefined);
    }
    const { session } = found;
    if (session.status === "paid") {
      // The webhook (or another tab) placed the order first.
      const order = await findOrderBySession(db, session.id);
      if (order !== undefined) return successRedirect(reply, session, order);
    }
    const query = queryStrings(request.query);
    const reference = provider.referenceFromReturn(query);
    if (session.status !== "open") {
      // Money may still have left the shopper's account: settling it records it for the owner to refund.
      const late = reference === undefined ? undefined : await findAttemptByReference(db, provider.id, reference);
      if (late?.sessionId === session.id) {
        try {
          await settleAttempt(options.payments, late, await provider.authorizePayment(late, query, now()));
        } catch (error) {
          request.log.warn(
            { provider: provider.id, err: { name: errorName(error) } },
            "could not ask a payment provider",
          );
        }
      }
      return sendClosed(reply, session);
    }
    if (reference === undefined) {
      return backToPaymentStep(
        reply,
        session.id,
        `Your ${provider.displayName} payment was not completed. Please try again, or choose another way to pay.`,
      );
    }
    const attempt = await findAttemptByReference(db, provider.id, reference);
    if (attempt?.sessionId !== session.id) {
      request.log.warn({ session: session.id, provider: provider.id }, "a return named a payment of another checkout");
      return backToPaymentStep(
        reply,
        session.id,
        `We could not confirm this ${provider.displayName} payment. If money left your account, please contact us.`,
      );
    }
    let outcome: Awaited<ReturnType<typeof settleAttempt>>;
    try {
      outcome = await settleAttempt(options.payments, attempt, await provider.authorizePayment(attempt, query, now()));
    } catch (error) {
      request.log.warn({ provider: provider.id, err: { name: errorName(error) } }, "could not ask a payment provider");
      outcome = { kind: "pending" };
    }
    switch (outcome.kind) {
      case "placed":
      case "already_placed":
        return successRedirect(reply, outcome.session, outcome.order);
      case "pending":
        return sendPage(reply, 200, renderPaymentPendingPage(frame, provider.displayName, request.url));
      case "failed":
        return backToPaymentStep(
          reply,
          session.id,
          `Your ${provider.displayName} payment was not completed, and nothing was charged. Please try again, or choose another way to pay.`,
        );
      case "refused":
        return backToPaymentStep(
          reply,
          session.id,
          `We could not confirm this ${provider.displayName} payment. If money left your account, please contact us.`,
        );
      case "unmatched":
        return sendClosed(reply, (await findCheckoutSession(db, session.id))?.session);
    }
  });

  app.post("/checkout/:sessionId/cancel", async (request, reply) => {
    const params = sessionParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const paid = await stopPendingPayments(params.data.sessionId, "Cancelled by the shopper", request.log);
    if (paid !== undefined) return successRedirect(reply, paid.session, paid.order);
    const outcome = await cancelSession(db, params.data.sessionId, now());
    if (outcome.kind === "cancelled") options.onStockChange();
    if (outcome.kind === "unknown") return sendClosed(reply, undefined);
    if (outcome.kind === "paid") return reply.redirect(outcome.session.successUrl, 303);
    return reply.redirect(outcome.session.cancelUrl, 303);
  });
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}${"code" in error ? `:${String(error.code)}` : ""}` : "unknown";
}

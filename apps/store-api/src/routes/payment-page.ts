import { formatMinorUnits, handlingDays, isShippingCountry, orderNumberParameter } from "@herbo/hosted-api";
import type { FastifyInstance, FastifyReply } from "fastify";
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
import { renderClosedPage, renderDetailsPage, renderPaymentPage, type OrderView } from "../checkout/page.ts";
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
import { findOrderBySession, placeOrder } from "../orders/place-order.ts";
import type { PaymentContext, PaymentProvider } from "../payments/provider.ts";

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
}

const sessionParamsSchema = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{1,64}$/) });
const providerParamsSchema = sessionParamsSchema.extend({ providerId: z.string().regex(/^[a-z]{1,20}$/) });
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

/** The shop's success page with the order number the storefront shows. */
function successUrlFor(session: SessionRow, orderNumber: string): string {
  const url = new URL(session.successUrl);
  url.searchParams.set(orderNumberParameter, orderNumber);
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

  const pageSecurity = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "script-src 'self'",
    // Browsers check form-action on the redirect after paying, so the shop's origins belong here.
    `form-action 'self' ${[...allowed].join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");

  function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
    return reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageSecurity)
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

  function paymentContext(order: SessionWithLines, view: OrderView): PaymentContext | undefined {
    const { session } = order;
    if (session.customer === null || session.shippingAmount === null) return undefined;
    const totalAmount = session.totalAmount + session.shippingAmount;
    return {
      sessionId: session.id,
      customer: session.customer,
      currencyCode: session.currencyCode,
      totalAmount,
      totalText: formatMinorUnits(totalAmount, view.currency),
    };
  }

  function offeredProviders(context: PaymentContext): PaymentProvider[] {
    return options.providers.filter((provider) =>
      provider.isAvailable({ country: context.customer.country, currencyCode: context.currencyCode }),
    );
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
    const saved = await saveCustomerDetails(db, found.session.id, checked.details, now());
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
      if (order !== undefined) return reply.redirect(successUrlFor(session, order.number), 303);
    }
    if (found === undefined || session?.status !== "open") return sendClosed(reply, session);
    const view = await orderView(found);
    const context = paymentContext(found, view);
    if (context === undefined) return reply.redirect(`/checkout/${encodeURIComponent(session.id)}`, 303);
    const provider = offeredProviders(context).find((candidate) => candidate.id === params.data.providerId);
    if (provider === undefined) {
      // A forged or stale form: say so and change nothing.
      return sendPayment(reply, 400, found, {
        providerId: "",
        message: "That payment method is not available for this order. Please choose one of those below.",
      });
    }
    const outcome = await provider.authorize(context, formValues(request.body), now());
    if (outcome.kind === "declined") {
      await recordPaymentError(db, session.id, outcome.message);
      return reply.redirect(`/checkout/${encodeURIComponent(session.id)}`, 303);
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
        return reply.redirect(successUrlFor(placed.session, placed.order.number), 303);
      }
      case "details_missing":
        return reply.redirect(`/checkout/${encodeURIComponent(session.id)}`, 303);
      case "closed":
        return sendClosed(reply, placed.session);
      case "unknown":
        return sendClosed(reply, undefined);
    }
  });

  app.post("/checkout/:sessionId/cancel", async (request, reply) => {
    const params = sessionParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const outcome = await cancelSession(db, params.data.sessionId, now());
    if (outcome.kind === "cancelled") options.onStockChange();
    if (outcome.kind === "unknown") return sendClosed(reply, undefined);
    if (outcome.kind === "paid") return reply.redirect(outcome.session.successUrl, 303);
    return reply.redirect(outcome.session.cancelUrl, 303);
  });
}

import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { listCurrencies } from "../catalog/repository.ts";
import { checkSandboxCard } from "../checkout/cards.ts";
import { renderCheckoutPage, renderClosedPage } from "../checkout/page.ts";
import {
  cancelSession,
  findCheckoutSession,
  paySession,
  releaseExpiredSessions,
  type SessionRow,
} from "../checkout/service.ts";
import type { Database } from "../db/connection.ts";

export interface PaymentPageOptions {
  db: Database;
  shopName: string;
  allowedOrigins: readonly string[];
  now: () => Date;
  /** Called after anything that changes available stock, so cached catalogue answers are dropped. */
  onStockChange: () => void;
}

const sessionParamsSchema = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{1,64}$/) });
const cardFormSchema = z.object({
  name: z.string().max(200).default(""),
  number: z.string().max(40).default(""),
  expiry: z.string().max(20).default(""),
  cvc: z.string().max(10).default(""),
});

/** The hosted payment page (HTML): the order, the sandbox card form, Pay and Cancel. */
export function registerPaymentPage(app: FastifyInstance, options: PaymentPageOptions): void {
  const { db, now } = options;
  const allowed = new Set(options.allowedOrigins);

  const pageSecurity = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
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
    const shop = options.shopName;
    if (session === undefined) {
      return sendPage(
        reply,
        404,
        renderClosedPage(
          shop,
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
          renderClosedPage(shop, "Payment received", "This order has already been paid. Thank you!", {
            href: session.successUrl,
            label: "Continue",
          }),
        );
      case "cancelled":
        return sendPage(
          reply,
          410,
          renderClosedPage(shop, "Checkout cancelled", "This checkout was cancelled and nothing was charged.", {
            href: session.cancelUrl,
            label: "Return to the shop",
          }),
        );
      default:
        return sendPage(
          reply,
          410,
          renderClosedPage(
            shop,
            "Checkout expired",
            "This checkout has expired and the reserved items were released. Nothing was charged; please check out again.",
            { href: session.cancelUrl, label: "Return to the shop" },
          ),
        );
    }
  }

  /** Loads a session for the page, expiring it first when its time is up. */
  async function loadOpenSession(sessionId: string) {
    const found = await findCheckoutSession(db, sessionId);
    if (found?.session.status === "open" && found.session.expiresAt <= now()) {
      if ((await releaseExpiredSessions(db, now())) > 0) options.onStockChange();
      return findCheckoutSession(db, sessionId);
    }
    return found;
  }

  app.get("/checkout/:sessionId", async (request, reply) => {
    const params = sessionParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const found = await loadOpenSession(params.data.sessionId);
    if (found?.session.status !== "open") return sendClosed(reply, found?.session);
    const currencies = await listCurrencies(db);
    return sendPage(
      reply,
      200,
      renderCheckoutPage({
        shopName: options.shopName,
        order: found,
        currency: currencies.get(found.session.currencyCode),
      }),
    );
  });

  app.post("/checkout/:sessionId/pay", async (request, reply) => {
    const params = sessionParamsSchema.safeParse(request.params);
    if (!params.success) return sendClosed(reply, undefined);
    const found = await loadOpenSession(params.data.sessionId);
    if (found?.session.status === "paid") return reply.redirect(found.session.successUrl, 303);
    if (found?.session.status !== "open") return sendClosed(reply, found?.session);
    const form = cardFormSchema.safeParse(request.body ?? {});
    const card = form.success
      ? checkSandboxCard(form.data, now())
      : ({ ok: false, field: "number", message: "Enter your card details." } as const);
    if (!card.ok) {
      const currencies = await listCurrencies(db);
      return sendPage(
        reply,
        402,
        renderCheckoutPage({
          shopName: options.shopName,
          order: found,
          currency: currencies.get(found.session.currencyCode),
          error: card.message,
          name: form.success ? form.data.name : "",
        }),
      );
    }
    const outcome = await paySession(db, found.session.id, { cardLast4: card.last4, now: now() });
    options.onStockChange();
    if (outcome.kind === "paid" || outcome.kind === "already_paid") {
      request.log.info({ sessionId: found.session.id, outcome: outcome.kind }, "checkout payment");
      return reply.redirect(outcome.session.successUrl, 303);
    }
    return sendClosed(reply, outcome.kind === "closed" ? outcome.session : undefined);
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

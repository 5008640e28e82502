import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { listCurrencies } from "../catalog/repository.ts";
import { checkSandboxCard } from "../checkout/cards.ts";
import { renderCheckoutPage, renderClosedPage } from "../checkout/page.ts";
import {
  cancelSession,
  createCheckoutSession,
  findCheckoutSession,
  maxCheckoutLines,
  maxLineQuantity,
  paySession,
  releaseExpiredSessions,
  type SessionRow,
} from "../checkout/service.ts";
import type { Database } from "../db/connection.ts";
import { ApiError } from "../errors.ts";
import type { RateLimiter } from "../rate-limit.ts";
import { parseInput } from "../validation.ts";

export interface CheckoutRouteOptions {
  db: Database;
  publicUrl: string;
  storeId: string;
  shopName: string;
  allowedOrigins: readonly string[];
  reservationMs: number;
  now: () => Date;
  /** Called after anything that changes available stock, so cached catalogue answers are dropped. */
  onStockChange: () => void;
  /** Limits checkouts per client address; none when undefined. */
  rateLimiter: RateLimiter | undefined;
}

/** True when `value` is an absolute http(s) URL on one of the allowed origins, without credentials. */
export function isAllowedRedirect(value: string, allowedOrigins: ReadonlySet<string>): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username !== "" || url.password !== "") return false;
  return allowedOrigins.has(url.origin);
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const checkoutBodySchema = z.object({
  items: z
    .array(
      z.object({
        variant_id: z.string().min(1).max(100),
        quantity: z
          .number({ error: "must be a positive whole number" })
          .int("must be a positive whole number")
          .min(1, "must be a positive whole number")
          .max(maxLineQuantity, `must be at most ${maxLineQuantity}`),
      }),
    )
    .max(maxCheckoutLines, `at most ${maxCheckoutLines} lines`),
  successUrl: z.string().max(2048),
  cancelUrl: z.string().max(2048),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, "must be a language tag such as en or en-US")
    .optional(),
  timeZone: z.string().max(64).refine(isTimeZone, "must be an IANA time zone such as Asia/Kathmandu").optional(),
});

const sessionParamsSchema = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{1,64}$/) });
const cardFormSchema = z.object({
  name: z.string().max(200).default(""),
  number: z.string().max(40).default(""),
  expiry: z.string().max(20).default(""),
  cvc: z.string().max(10).default(""),
});

export function registerCheckoutRoutes(app: FastifyInstance, options: CheckoutRouteOptions): void {
  const { db, now } = options;
  const allowed = new Set(options.allowedOrigins);

  app.post("/store/:storeId/checkout", async (request, reply) => {
    const wait = options.rateLimiter?.take(request.ip) ?? null;
    if (wait !== null) {
      reply.header("retry-after", String(wait));
      throw new ApiError(429, "rate_limited", `Too many checkouts from this address. Try again in ${wait} s.`);
    }
    const contentType = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (contentType !== "application/json") {
      throw new ApiError(415, "unsupported_media_type", "Send the checkout as application/json.");
    }
    if (typeof request.body !== "object" || request.body === null || Array.isArray(request.body)) {
      throw new ApiError(400, "invalid_request", "The request body must be a JSON object.");
    }
    const body = parseInput(checkoutBodySchema, request.body, "body");
    if (body.items.length === 0) throw new ApiError(400, "empty_cart", "Add at least one item to check out.");
    for (const [field, value] of [
      ["successUrl", body.successUrl],
      ["cancelUrl", body.cancelUrl],
    ] as const) {
      if (!isAllowedRedirect(value, allowed)) {
        throw new ApiError(400, "invalid_redirect_url", `${field} must be a URL on an allowed shop origin.`, { field });
      }
    }
    if ((await releaseExpiredSessions(db, now())) > 0) options.onStockChange();
    const { session } = await createCheckoutSession(
      db,
      {
        items: body.items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
        successUrl: body.successUrl,
        cancelUrl: body.cancelUrl,
        locale: body.locale,
        timeZone: body.timeZone,
      },
      { now: now(), reservationMs: options.reservationMs },
    );
    options.onStockChange();
    const url = new URL(`${options.publicUrl}/checkout/${session.id}`);
    url.searchParams.set("store", options.storeId);
    if (body.locale !== undefined) url.searchParams.set("locale", body.locale);
    return { url: url.toString() };
  });

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

import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { createCheckoutPages, type CheckoutPage } from "../hosted-checkout/checkout-pages.ts";
import { createCheckoutFlow, type CheckoutFlowOptions } from "../hosted-checkout/flow.ts";
import type { PageFrame } from "../pages/page-layout.ts";

export interface CheckoutPagesRouteOptions extends CheckoutFlowOptions {
  frame: PageFrame;
  allowedOrigins: readonly string[];
}

const sessionParams = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{1,64}$/) });
const providerParams = sessionParams.extend({ providerId: z.string().regex(/^[a-z]{1,20}$/) });
const attemptParams = sessionParams.extend({ attemptId: z.string().regex(/^pa_[A-Za-z0-9_-]{1,64}$/) });
const countryQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{0,2}$/)
    .optional(),
});

/** NUL, line breaks and the other C0 and C1 controls: never part of a provider's answer. */
const controlCharacters = /\p{Cc}/u;

/**
 * A return's query as strings, each cut short: what a provider may read from it. A value holding a control
 * character is left out, so the provider finds no reference in it: "no such payment", never a database error.
 */
function queryStrings(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof query !== "object" || query === null) return values;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === "string" && key.length <= 64 && !controlCharacters.test(value)) {
      values[key] = value.slice(0, 4096);
    }
  }
  return values;
}

function formValues(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * The hosted checkout (HTML): details, then payment by one of the providers, then the shop's success
 * page. Each route parses its request, asks the checkout workflow (checkout/flow.ts), and sends the page
 * it draws (checkout/checkout-pages.ts).
 */
export const checkoutPageRoutes: FastifyPluginAsync<CheckoutPagesRouteOptions> = async (app, options) => {
  const flow = createCheckoutFlow(options);
  const draw = createCheckoutPages({
    db: options.db,
    frame: options.frame,
    publicUrl: options.publicUrl,
    providers: options.providers,
  });
  const shopOrigins = [...new Set(options.allowedOrigins)];

  const pageSecurity = (formOrigins: readonly string[]) =>
    [
      "default-src 'none'",
      "style-src 'self'",
      "img-src 'self'",
      "font-src 'self'",
      "script-src 'self'",
      // Browsers check form-action on the redirect after paying, so the shop's origins belong here.
      `form-action 'self' ${[...shopOrigins, ...formOrigins].join(" ")}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; ");

  function send(reply: FastifyReply, page: CheckoutPage): FastifyReply {
    if (page.kind === "redirect") return reply.redirect(page.location, 303);
    return reply
      .code(page.status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageSecurity(page.formOrigins))
      .send(page.html);
  }
  const unknown = async (reply: FastifyReply) => send(reply, await draw({ kind: "closed", session: undefined }));

  app.get("/checkout/:sessionId", async (request, reply) => {
    const params = sessionParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    const query = countryQuery.safeParse(request.query);
    return send(
      reply,
      await draw(await flow.show(params.data.sessionId, query.success ? (query.data.country ?? "") : "")),
    );
  });

  app.get("/checkout/:sessionId/details", async (request, reply) => {
    const params = sessionParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    return send(reply, await draw(await flow.showDetailsForm(params.data.sessionId)));
  });

  app.post("/checkout/:sessionId/details", async (request, reply) => {
    const params = sessionParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    return send(
      reply,
      await draw(await flow.submitDetails(params.data.sessionId, formValues(request.body), request.log)),
    );
  });

  app.post("/checkout/:sessionId/pay/:providerId", async (request, reply) => {
    const params = providerParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    const { sessionId, providerId } = params.data;
    return send(reply, await draw(await flow.pay(sessionId, providerId, formValues(request.body), request)));
  });

  app.get("/checkout/:sessionId/continue/:attemptId", async (request, reply) => {
    const params = attemptParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    return send(reply, await draw(await flow.continueTo(params.data.sessionId, params.data.attemptId)));
  });

  app.get("/checkout/:sessionId/return/:providerId", async (request, reply) => {
    const params = providerParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    const { sessionId, providerId } = params.data;
    return send(reply, await draw(await flow.returnFrom(sessionId, providerId, queryStrings(request.query), request)));
  });

  // A provider whose reply comes back through the shopper's browser as a posted form (Cybersource's
  // receipt page): read like a return's query, by the same workflow.
  app.post("/checkout/:sessionId/return/:providerId", async (request, reply) => {
    const params = providerParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    const { sessionId, providerId } = params.data;
    return send(reply, await draw(await flow.returnFrom(sessionId, providerId, queryStrings(request.body), request)));
  });

  app.post("/checkout/:sessionId/cancel", async (request, reply) => {
    const params = sessionParams.safeParse(request.params);
    if (!params.success) return unknown(reply);
    return send(reply, await draw(await flow.cancel(params.data.sessionId, request.log)));
  });
};

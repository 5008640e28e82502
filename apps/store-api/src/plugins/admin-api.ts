import type { IncomingHttpHeaders } from "node:http";
import type { FastifyContextConfig, FastifyPluginAsync } from "fastify";
import { readSessionTokens } from "../admin/session-cookie.ts";
import { findSession } from "../admin/owner-sessions.ts";
import { ApiError } from "../errors.ts";
import { isCertificateContentType } from "../media/certificate-check.ts";
import { isImageContentType } from "../media/content-check.ts";
import type { AdminApiOptions, AdminRouteOptions } from "../routes/admin/admin-context.ts";
import { emailRoutes } from "../routes/admin/email-routes.ts";
import { orderRoutes } from "../routes/admin/order-routes.ts";
import { overviewRoute } from "../routes/admin/overview-route.ts";
import { paymentRoutes } from "../routes/admin/payment-routes.ts";
import { sessionRoutes } from "../routes/admin/session-routes.ts";
import { photoRoutes } from "../routes/admin/photo-routes.ts";
import { batchRoutes } from "../routes/admin/batch-routes.ts";
import { factsRoutes } from "../routes/admin/facts-routes.ts";
import { reviewRoutes } from "../routes/admin/review-routes.ts";
import { priceRoutes } from "../routes/admin/price-routes.ts";
import { promotionRoutes } from "../routes/admin/promotion-routes.ts";
import { productRoutes } from "../routes/admin/product-routes.ts";
import { shippingRoutes } from "../routes/admin/shipping-routes.ts";
import { stockRoutes } from "../routes/admin/stock-routes.ts";

/**
 * Every /admin/api route, behind one guard (registered with that prefix, and not wrapped in
 * fastify-plugin, so the hook covers exactly these routes and a new one cannot skip it):
 * - a request from another origin is refused (403), and so is a state-changing request without an Origin
 *   header, which browsers always send on such requests: no other site can act with an owner's cookie;
 * - a state-changing request with a body must send JSON (415 otherwise): a second layer behind the Origin
 *   check, since a page on another site can post a form or text/plain without asking, but never JSON; a
 *   photo upload may instead send an image type, and a certificate upload application/pdf (their content
 *   decides whether they are taken), which such a page cannot send either;
 * - without a valid session cookie the answer is 401, except on the sign-in route; each session cookie
 *   that came is tried, so another site's cookie of the same name cannot sign the owner out.
 */
const adminApi: FastifyPluginAsync<AdminApiOptions> = async (app, options) => {
  const adminOrigin = new URL(options.publicUrl).origin;
  app.decorateRequest("owner", null);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const origin = request.headers.origin;
    const changesState = request.method !== "GET" && request.method !== "HEAD";
    if (origin !== undefined ? origin !== adminOrigin : changesState) {
      throw new ApiError(403, "wrong_origin", "This request must come from the back office's own pages.");
    }
    if (changesState && sendsContent(request.headers) && !isJson(request.headers["content-type"])) {
      refuseUploadType(request.routeOptions.config, request.headers["content-type"]);
    }
    if (request.routeOptions.config.withoutSession === true) return;
    for (const token of readSessionTokens(request.headers.cookie)) {
      const owner = await findSession(options.db, token, options.now());
      if (owner === undefined) continue;
      request.owner = owner;
      return;
    }
    throw new ApiError(401, "not_signed_in", "Sign in to continue.");
  });

  // Fastify hands this plugin its own `prefix` among the options: the route plugins below must not get it again.
  const { prefix: _prefix, ...shared } = options as AdminApiOptions & { prefix?: string };
  const routeOptions: AdminRouteOptions = { ...shared, secureCookies: options.publicUrl.startsWith("https://") };
  // Each group of routes is its own plugin: the guard above covers them, and they never import this file.
  await app.register(sessionRoutes, routeOptions);
  await app.register(overviewRoute, routeOptions);
  await app.register(orderRoutes, routeOptions);
  await app.register(stockRoutes, routeOptions);
  await app.register(priceRoutes, routeOptions);
  await app.register(promotionRoutes, routeOptions);
  await app.register(productRoutes, routeOptions);
  await app.register(shippingRoutes, routeOptions);
  await app.register(photoRoutes, routeOptions);
  await app.register(factsRoutes, routeOptions);
  await app.register(reviewRoutes, routeOptions);
  await app.register(batchRoutes, routeOptions);
  await app.register(emailRoutes, routeOptions);
  await app.register(paymentRoutes, routeOptions);
};

/**
 * The only bodies besides JSON: a photo upload's image type, a certificate upload's PDF type. Anything else is
 * refused with 415, saying what the route takes.
 */
function refuseUploadType(config: FastifyContextConfig, contentType: string | undefined): void {
  if (config.photoUpload === true) {
    if (isImageContentType(contentType)) return;
    throw new ApiError(
      415,
      "unsupported_media_type",
      "Send the photo itself as a JPEG, PNG, WebP or AVIF file, with its type (image/jpeg, image/png, image/webp or image/avif).",
    );
  }
  if (config.certificateUpload === true) {
    if (isCertificateContentType(contentType)) return;
    throw new ApiError(415, "unsupported_media_type", "Send the certificate itself as a PDF file (application/pdf).");
  }
  throw new ApiError(415, "unsupported_media_type", "The back office's requests send JSON (application/json).");
}

/** Whether a request carries a body, or says what its body is. */
function sendsContent(headers: IncomingHttpHeaders): boolean {
  const length = headers["content-length"];
  return (
    (length !== undefined && length !== "0") ||
    headers["transfer-encoding"] !== undefined ||
    headers["content-type"] !== undefined
  );
}

/** application/json, with or without parameters such as charset. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

export default adminApi;

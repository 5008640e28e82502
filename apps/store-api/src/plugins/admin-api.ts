import type { FastifyPluginAsync } from "fastify";
import { readSessionToken } from "../admin/session-cookie.ts";
import { findSession, type SignedInOwner } from "../admin/sessions.ts";
import type { ScryptParameters } from "../admin/passwords.ts";
import type { Database } from "../db/connection.ts";
import { ApiError } from "../errors.ts";
import type { RefundState } from "../email/outbox-data.ts";
import type { OrderRow } from "../orders/place-order.ts";
import { registerEmailRoutes } from "../routes/admin/email-routes.ts";
import { registerOrderRoutes } from "../routes/admin/order-routes.ts";
import { registerOverviewRoute } from "../routes/admin/overview-route.ts";
import { registerSessionRoutes } from "../routes/admin/session-routes.ts";
import { registerStockRoutes } from "../routes/admin/stock-routes.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The owner whose session cookie came with the request; set by the back office's guard. */
    owner: SignedInOwner | null;
  }
  interface FastifyContextConfig {
    /** The back office's sign-in: the only route the guard lets through without a session (never without the Origin check). */
    withoutSession?: boolean;
  }
}

export interface AdminApiOptions {
  db: Database;
  now: () => Date;
  /** The API's public origin: the back office's pages live on it, so its requests come from it. */
  publicUrl: string;
  shopName: string;
  /** Drops cached catalogue answers after a change of stock or purchasability. */
  onStockChange: () => void;
  /** Asks the outbox worker to send what a committed change queued. */
  onEmailQueued: () => void;
  /** scrypt cost for new hashes and for the decoy check of unknown emails; tests lower it. */
  passwordParameters?: ScryptParameters;
  /**
   * Gives back a paid order's money through its provider when the owner cancels it (payments/refund.ts);
   * without it, or when the provider cannot, the refund is left for the owner to make by hand.
   */
  refundPayment?: (order: OrderRow, actor: string) => Promise<{ refund: RefundState }>;
}

export interface AdminRouteOptions extends AdminApiOptions {
  /** Whether cookies must carry Secure (the public URL is https). */
  secureCookies: boolean;
}

/**
 * Every /admin/api route, behind one guard (registered with that prefix, and not wrapped in
 * fastify-plugin, so the hook covers exactly these routes and a new one cannot skip it):
 * - a request from another origin is refused (403), and so is a state-changing request without an Origin
 *   header, which browsers always send on such requests: no other site can act with an owner's cookie;
 * - without a valid session cookie the answer is 401, except on the sign-in route.
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
    if (request.routeOptions.config.withoutSession === true) return;
    const token = readSessionToken(request.headers.cookie);
    const owner = token === undefined ? undefined : await findSession(options.db, token, options.now());
    if (owner === undefined) throw new ApiError(401, "not_signed_in", "Sign in to continue.");
    request.owner = owner;
  });

  const routeOptions: AdminRouteOptions = { ...options, secureCookies: options.publicUrl.startsWith("https://") };
  registerSessionRoutes(app, routeOptions);
  registerOverviewRoute(app, routeOptions);
  registerOrderRoutes(app, routeOptions);
  registerStockRoutes(app, routeOptions);
  registerEmailRoutes(app, routeOptions);
};

export default adminApi;

/** The signed-in owner of a request that passed the guard. */
export function ownerOf(request: { owner: SignedInOwner | null }): SignedInOwner {
  if (request.owner === null) throw new ApiError(401, "not_signed_in", "Sign in to continue.");
  return request.owner;
}

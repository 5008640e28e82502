import type { FastifyPluginAsync } from "fastify";
import { checkoutSweepEveryMs, throttledSweep } from "../checkout/expiry-sweep.ts";
import { cartKeyOf, clientKeyOf, createCheckoutSession, releaseExpiredSessions } from "../checkout/sessions.ts";
import type { Database } from "../db/connection.ts";
import { ApiError } from "../errors.ts";
import { checkoutRequestSchema, checkoutResponseSchema, errorBodySchema } from "../http/wire-schemas.ts";
import type { ZodTypeProvider } from "../http/zod-schemas.ts";
import type { RequestLimit } from "../request-counters.ts";
import { allowedRedirect } from "./redirects.ts";

export interface CheckoutApiOptions {
  db: Database;
  publicUrl: string;
  storeId: string;
  allowedOrigins: readonly string[];
  /** How long a new checkout holds its stock before the shopper's details are entered. */
  holdMs: number;
  /** Units one address's unpaid checkouts may hold together (0: no limit); see checkout/sessions.ts's ClientHold. */
  maxUnitsPerAddress: number;
  now: () => Date;
  /** Called after anything that changes available stock, so cached catalogue answers are dropped. */
  onStockChange: () => void;
  /** Limits checkouts per client address; none when undefined. */
  rateLimiter: RequestLimit | undefined;
}

/** POST /store/{storeId}/checkout: prices the cart on the server, reserves stock, answers the payment page's URL. */
export const checkoutApiRoutes: FastifyPluginAsync<CheckoutApiOptions> = async (app, options) => {
  const { db, now } = options;
  const allowed = new Set(options.allowedOrigins);
  const sweepExpired = throttledSweep((at) => releaseExpiredSessions(db, at), checkoutSweepEveryMs);

  app.withTypeProvider<ZodTypeProvider>().post(
    "/store/:storeId/checkout",
    {
      schema: {
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      // The rate limit and the content type come before the body is validated.
      preValidation: async (request, reply) => {
        const wait = (await options.rateLimiter?.take(request.ip)) ?? null;
        if (wait !== null) {
          reply.header("retry-after", String(wait));
          throw new ApiError(429, "rate_limited", `Too many checkouts from this address. Try again in ${wait} s.`, {
            retry_after_seconds: wait,
          });
        }
        const contentType = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
        if (contentType !== "application/json") {
          throw new ApiError(415, "unsupported_media_type", "Send the checkout as application/json.");
        }
      },
    },
    async (request) => {
      const { body } = request;
      if (body.items.length === 0) throw new ApiError(400, "empty_cart", "Add at least one item to check out.");
      const redirectTo = (field: "successUrl" | "cancelUrl", value: string): string => {
        const url = allowedRedirect(value, allowed);
        if (url === undefined) {
          throw new ApiError(
            400,
            "invalid_redirect_url",
            `${field} must be a URL on an allowed shop origin, written in its normal form.`,
            { field },
          );
        }
        return url;
      };
      const successUrl = redirectTo("successUrl", body.successUrl);
      const cancelUrl = redirectTo("cancelUrl", body.cancelUrl);
      if ((await sweepExpired(now())) > 0) options.onStockChange();
      const create = () =>
        createCheckoutSession(
          db,
          {
            items: body.items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
            successUrl,
            cancelUrl,
            locale: body.locale,
            timeZone: body.timeZone,
            currencyCode: body.currency?.toUpperCase(),
          },
          {
            now: now(),
            holdMs: options.holdMs,
            ...(options.maxUnitsPerAddress > 0
              ? { client: { key: clientKeyOf(request.ip), maxUnits: options.maxUnitsPerAddress } }
              : {}),
            // Cash on delivery counts a client's unconfirmed orders by this key (orders/cash-on-delivery-limits.ts).
            clientKey: clientKeyOf(request.ip),
            // Only this browser's own earlier checkout may be replaced: the address cannot tell shoppers apart.
            ...(body.cartToken === undefined ? {} : { cartKey: cartKeyOf(body.cartToken) }),
          },
        );
      const { session } = await create().catch(async (error: unknown) => {
        // Too little stock may be a hold that ended since the last sweep: release such holds, then try again.
        if (!(error instanceof ApiError && error.code === "insufficient_inventory")) throw error;
        if ((await sweepExpired(now(), { force: true })) === 0) throw error;
        options.onStockChange();
        return create();
      });
      options.onStockChange();
      const url = new URL(`${options.publicUrl}/checkout/${session.id}`);
      url.searchParams.set("store", options.storeId);
      if (body.locale !== undefined) url.searchParams.set("locale", body.locale);
      return { url: url.toString() };
    },
  );
};

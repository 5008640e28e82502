import { handlingDays, type ShippingRatesResponse } from "@herbo/hosted-api";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { sendCached, type ResponseCache } from "../catalog/response-cache.ts";
import type { Database } from "../db/connection.ts";
import { errorBodySchema, shippingRatesResponseSchema } from "../http/wire-schemas.ts";
import type { ZodTypeProvider } from "../http/zod-schemas.ts";
import { inOfferOrder, listDeliveryRates } from "../shipping/rates.ts";
import { listMarketStatements } from "../markets/markets.ts";
import { listPublicQuantityPrices } from "../catalog/quantity-prices.ts";
import { shopRating } from "../reviews/review-reads.ts";

export interface ShippingRateRouteOptions {
  db: Database;
  cache: ResponseCache;
}

/**
 * The delivery charge and days per country, as checkout charges them, and whether each market's prices include
 * tax and from what subtotal it ships free, as the owner set them: the storefront's shipping page, structured data and duties note read them here.
 * With them, the rating the home and landing pages state (the fixed one, or the published reviews' figures).
 * Cached with the catalogue's answers, and dropped with them when the owner changes a rate or a market's tax.
 */
export const shippingRateRoutes: FastifyPluginAsync<ShippingRateRouteOptions> = async (root, options) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = options;
  const schema = {
    params: z.object({ storeId: z.string() }),
    response: { 200: shippingRatesResponseSchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
  };
  app.get("/store/:storeId/shipping-rates", { schema }, async (request, reply) => {
    // One answer whatever the query string, so no query can fill the cache.
    const cached = await cache.get("shipping-rates", async (): Promise<ShippingRatesResponse> => {
      const [rates, marketStatements, quantityPrices, rating] = await Promise.all([
        listDeliveryRates(db).then(inOfferOrder),
        listMarketStatements(db),
        listPublicQuantityPrices(db),
        shopRating(db),
      ]);
      return shippingRatesResponseSchema.parse({
        handling_days: { min: handlingDays.min, max: handlingDays.max },
        shipping_rates: rates.map((rate) => ({
          country_code: rate.countryCode,
          country_name: rate.countryName,
          currency_code: rate.currencyCode,
          amount: rate.amount,
          min_days: rate.minDays,
          max_days: rate.maxDays,
        })),
        markets: marketStatements.map((market) => ({
          code: market.code,
          prices_include_tax: market.pricesIncludeTax,
          free_shipping_over: market.freeShippingOver,
        })),
        quantity_prices: quantityPrices,
        rating,
      });
    });
    return sendCached(request, reply, cached);
  });
};

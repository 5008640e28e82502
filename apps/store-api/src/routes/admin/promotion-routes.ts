import { maxQuantityPriceUnits } from "@herbo/hosted-api";
import type { AdminPromotions } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { listPromotions, setQuantityPrices } from "../../catalog/quantity-prices.ts";
import {
  createDiscountCode,
  discountCodeHistory,
  endDiscountCode,
  listDiscountCodes,
  marketCurrencies,
} from "../../checkout/discount-code-admin.ts";
import type { Database } from "../../db/connection.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
// Shapes only; the readable rules (units 2 to 20, whole percent 1 to 100, more units save more) come after.
const quantityPricesBody = z.object({
  version: z.number().int().min(0),
  tiers: z
    .array(z.object({ minQuantity: z.number(), percent: z.number() }))
    .max(maxQuantityPriceUnits, `at most ${maxQuantityPriceUnits} quantity prices`),
});

const perCurrency = z.record(z.string().regex(/^[A-Z]{3}$/, "expected ISO currency codes such as GBP"), z.number());
const instant = z.string().max(40).nullable();
// Shapes and lengths only; the readable rules (a real code, amounts in the shop's currencies, …) come after.
const codeBody = z.object({
  code: z.string().max(200),
  kind: z.enum(["percent", "amount"]),
  percent: z.number().nullable(),
  amounts: perCurrency,
  minimums: perCurrency,
  markets: z.array(z.string().regex(/^[a-z]{2}$/, "expected market codes such as uk")).max(20),
  productIds: z.array(identifier).max(200),
  startsAt: instant,
  endsAt: instant,
  totalUses: z.number().nullable(),
  usesPerEmail: z.number().nullable(),
});

/** The Promotions page: quantity prices per product and market, the discount codes, and both histories. */
async function promotionsPage(db: Database): Promise<AdminPromotions> {
  const [quantity, codes, currencies, codeChanges] = await Promise.all([
    listPromotions(db),
    listDiscountCodes(db),
    marketCurrencies(db),
    discountCodeHistory(db),
  ]);
  const history = [...quantity.history, ...codeChanges]
    .sort((left, right) => right.at.localeCompare(left.at))
    .slice(0, 30);
  return { ...quantity, codes, currencies, history };
}

/** The owner's offers: each product's quantity prices per market, with their history. */
export const promotionRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/promotions", async (): Promise<AdminPromotions> => promotionsPage(db));

  routes.post("/discount-codes", { schema: { body: codeBody } }, async (request, reply): Promise<AdminPromotions> => {
    await createDiscountCode(db, request.body, { actor: ownerOf(request).email, now: options.now() });
    reply.code(201);
    return promotionsPage(db);
  });

  routes.post(
    "/discount-codes/:codeId/end",
    { schema: { params: z.object({ codeId: identifier }) } },
    async (request): Promise<AdminPromotions> => {
      await endDiscountCode(db, request.params.codeId, { actor: ownerOf(request).email, now: options.now() });
      return promotionsPage(db);
    },
  );

  routes.put(
    "/products/:productId/quantity-prices/:marketCode",
    {
      schema: {
        params: z.object({
          productId: identifier,
          marketCode: z.string().regex(/^[a-z]{2}$/, "expected a market code such as uk"),
        }),
        body: quantityPricesBody,
      },
    },
    async (request): Promise<AdminPromotions> => {
      await setQuantityPrices(
        db,
        {
          productId: request.params.productId,
          marketCode: request.params.marketCode,
          actor: ownerOf(request).email,
          update: request.body,
        },
        options.now(),
      );
      // The storefront's next offer answer (product pages, the cart) carries the new prices.
      options.onCatalogChange();
      return promotionsPage(db);
    },
  );
};

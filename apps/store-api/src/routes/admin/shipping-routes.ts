import { maxFreeShippingThreshold } from "@herbo/hosted-api";
import type { AdminShipping } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { listShipping, setFreeShipping, setMarketTax, setShippingRate } from "../../shipping/shipping-settings.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { saveCaliforniaNotice } from "../../shipping/california-notice.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const version = z.number().int().min(1);
/** Whole days; a parcel takes at most a year. */
const days = z.number().int("expected whole days").min(0, "days cannot be negative").max(365, "at most 365 days");
const rateBody = z.object({
  version,
  currencyCode: z.string().regex(/^[A-Z]{3}$/, "expected an ISO currency code such as NPR"),
  /** Whole minor units (the back office turns "12.99" into 1299): never negative, never a fraction. */
  amount: z
    .number()
    .int("expected whole minor units (1299 for 12.99)")
    .min(0, "a shipping rate cannot be negative")
    .max(100_000_000, "that rate is too large"),
  minDays: days,
  maxDays: days,
});
const taxBody = z.object({
  version,
  pricesIncludeTax: z.boolean(),
  // Lengths here only stop abuse; the readable rules are checked after (admin/shipping.ts).
  taxName: z.string().max(200).nullable(),
  /** Basis points: 1300 is 13 %. */
  rateBasisPoints: z
    .number()
    .int("expected whole basis points (1300 for 13 %)")
    .min(0, "a tax rate cannot be negative")
    .max(10_000, "a tax rate cannot be above 100 %")
    .nullable(),
  registration: z.string().max(200).nullable(),
});

/** The California notice: the text only bounded here, checked by the contract's rule (california-notice.ts). */
const californiaNoticeBody = z.object({ version, enabled: z.boolean(), warning: z.string().max(5_000) });

const freeShippingBody = z.object({
  version,
  currencyCode: z.string().regex(/^[A-Z]{3}$/, "expected an ISO currency code such as GBP"),
  /** Whole minor units (the back office turns "60" into 6000), or null for no threshold. */
  amount: z
    .number()
    .int("expected whole minor units (6000 for 60.00)")
    .min(1, "a free-shipping threshold must be above 0; send null for none")
    .max(maxFreeShippingThreshold, "that threshold is too large")
    .nullable(),
});

/** The owner's shipping rates per country, tax settings per market and the California notice, with their history. */
export const shippingRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/shipping", async (): Promise<AdminShipping> => listShipping(db));

  routes.put(
    "/shipping/rates/:countryCode",
    {
      schema: {
        params: z.object({ countryCode: z.string().regex(/^[A-Z]{2}$/, "expected a country code such as NP") }),
        body: rateBody,
      },
    },
    async (request): Promise<AdminShipping> => {
      await setShippingRate(
        db,
        { countryCode: request.params.countryCode, actor: ownerOf(request).email, update: request.body },
        options.now(),
      );
      // The storefront's next shipping-rates answer (shipping page, structured data) carries the new rate.
      options.onCatalogChange();
      return listShipping(db);
    },
  );

  routes.put(
    "/markets/:marketCode/tax",
    {
      schema: {
        params: z.object({ marketCode: z.string().regex(/^[a-z]{2}$/, "expected a market code such as np") }),
        body: taxBody,
      },
    },
    async (request): Promise<AdminShipping> => {
      await setMarketTax(
        db,
        { marketCode: request.params.marketCode, actor: ownerOf(request).email, update: request.body },
        options.now(),
      );
      options.onCatalogChange();
      return listShipping(db);
    },
  );

  routes.put(
    "/markets/:marketCode/free-shipping",
    {
      schema: {
        params: z.object({ marketCode: z.string().regex(/^[a-z]{2}$/, "expected a market code such as uk") }),
        body: freeShippingBody,
      },
    },
    async (request): Promise<AdminShipping> => {
      await setFreeShipping(
        db,
        { marketCode: request.params.marketCode, actor: ownerOf(request).email, update: request.body },
        options.now(),
      );
      // The storefront's next shipping-rates answer (the cart's free-shipping line) carries the new threshold.
      options.onCatalogChange();
      return listShipping(db);
    },
  );

  routes.put(
    "/california-notice",
    { schema: { body: californiaNoticeBody } },
    async (request): Promise<AdminShipping> => {
      await saveCaliforniaNotice(db, { actor: ownerOf(request).email, update: request.body }, options.now());
      return listShipping(db);
    },
  );
};

import {
  adminReviewStatuses,
  type AdminRatingDisplay,
  type AdminReview,
  type AdminReviewList,
} from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { saveRatingDisplay } from "../../reviews/rating-display.ts";
import { hideReview, listAdminReviews, publishReview, replyToReview } from "../../reviews/review-moderation.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const reviewId = z.string().regex(/^rv_[0-9a-f-]{36}$/, "expected a review id");
const version = z.number().int().min(1);
const page = z
  .string()
  .regex(/^\d{1,6}$/, "must be a whole number")
  .transform(Number)
  .pipe(z.number().int().min(1));

/**
 * Moderation of buyers' reviews, and which rating the home and landing pages state. Every change drops the
 * cached catalogue answers, which carry the published reviews and the shop's rating.
 */
export const reviewRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;

  routes.get(
    "/reviews",
    {
      schema: {
        querystring: z.object({
          status: z.enum(adminReviewStatuses).default("pending"),
          page: page.optional(),
        }),
      },
    },
    async (request): Promise<AdminReviewList> => {
      ownerOf(request);
      return listAdminReviews(db, request.query.status, request.query.page ?? 1);
    },
  );

  routes.post(
    "/reviews/:reviewId/publish",
    { schema: { params: z.object({ reviewId }), body: z.strictObject({ version }) } },
    async (request): Promise<AdminReview> => {
      const review = await publishReview(
        db,
        { id: request.params.reviewId, version: request.body.version, actor: ownerOf(request).email },
        now(),
      );
      options.onCatalogChange();
      return review;
    },
  );

  routes.post(
    "/reviews/:reviewId/hide",
    {
      schema: {
        params: z.object({ reviewId }),
        body: z.strictObject({ version, reason: z.string().max(5_000) }),
      },
    },
    async (request): Promise<AdminReview> => {
      const review = await hideReview(
        db,
        {
          id: request.params.reviewId,
          version: request.body.version,
          reason: request.body.reason,
          actor: ownerOf(request).email,
        },
        now(),
      );
      options.onCatalogChange();
      return review;
    },
  );

  routes.put(
    "/reviews/:reviewId/reply",
    {
      schema: {
        params: z.object({ reviewId }),
        body: z.strictObject({ version, reply: z.string().max(20_000).nullable() }),
      },
    },
    async (request): Promise<AdminReview> => {
      const review = await replyToReview(
        db,
        {
          id: request.params.reviewId,
          version: request.body.version,
          reply: request.body.reply,
          actor: ownerOf(request).email,
        },
        now(),
      );
      options.onCatalogChange();
      return review;
    },
  );

  routes.put(
    "/rating-display",
    { schema: { body: z.strictObject({ version, measured: z.boolean() }) } },
    async (request): Promise<AdminRatingDisplay> => {
      const saved = await saveRatingDisplay(db, { actor: ownerOf(request).email, update: request.body }, now());
      options.onCatalogChange();
      return saved;
    },
  );
};

import type { AdminProductBatches } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { addBatch, chooseCurrentBatch, listBatches, type BatchServices } from "../../catalog/batches.ts";
import { ApiError } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { certificateContentType, certificateMaxBytes } from "../../media/certificate-check.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
/** The lot and the test date as typed: bounded here, checked by the catalogue (batches.ts) with its messages. */
const uploadQuery = z.object({
  lot: z.string().max(100, "at most 100 characters"),
  testedOn: z.string().max(20, "at most 20 characters").optional(),
});
const currentBody = z.object({
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  batchId: identifier,
});

/**
 * A product's batches and their lab certificates in the back office: list, add one (the certificate's own
 * bytes as the body, `application/pdf`, the lot and the test date in the query), and make an earlier one
 * current again. Like photos, never multipart/form-data, which a page on another site could post.
 */
export const batchRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const services: BatchServices = { db: options.db, store: options.mediaStore, now: options.now };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Only in this plugin. Fastify stops reading a body past the limit and answers 413 (at once when the
  // declared length is larger), so an oversized file is never held whole.
  app.addContentTypeParser(
    certificateContentType,
    { parseAs: "buffer", bodyLimit: certificateMaxBytes },
    (_request, body, done) => done(null, body),
  );
  const product = z.object({ productId: identifier });

  routes.get(
    "/products/:productId/batches",
    { schema: { params: product } },
    async (request): Promise<AdminProductBatches> => listBatches(options.db, request.params.productId),
  );

  routes.post(
    "/products/:productId/batches",
    { schema: { params: product, querystring: uploadQuery }, config: { certificateUpload: true } },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new ApiError(
          415,
          "unsupported_media_type",
          "Send the certificate itself as the body, as application/pdf.",
        );
      }
      const answer = await addBatch(services, {
        productId: request.params.productId,
        actor: ownerOf(request).email,
        lot: request.query.lot,
        testedOn: request.query.testedOn,
        bytes: request.body,
      });
      // The storefront's next product answer names the new batch.
      options.onCatalogChange();
      return reply.code(201).send(answer);
    },
  );

  routes.put(
    "/products/:productId/current-batch",
    { schema: { params: product, body: currentBody } },
    async (request): Promise<AdminProductBatches> => {
      const answer = await chooseCurrentBatch(services, {
        productId: request.params.productId,
        actor: ownerOf(request).email,
        version: request.body.version,
        batchId: request.body.batchId,
      });
      options.onCatalogChange();
      return answer;
    },
  );
};

import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ApiError } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { imageContentType } from "../../media/content-check.ts";
import { photoLimits } from "../../media/encode-photo.ts";
import {
  arrangePhotos,
  chooseVariantPhoto,
  deletePhoto,
  listPhotos,
  maxPhotosPerProduct,
  uploadPhoto,
  type PhotoServices,
} from "../../media/photos.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
const photoId = z.string().regex(/^(med_[0-9a-f]{20}|art_[0-9a-f]{12}(_[0-9]{1,3})?)$/, "expected a photo id");
/** The list's version, as GET answered it. */
const version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const arrangementBody = z.object({
  version,
  photos: z.array(z.object({ id: photoId, alt: z.string().max(1_000) })).max(maxPhotosPerProduct),
});
const variantPhotoBody = z.object({ version, photoId: photoId.nullable() });

/**
 * A product's photos in the back office: list, upload one, set the order and alt texts of all, delete one,
 * and choose a variant's. Uploads are the photo's own bytes with its image type, not multipart/form-data,
 * which a page on another site could post with the owner's cookie.
 */
export const photoRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const services: PhotoServices = {
    db: options.db,
    store: options.mediaStore,
    now: options.now,
    onLeftover: (names, error) => app.log.warn({ err: error, files: names }, "a deleted photo's files were left"),
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Only in this plugin: the other admin routes keep taking JSON alone, and their 64 KiB body limit.
  // Any image type: the content is checked, so an SVG or a GIF is refused for what it is.
  app.addContentTypeParser(
    imageContentType,
    { parseAs: "buffer", bodyLimit: photoLimits.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const product = z.object({ productId: identifier });

  routes.get(
    "/products/:productId/photos",
    { schema: { params: product } },
    async (request): Promise<AdminProductPhotos> => listPhotos(options.db, request.params.productId),
  );

  routes.post(
    "/products/:productId/photos",
    { schema: { params: product }, config: { photoUpload: true } },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new ApiError(
          415,
          "unsupported_media_type",
          "Send the photo itself as the body, with its type (image/jpeg, image/png, image/webp or image/avif).",
        );
      }
      const answer = await uploadPhoto(services, {
        productId: request.params.productId,
        actor: ownerOf(request).email,
        bytes: request.body,
        contentType: request.headers["content-type"],
      });
      // The storefront's next catalogue answer shows the photo.
      options.onCatalogChange();
      return reply.code(201).send(answer);
    },
  );

  routes.put(
    "/products/:productId/photos",
    { schema: { params: product, body: arrangementBody } },
    async (request): Promise<AdminProductPhotos> => {
      const answer = await arrangePhotos(services, {
        productId: request.params.productId,
        actor: ownerOf(request).email,
        arrangement: request.body,
      });
      options.onCatalogChange();
      return answer;
    },
  );

  routes.delete(
    "/products/:productId/photos/:photoId",
    { schema: { params: z.object({ productId: identifier, photoId }) } },
    async (request): Promise<AdminProductPhotos> => {
      const answer = await deletePhoto(services, {
        productId: request.params.productId,
        photoId: request.params.photoId,
        actor: ownerOf(request).email,
      });
      options.onCatalogChange();
      return answer;
    },
  );

  routes.put(
    "/products/:productId/variants/:variantId/photo",
    { schema: { params: z.object({ productId: identifier, variantId: identifier }), body: variantPhotoBody } },
    async (request): Promise<AdminProductPhotos> => {
      const answer = await chooseVariantPhoto(services, {
        productId: request.params.productId,
        variantId: request.params.variantId,
        actor: ownerOf(request).email,
        version: request.body.version,
        photoId: request.body.photoId,
      });
      options.onCatalogChange();
      return answer;
    },
  );
};

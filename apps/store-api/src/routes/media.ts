import type { FastifyPluginAsync } from "fastify";
import { parseMediaFileName } from "../media/media-names.ts";
import { MediaStoreUnavailable, type MediaStore } from "../media/media-store.ts";

const notFoundBody = { error: { code: "not_found", message: "Image not found" } } as const;
const unavailableBody = {
  error: { code: "service_unavailable", message: "The image cannot be fetched right now; try again shortly." },
} as const;

/**
 * GET /media/<id>-<width>.webp and /media/<id>-card.jpg: uploaded photos' files. A name never changes
 * content (a new photo gets a new id), so browsers and CDNs keep them for a year without asking again.
 * They are read through the media store, a folder or a bucket alike, so pages and CSP never name the bucket.
 */
export const mediaRoutes: FastifyPluginAsync<{ store: MediaStore | undefined }> = async (app, options) => {
  app.get("/media/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    const parsed = parseMediaFileName(file);
    let bytes: Buffer | undefined;
    try {
      bytes = parsed === undefined ? undefined : await options.store?.read(file);
    } catch (error) {
      if (!(error instanceof MediaStoreUnavailable)) throw error;
      request.log.warn({ err: error }, "A photo could not be read from the media store");
      return reply.code(503).header("cache-control", "no-store").header("retry-after", "30").send(unavailableBody);
    }
    if (parsed === undefined || bytes === undefined) return reply.code(404).send(notFoundBody);
    return reply
      .header("content-type", parsed.kind === "card" ? "image/jpeg" : "image/webp")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .header("cross-origin-resource-policy", "cross-origin")
      .header("content-security-policy", "default-src 'none'")
      .send(bytes);
  });
};

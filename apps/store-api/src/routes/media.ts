import type { FastifyPluginAsync } from "fastify";
import { certificateToServe } from "../catalog/batches.ts";
import type { Database } from "../db/connection.ts";
import { certificateOfAddressName, certificateDownloadName, parseMediaFileName } from "../media/media-names.ts";
import { MediaStoreUnavailable, type MediaStore } from "../media/media-store.ts";

const notFoundBody = { error: { code: "not_found", message: "Image not found" } } as const;
const certificateNotFoundBody = { error: { code: "not_found", message: "Certificate not found" } } as const;
const unavailableBody = {
  error: { code: "service_unavailable", message: "The image cannot be fetched right now; try again shortly." },
} as const;
const immutable = "public, max-age=31536000, immutable";

/**
 * GET /media/<id>-<width>.webp and /media/<id>-card.jpg: uploaded photos' files; GET
 * /media/certificates/<sha256>.pdf: the lab certificates of the products' batches. A name never changes
 * content (a new photo gets a new id, a certificate is named by its SHA-256), so browsers and CDNs keep them
 * for a year without asking again. They are read through the media store, a folder or a bucket alike, so
 * pages and CSP never name the bucket.
 */
export const mediaRoutes: FastifyPluginAsync<{ db: Database; store: MediaStore | undefined }> = async (
  app,
  options,
) => {
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
      .header("cache-control", immutable)
      .header("x-content-type-options", "nosniff")
      .header("cross-origin-resource-policy", "cross-origin")
      .header("content-security-policy", "default-src 'none'")
      .send(bytes);
  });

  app.get("/media/certificates/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    const sha256 = certificateOfAddressName(file);
    let certificate: Awaited<ReturnType<typeof certificateToServe>>;
    try {
      certificate = sha256 === undefined ? undefined : await certificateToServe(options.db, options.store, sha256);
    } catch (error) {
      if (!(error instanceof MediaStoreUnavailable)) throw error;
      request.log.warn({ err: error }, "A certificate could not be read from the media store");
      return reply.code(503).header("cache-control", "no-store").header("retry-after", "30").send(unavailableBody);
    }
    if (certificate === undefined) return reply.code(404).send(certificateNotFoundBody);
    // Shown in the browser's own PDF viewer, in a sandbox of no origin: whatever the file holds, it can reach
    // neither the shop's pages nor the back office.
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${certificateDownloadName(certificate.lot)}"`)
      .header("cache-control", immutable)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "sandbox; default-src 'none'")
      .send(certificate.bytes);
  });
};

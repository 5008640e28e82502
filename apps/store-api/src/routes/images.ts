import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { compressOnce, sendCompressed, type CompressedBody } from "../http/compressed.ts";
import { renderSocialCard } from "../media/social-card.ts";

const contentTypes: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
};

/**
 * An image as it is sent. A drawing (SVG) is text, so it is also compressed, once: it shares a slow connection
 * with the page it sits on. Photos and PNGs are compressed already.
 */
function servedImage(bytes: Buffer, type: string): Buffer | CompressedBody {
  return type === "image/svg+xml" ? compressOnce(bytes) : bytes;
}

/** Serves the catalogue's images from one folder; names are checked, so no path can leave it. */
export const imageRoutes: FastifyPluginAsync<{ folder: string }> = async (app, options) => {
  const cache = new Map<string, Buffer | CompressedBody>();
  app.get("/images/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    const type = contentTypes[path.extname(file).toLowerCase()];
    if (!/^[a-z0-9][a-z0-9-]*\.[a-z]{3,4}$/.test(file) || type === undefined) {
      return reply.code(404).send({ error: { code: "not_found", message: "Image not found" } });
    }
    let image = cache.get(file);
    if (image === undefined) {
      try {
        image = servedImage(await readFile(path.join(options.folder, file)), type);
      } catch {
        return reply.code(404).send({ error: { code: "not_found", message: "Image not found" } });
      }
      cache.set(file, image);
    }
    if (Buffer.isBuffer(image)) return sendImage(reply, type, image);
    return sendCompressed(request, imageHeaders(reply.header("vary", "Accept-Encoding"), type), image);
  });

  // A product's social card: its SVG artwork drawn as a 1200×630 PNG on first request, then kept.
  const cards = new Map<string, Promise<Buffer>>();
  app.get("/images/cards/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    const name = /^([a-z0-9][a-z0-9-]*)\.png$/.exec(file)?.[1];
    if (name === undefined) {
      return reply.code(404).send({ error: { code: "not_found", message: "Image not found" } });
    }
    let bytes = cards.get(name);
    if (bytes === undefined) {
      let artwork: string;
      try {
        artwork = await readFile(path.join(options.folder, `${name}.svg`), "utf8");
      } catch {
        return reply.code(404).send({ error: { code: "not_found", message: "Image not found" } });
      }
      bytes = renderSocialCard(artwork);
      cards.set(name, bytes);
      // A drawing that failed is tried again next time rather than failing for good.
      bytes.catch(() => cards.delete(name));
    }
    return sendImage(reply, "image/png", await bytes);
  });
};

function imageHeaders(reply: FastifyReply, type: string): FastifyReply {
  return (
    reply
      .header("content-type", type)
      .header("cache-control", "public, max-age=86400")
      .header("cross-origin-resource-policy", "cross-origin")
      // An SVG opened on its own must not run anything.
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
  );
}

function sendImage(reply: FastifyReply, type: string, bytes: Buffer) {
  return imageHeaders(reply, type).send(bytes);
}

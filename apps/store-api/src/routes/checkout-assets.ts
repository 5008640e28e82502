import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { errorBody } from "../errors.ts";
import { packageRoot } from "../package-root.ts";

const folder = path.join(packageRoot, "assets", "checkout");

/** The files the hosted pages load, and nothing else: no name from the request reaches the file system. */
const files: Record<string, string> = {
  "checkout.css": "text/css; charset=utf-8",
  "checkout.js": "text/javascript; charset=utf-8",
  "logo-mark.svg": "image/svg+xml",
  "playfair-display-latin-700-normal.woff2": "font/woff2",
};

/** GET /checkout-assets/{file}: the hosted pages' stylesheet, script, logo and font, from this API. */
export const checkoutAssetRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Buffer>();
  app.get("/checkout-assets/:file", async (request, reply) => {
    const { file } = request.params as { file: string };
    const type = Object.hasOwn(files, file) ? files[file] : undefined;
    if (type === undefined) return reply.code(404).send(errorBody("not_found", "No such file"));
    let bytes = cache.get(file);
    if (bytes === undefined) {
      bytes = await readFile(path.join(folder, file));
      cache.set(file, bytes);
    }
    return reply
      .header("content-type", type)
      .header("cache-control", "public, max-age=3600")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(bytes);
  });
};

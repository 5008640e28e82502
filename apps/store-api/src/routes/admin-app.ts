import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../errors.ts";
import { escapeHtml } from "../html/markup.ts";
import { compressOnce, sendCompressed, type CompressedBody } from "../http/compressed.ts";
import { packageRoot } from "../package-root.ts";

/** Where `npm run build -w apps/admin` writes the back office's static files. */
export const defaultAdminFolder = path.resolve(packageRoot, "..", "admin", "dist");

/** The back office loads only its own script, styles and images, and talks only to this origin. */
export const adminPageSecurity = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The outbox's email previews, each sandboxed by its own policy (routes/admin/email-routes.ts).
  "frame-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
};

function send(request: FastifyRequest, reply: FastifyReply, file: CompressedBody): FastifyReply {
  reply.header("vary", "Accept-Encoding").header("x-robots-tag", "noindex, nofollow");
  return sendCompressed(request, reply, file);
}

/**
 * The single page with the shop's name in it, for the sign-in page, which shows it before anyone is
 * signed in (the signed-in pages read it from the session).
 */
export function withShopName(html: string, shopName: string): string {
  return html.replace("</head>", `<meta name="application-name" content="${escapeHtml(shopName)}">\n</head>`);
}

/**
 * GET /admin and below: the back office's built files (apps/admin). Fingerprinted assets are cached for a
 * year; every other path under /admin is the single page, which routes in the browser and is never cached
 * or indexed. /admin/api/* belongs to the guarded JSON plugin; an unknown API path is a JSON 404 here.
 */
export const adminAppRoutes: FastifyPluginAsync<{ folder?: string; shopName?: string }> = async (app, options) => {
  const folder = options.folder ?? defaultAdminFolder;
  const { shopName } = options;
  const files = new Map<string, Promise<CompressedBody | undefined>>();
  const load = (name: string) => {
    let file = files.get(name);
    if (file === undefined) {
      const named = (raw: Buffer) =>
        name === "index.html" && shopName !== undefined
          ? Buffer.from(withShopName(raw.toString("utf8"), shopName))
          : raw;
      file = readFile(path.join(folder, name)).then(
        (raw) => compressOnce(named(raw)),
        () => undefined,
      );
      files.set(name, file);
      // A file missing now (the app is being built) is looked for again next time.
      void file.then((found) => found ?? files.delete(name));
    }
    return file;
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const index = await load("index.html");
    reply.header("x-robots-tag", "noindex, nofollow").header("cache-control", "no-cache");
    if (index === undefined) {
      return reply
        .code(503)
        .header("content-type", "text/plain; charset=utf-8")
        .send("The back office is not built yet: run `npm run build` (or `npm start`, which builds it).");
    }
    reply.header("content-type", "text/html; charset=utf-8").header("content-security-policy", adminPageSecurity);
    return send(request, reply, index);
  };

  app.get("/admin", page);
  app.get("/admin/*", async (request, reply) => {
    const rest = (request.params as { "*": string })["*"];
    if (rest === "api" || rest.startsWith("api/")) {
      return reply
        .code(404)
        .send(errorBody("not_found", `No route for ${request.method} /admin/${rest.split("?")[0] ?? ""}`));
    }
    const asset = /^assets\/([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(js|css|svg|woff2|png))$/.exec(rest);
    if (asset === null) return page(request, reply);
    const file = await load(path.join("assets", asset[1] ?? ""));
    if (file === undefined) return reply.code(404).send(errorBody("not_found", "No such file"));
    reply
      .header("content-type", contentTypes[`.${asset[2] ?? ""}`] ?? "application/octet-stream")
      .header("cache-control", "public, max-age=31536000, immutable");
    return send(request, reply, file);
  });
};

import type { Socket } from "node:net";
import cors from "@fastify/cors";
import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { ResponseCache } from "./catalog/response-cache.ts";
import { seedImagesFolder } from "./catalog/seed.ts";
import { releaseExpiredSessions } from "./checkout/service.ts";
import type { StoreApiConfig } from "./config.ts";
import type { Database } from "./db/connection.ts";
import { checkDatabase } from "./db/health.ts";
import { ApiError } from "./errors.ts";
import { withRedactedUrls } from "./log-redaction.ts";
import { RateLimiter } from "./rate-limit.ts";
import { refuseUnservedMethods, requestTimeoutOptions } from "./request-limits.ts";
import { registerCatalogRoutes } from "./routes/catalog.ts";
import { registerCheckoutRoutes } from "./routes/checkout.ts";
import { registerImageRoutes } from "./routes/images.ts";

export interface AppOptions {
  config: Pick<StoreApiConfig, "publicUrl" | "storeId" | "allowedOrigins" | "reservationMs" | "shopName"> &
    Partial<
      Pick<StoreApiConfig, "catalogCacheMs" | "checkoutRateLimit" | "trustProxy" | "headersTimeoutMs" | "requestTimeoutMs">
    >;
  db: Database;
  /** The clock; tests move it to expire reservations. */
  now?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Folder the product images are served from. */
  imagesFolder?: string;
  /** How often expired reservations are returned to stock without anyone visiting them; 0 turns it off. */
  sweepIntervalMs?: number;
}

/** Largest JSON or form body accepted; a cart of 50 lines is far below it. */
export const bodyLimitBytes = 64 * 1024;
/** Request line and headers: room for a long `ids[]` list, which validation then refuses with a JSON error. */
export const maxHeaderBytes = 128 * 1024;

interface ConnectionErrorAnswer {
  status: number;
  reason: string;
  code: string;
  message: string;
}

const connectionErrors: Record<string, ConnectionErrorAnswer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    code: "headers_too_large",
    message: "The request line or headers are too large.",
  },
  HPE_INVALID_METHOD: {
    status: 405,
    reason: "Method Not Allowed",
    code: "method_not_allowed",
    message: "The store API does not answer this method.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    code: "request_timeout",
    message: "The request took too long to arrive.",
  },
};
const malformedRequest: ConnectionErrorAnswer = {
  status: 400,
  reason: "Bad Request",
  code: "bad_request",
  message: "The request is malformed.",
};

/** Errors Node raises before a request reaches Fastify still get our JSON error shape. */
function answerConnectionError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) return;
  const known = connectionErrors[error.code ?? ""] ?? malformedRequest;
  const body = JSON.stringify({ error: { code: known.code, message: known.message } });
  socket.end(
    `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message: string;
}

function isFastifyLikeError(error: unknown): error is FastifyLikeError {
  return typeof error === "object" && error !== null && "message" in error;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const timeouts = requestTimeoutOptions(config);
  const app = Fastify({
    logger: withRedactedUrls(options.logger),
    bodyLimit: bodyLimitBytes,
    requestTimeout: timeouts.requestTimeout,
    http: { maxHeaderSize: maxHeaderBytes, ...timeouts.http },
    clientErrorHandler: answerConnectionError,
    trustProxy: config.trustProxy ?? false,
    // Errors the router raises before any route runs (malformed escapes, overlong segments) keep our shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      void reply.code(tooLong ? 414 : (error.statusCode ?? 400)).send({
        error: {
          code: tooLong ? "uri_too_long" : "invalid_url",
          message: tooLong ? "A part of the address is too long." : "The address is malformed.",
        },
      });
    },
    // Our 404 for a store id must not depend on how the router treats trailing slashes.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  const allowedOrigins = new Set(config.allowedOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
    methods: ["GET", "POST"],
    allowedHeaders: ["Content-Type"],
    maxAge: 600,
  });
  await app.register(formbody, { bodyLimit: bodyLimitBytes });

  const https = config.publicUrl.startsWith("https://");
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    if (https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
    }
  });

  app.addHook("onRequest", refuseUnservedMethods);

  // Only the configured store answers; any other store id is unknown.
  app.addHook("onRequest", async (request) => {
    const storeId = (request.params as { storeId?: string } | undefined)?.storeId;
    if (storeId !== undefined && storeId !== config.storeId) throw new ApiError(404, "not_found", "Store not found");
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      const body: { code: string; message: string; details?: Record<string, unknown> } = {
        code: error.code,
        message: error.message,
      };
      if (error.details !== undefined) body.details = error.details;
      return reply.code(error.statusCode).send({ error: body });
    }
    const known = isFastifyLikeError(error) ? error : { message: String(error) };
    const status = known.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        error: { code: clientErrorCode(status, known.code), message: known.message },
      });
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .code(500)
      .send({ error: { code: "internal_error", message: "Something went wrong on our side. Please try again." } });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: { code: "not_found", message: `No route for ${request.method} ${request.url.split("?")[0] ?? ""}` },
    }),
  );

  app.get("/health", async (request, reply) => {
    const health = await checkDatabase(db);
    if (health.database === "ok") return { status: "ok", database: "ok" };
    request.log.error({ err: health.error }, "health check failed");
    return reply.code(503).send({ status: "unavailable", database: health.database });
  });

  const catalogCache = new ResponseCache(config.catalogCacheMs ?? 1_000);
  registerCatalogRoutes(app, { db, publicUrl: config.publicUrl, cache: catalogCache });
  registerCheckoutRoutes(app, {
    onStockChange: () => catalogCache.invalidate(),
    db,
    publicUrl: config.publicUrl,
    storeId: config.storeId,
    shopName: config.shopName,
    allowedOrigins: config.allowedOrigins,
    reservationMs: config.reservationMs,
    now,
    rateLimiter:
      config.checkoutRateLimit === undefined || config.checkoutRateLimit <= 0
        ? undefined
        : new RateLimiter(config.checkoutRateLimit, 60_000),
  });
  registerImageRoutes(app, { folder: options.imagesFolder ?? seedImagesFolder });

  // Expired reservations go back to stock even when nobody visits their checkout.
  const sweepIntervalMs = options.sweepIntervalMs ?? 0;
  if (sweepIntervalMs > 0) {
    let sweep: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      sweep = setInterval(() => {
        releaseExpiredSessions(db, now()).then(
          (expired) => {
            if (expired === 0) return;
            catalogCache.invalidate();
            app.log.info({ expired }, "released expired checkout sessions");
          },
          (error: unknown) => app.log.error({ err: error }, "releasing expired sessions failed"),
        );
      }, sweepIntervalMs);
      sweep.unref();
    });
    app.addHook("onClose", async () => clearInterval(sweep));
  }
  return app;
}

function clientErrorCode(status: number, fastifyCode: string | undefined): string {
  if (status === 413) return "body_too_large";
  if (status === 415) return "unsupported_media_type";
  if (fastifyCode === "FST_ERR_CTP_INVALID_JSON_BODY" || fastifyCode === "FST_ERR_CTP_EMPTY_JSON_BODY")
    return "invalid_json";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  return "invalid_request";
}

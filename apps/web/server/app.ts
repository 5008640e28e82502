import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ServerEnvironment } from "../app/lib/env.server";
import { createStoreApi, type StoreApi } from "../app/lib/store-api/client";
import { readProductDetails } from "../app/lib/store-api/product-details.server";
import { readReviewPage } from "../app/lib/store-api/product-reviews.server";
import { readShopRating } from "../app/lib/store-api/shop-rating.server";
import { clientErrorAnswer } from "./client-errors";
import { deferHydration } from "./deferred-hydration";
import { EventLoopPressure } from "./event-loop-pressure";
import { pageCacheKey, renderedUrl } from "./page-cache-key";
import { watchStoreChanges } from "./store-changes";
import { PageCache, type CachedPage } from "./page-cache";
import { RenderQueue, RenderQueueFullError } from "./render-queue";
import { canonicalRedirect, requestUrl } from "./request-target";
import { baseSecurityHeaders, contentSecurityPolicy, type SecurityOptions } from "./security";
import { inlineScriptHashes, loadStaticFiles, type StaticFile } from "./static-files";
import { changeStreamPath } from "@herbo/hosted-api";
import { bearerTokenMatches } from "@herbo/hosted-api/bearer-token";
import { requestIdOf } from "@herbo/hosted-api/request-id";
import { withRequestId } from "./request-id";
import { withSharedReads } from "./shared-reads";
import { createStoreFetch } from "./store-fetch";
import { createWebMetrics, renderedKind, staticKind, type RouteKind } from "./web-metrics";

export interface WebServerOptions {
  /** The folder holding React Router's build (client/ and server/). */
  buildFolder: string;
  environment: ServerEnvironment;
  /**
   * Replaces the store API client made from the environment (tests); the page cache then does not listen to
   * the environment's store for changes (server/store-changes.ts).
   */
  storeApi?: StoreApi;
  log?: (entry: Record<string, unknown>) => void;
  /** How long a server-rendered page may be reused for identical requests; 0 renders every time. */
  pageCacheMs?: number;
  /** Server renders running at once, and renders that may wait for a slot; beyond both the answer is 503. */
  renderConcurrency?: number;
  renderQueueLength?: number;
  /** Time allowed for a request's line and headers, and for the whole request with its body, to arrive. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** The bearer token GET /metrics asks for; undefined: no /metrics (it is rendered like any unknown path). */
  metricsToken?: string | undefined;
}

/** The methods the storefront answers: it has no forms of its own. */
const allowedMethods = "GET, HEAD";
/** Bodies above this size are refused as too large before anything else; smaller ones are never read. */
const maxRequestBodyBytes = 16 * 1024;
/** Seconds a client is asked to wait when the server is too busy to render, and what it is told. */
const busyRetryAfterSeconds = 2;
const busyMessage = "The shop is very busy right now. Please try again in a moment.";

type Encoding = "br" | "gzip" | "identity";

function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

interface EncodedBodies {
  body: Buffer;
  gzip: Buffer | undefined;
  brotli: Buffer | undefined;
}

/** The smallest prepared body the client accepts, with the Content-Encoding it needs, if any. */
function encodedBody(
  acceptEncoding: string | undefined,
  bodies: EncodedBodies,
): { payload: Buffer; encoding?: "br" | "gzip" } {
  const accepted = preferredEncoding(acceptEncoding);
  if (accepted === "br" && bodies.brotli !== undefined) return { payload: bodies.brotli, encoding: "br" };
  if (accepted !== "identity" && bodies.gzip !== undefined) return { payload: bodies.gzip, encoding: "gzip" };
  return { payload: bodies.body };
}

function isCompressibleType(contentType: string | null): boolean {
  return contentType !== null && /^(text\/|application\/(json|xml|rss\+xml|javascript)|image\/svg)/.test(contentType);
}

/**
 * The build's own stylesheet writer (exported by app/entry.server.tsx), or undefined for a build that
 * writes the stylesheet while rendering.
 */
type SiteCssWriter = (document: Buffer<ArrayBuffer>) => Buffer<ArrayBuffer>;
function siteCssWriter(build: ServerBuild): SiteCssWriter | undefined {
  const writer: unknown = Reflect.get(build.entry.module, "withSiteCss");
  return typeof writer === "function" ? (writer as SiteCssWriter) : undefined;
}

export async function createWebServer(options: WebServerOptions): Promise<http.Server> {
  const { environment } = options;
  const build = (await import(pathToFileURL(path.join(options.buildFolder, "server", "index.js")).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, "production");
  const withSiteCss = siteCssWriter(build);
  const staticFiles = await loadStaticFiles(path.join(options.buildFolder, "client"));
  // The catalogue answers are shared between renders for the store API's cache window (server/shared-reads.ts).
  const sharedStoreApi =
    options.storeApi === undefined
      ? withSharedReads(
          createStoreApi({
            baseUrl: environment.storeApiUrl,
            storeId: environment.storeId,
            timeoutMs: environment.storeApiTimeoutMs,
            fetch: createStoreFetch(),
            readProductDetails,
            readReviewPage,
            readShopRating,
          }),
        )
      : undefined;
  const storeApi = options.storeApi ?? sharedStoreApi;
  const security: SecurityOptions = {
    storeApiOrigin: new URL(environment.publicStoreApiUrl).origin,
    https: environment.siteUrl.startsWith("https://"),
  };
  const baseHeaders = baseSecurityHeaders(security);
  const pageCache = new PageCache(options.pageCacheMs ?? 1_000);
  const pressure = new EventLoopPressure();
  const renderQueue = new RenderQueue(
    options.renderConcurrency ?? 4,
    options.renderQueueLength ?? 16,
    () => pressure.saturated,
  );
  const metrics = createWebMetrics(renderQueue);
  const log = options.log ?? ((entry) => console.log(JSON.stringify({ time: new Date().toISOString(), ...entry })));
  // Policies of prerendered pages never change, so they are built once.
  const staticPolicies = new Map<StaticFile, string>();
  for (const file of staticFiles.values()) {
    if (file.scriptHashes !== undefined) staticPolicies.set(file, contentSecurityPolicy(security, file.scriptHashes));
  }

  function sendStatic(request: IncomingMessage, response: ServerResponse, file: StaticFile, status: number): void {
    const headers: Record<string, string> = {
      ...baseHeaders,
      "Content-Type": file.contentType,
      "Cache-Control": status === 200 ? file.cacheControl : "no-store",
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    const policy = staticPolicies.get(file);
    if (policy !== undefined) headers["Content-Security-Policy"] = policy;
    if (status === 200 && request.headers["if-none-match"] === file.etag) {
      response.writeHead(304, headers).end();
      return;
    }
    const { payload, encoding } = encodedBody(request.headers["accept-encoding"], file);
    if (encoding !== undefined) headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(payload.length);
    response.writeHead(status, headers);
    response.end(request.method === "HEAD" ? undefined : payload);
  }

  /** Prerendered page or asset for this path, if the build has one. `/404` is the not-found page. */
  function findStatic(pathname: string): { file: StaticFile; status: number } | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const file = staticFiles.get(decoded);
    if (file === undefined) return undefined;
    return { file, status: decoded === "/404" ? 404 : 200 };
  }

  /** Renders a GET through React Router: the page, a `.data` answer for client navigation, or a resource route. */
  async function renderFresh(request: IncomingMessage, url: URL): Promise<CachedPage> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    // Every answer is compressed here, once, so React Router gets no say in it.
    headers.delete("accept-encoding");
    // HEAD is answered from a GET render without its body, so the two share one cached page.
    // The stylesheet (41 KB of the 70 KB) is written in after the rewrite below, which then reads less.
    const result = await handleRequest(new Request(url, { method: "GET", headers }), {
      storeApi,
      writesSiteCss: withSiteCss !== undefined,
    });
    const outgoing: Record<string, string | string[]> = {};
    result.headers.forEach((value, name) => {
      if (name !== "set-cookie") outgoing[name] = value;
    });
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) outgoing["set-cookie"] = cookies;
    let payload = Buffer.from(await result.arrayBuffer());
    const contentType = result.headers.get("content-type");
    if (contentType?.startsWith("text/html")) {
      // Rendered pages hydrate after they have painted, like prerendered ones.
      const html = deferHydration(payload.toString("utf8"));
      payload = Buffer.from(html, "utf8");
      // Inline scripts are allowed by their hashes, computed from this very document.
      outgoing["content-security-policy"] = contentSecurityPolicy(security, inlineScriptHashes(html));
      if (withSiteCss !== undefined) payload = withSiteCss(payload);
    }
    outgoing["cache-control"] ??= "no-cache";
    return PageCache.entry(result.status, outgoing, payload, isCompressibleType(contentType));
  }

  /**
   * A cached render, or a fresh one through the render queue. While every render slot is taken, a page
   * rendered in the last minute is served at once (and rendered again behind it); without one, a full
   * queue means 503.
   */
  async function pageFor(request: IncomingMessage, url: URL): Promise<CachedPage | "busy"> {
    const target = renderedUrl(url);
    let rendered = false;
    try {
      const page = await pageCache.get(
        pageCacheKey(target),
        () => {
          rendered = true;
          return renderQueue.run(() => renderFresh(request, target));
        },
        () => renderQueue.busy,
      );
      metrics.countPageCache(rendered ? "miss" : "hit");
      return page;
    } catch (error) {
      if (error instanceof RenderQueueFullError) return "busy";
      throw error;
    }
  }

  async function render(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const page = await pageFor(request, url);
    if (page === "busy") {
      metrics.countBusy();
      response
        .writeHead(503, {
          ...baseHeaders,
          "Content-Type": "text/plain; charset=utf-8",
          "Content-Length": String(Buffer.byteLength(busyMessage)),
          "Cache-Control": "no-store",
          "Retry-After": String(busyRetryAfterSeconds),
        })
        .end(request.method === "HEAD" ? undefined : busyMessage);
      return;
    }
    const outgoing: Record<string, string | string[]> = { ...baseHeaders, ...page.headers };
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    const encoded = encoding === "identity" ? undefined : PageCache.encodedBody(page, encoding);
    const payload = encoded ?? page.body;
    if (encoded !== undefined) outgoing["content-encoding"] = encoding;
    if (page.compressible) outgoing.vary = "Accept-Encoding";
    outgoing["content-length"] = String(payload.length);
    response.writeHead(page.status, outgoing);
    response.end(request.method === "HEAD" ? undefined : payload);
  }

  /** Any other method: the storefront has no forms, so this costs no render. */
  function refuseMethod(request: IncomingMessage, response: ServerResponse): void {
    const declared = request.headers["content-length"];
    const tooLarge = Number(declared ?? 0) > maxRequestBodyBytes;
    const body = tooLarge ? "Payload Too Large" : "Method Not Allowed";
    const headers: Record<string, string> = {
      ...baseHeaders,
      Allow: allowedMethods,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
    };
    // Node discards a small declared body to reuse the connection; a large or unsized one ends it instead.
    if (tooLarge || (declared === undefined && request.headers["transfer-encoding"] !== undefined)) {
      headers.Connection = "close";
    }
    response.writeHead(tooLarge ? 413 : 405, headers).end(body);
  }

  const siteOrigin = new URL(environment.siteUrl).origin;
  const headersTimeoutMs = options.headersTimeoutMs ?? 10_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  /** GET /metrics for a scraper holding the token; 401 for anyone else. */
  async function sendMetrics(request: IncomingMessage, response: ServerResponse, token: string): Promise<void> {
    if (!bearerTokenMatches(request.headers.authorization, token)) {
      response
        .writeHead(401, {
          ...baseHeaders,
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "WWW-Authenticate": 'Bearer realm="metrics"',
        })
        .end("Unauthorized\n");
      return;
    }
    const text = await metrics.registry.metrics();
    response
      .writeHead(200, { ...baseHeaders, "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" })
      .end(request.method === "HEAD" ? undefined : text);
  }

  /** Answers one request; says what kind it was, for the metrics. */
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<RouteKind> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      refuseMethod(request, response);
      return "other";
    }
    // The Host header and the request target never choose the origin; URLs the app builds use SITE_URL's.
    const url = requestUrl(request.url, siteOrigin);
    const redirect = canonicalRedirect(url.pathname, url.search);
    if (redirect !== undefined) {
      response.writeHead(301, { ...baseHeaders, Location: redirect }).end();
      return "other";
    }
    if (options.metricsToken !== undefined && url.pathname === "/metrics") {
      await sendMetrics(request, response, options.metricsToken);
      return "other";
    }
    const found = findStatic(url.pathname);
    if (found !== undefined) {
      sendStatic(request, response, found.file, found.status);
      return staticKind(found.file.contentType);
    }
    await render(request, response, url);
    return renderedKind(url.pathname);
  }

  async function handle(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    const started = performance.now();
    let kind: RouteKind = "other";
    try {
      kind = await answer(request, response);
    } catch (error) {
      log({
        level: "error",
        message: "request failed",
        requestId,
        url: request.url,
        error: error instanceof Error ? error.stack : String(error),
      });
      if (!response.headersSent) {
        response.writeHead(500, { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8" });
      }
      response.end("Internal Server Error");
    } finally {
      const seconds = (performance.now() - started) / 1_000;
      metrics.observeRequest(kind, request.method, response.statusCode, seconds);
      if (process.env.LOG_REQUESTS === "1") {
        log({
          level: "info",
          requestId,
          method: request.method,
          url: request.url,
          status: response.statusCode,
          ms: Math.round(seconds * 1_000),
        });
      }
    }
  }

  const server = http.createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: 65_000,
      // Node checks both timeouts on this interval (30 s by default), so check often enough to hold them.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeoutMs / 4)),
    },
    (request, response) => {
      // One id per request: in its log lines, on every store API call made for it, and in the answer.
      const requestId = requestIdOf(request.headers["x-request-id"]);
      response.setHeader("X-Request-Id", requestId);
      void withRequestId(requestId, () => handle(request, response, requestId));
    },
  );
  const stopWatching = pressure.watch();
  server.on("close", stopWatching);
  if (sharedStoreApi !== undefined) {
    // The owner's change (a price, a product, an offer) is on every page at once, not after the cache time.
    const changes = watchStoreChanges({
      url: `${environment.storeApiUrl}${changeStreamPath}`,
      onChange: () => {
        pageCache.clear();
        sharedStoreApi.forget();
      },
      log,
    });
    server.on("close", () => changes.close());
  }
  // Requests Node's parser refused never reach the handler above; an unknown method gets 501.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    const answerable = error.code !== "ECONNRESET" && socket.writable;
    if (answerable && (response === undefined || response === null || !response.headersSent)) {
      socket.end(clientErrorAnswer(error.code));
    } else {
      socket.destroy();
    }
  });
  return server;
}

import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ServerEnvironment } from "../app/lib/env.server";
import { createStoreApi, type StoreApi } from "../app/lib/store-api/client";
import { deferHydration } from "./deferred-hydration";
import { baseSecurityHeaders, contentSecurityPolicy, type SecurityOptions } from "./security";
import { PageCache, type CachedPage } from "./page-cache";
import { inlineScriptHashes, loadStaticFiles, type StaticFile } from "./static-files";

export interface WebServerOptions {
  /** The folder holding React Router's build (client/ and server/). */
  buildFolder: string;
  environment: ServerEnvironment;
  /** Replaces the store API client made from the environment (tests). */
  storeApi?: StoreApi;
  log?: (entry: Record<string, unknown>) => void;
  /** How long a server-rendered page may be reused for identical requests; 0 renders every time. */
  pageCacheMs?: number;
}

/** Bodies the web server accepts at all: it has no forms of its own. */
const maxRequestBodyBytes = 16 * 1024;

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

export async function createWebServer(options: WebServerOptions): Promise<http.Server> {
  const { environment } = options;
  const build = (await import(pathToFileURL(path.join(options.buildFolder, "server", "index.js")).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, "production");
  const staticFiles = await loadStaticFiles(path.join(options.buildFolder, "client"));
  const storeApi =
    options.storeApi ??
    createStoreApi({
      baseUrl: environment.storeApiUrl,
      storeId: environment.storeId,
      timeoutMs: environment.storeApiTimeoutMs,
    });
  const security: SecurityOptions = {
    storeApiOrigin: new URL(environment.publicStoreApiUrl).origin,
    https: environment.siteUrl.startsWith("https://"),
  };
  const baseHeaders = baseSecurityHeaders(security);
  const pageCache = new PageCache(options.pageCacheMs ?? 1_000);
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

  async function readBody(request: IncomingMessage): Promise<Buffer | "too-large"> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxRequestBodyBytes) return "too-large";
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  }

  /** Renders through React Router: the page, a `.data` answer for client navigation, or a resource route. */
  async function renderFresh(request: IncomingMessage, url: URL, body: Buffer | undefined): Promise<CachedPage> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    // Every answer is compressed here, once, so React Router gets no say in it.
    headers.delete("accept-encoding");
    // HEAD is answered from a GET render without its body, so the two share one cached page.
    const method = request.method === "HEAD" ? "GET" : (request.method ?? "GET");
    const fetchRequest = new Request(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: new Uint8Array(body) }),
    });
    const result = await handleRequest(fetchRequest, { storeApi });
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
    }
    outgoing["cache-control"] ??= "no-cache";
    return PageCache.entry(result.status, outgoing, payload, isCompressibleType(contentType));
  }

  async function render(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    let body: Buffer | undefined;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const read = await readBody(request);
      if (read === "too-large") {
        response
          .writeHead(413, { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8" })
          .end("Payload Too Large");
        return;
      }
      body = read;
    }
    const page =
      request.method === "GET" || request.method === "HEAD"
        ? await pageCache.get(url.pathname + url.search, () => renderFresh(request, url, undefined))
        : await renderFresh(request, url, body);
    const outgoing: Record<string, string | string[]> = { ...baseHeaders, ...page.headers };
    const { payload, encoding } = encodedBody(request.headers["accept-encoding"], page);
    if (encoding !== undefined) outgoing["content-encoding"] = encoding;
    if (page.brotli !== undefined) outgoing.vary = "Accept-Encoding";
    outgoing["content-length"] = String(payload.length);
    response.writeHead(page.status, outgoing);
    response.end(request.method === "HEAD" ? undefined : payload);
  }

  const siteOrigin = new URL(environment.siteUrl);
  const server = http.createServer(async (request, response) => {
    const started = performance.now();
    try {
      // The Host header is the client's to choose; URLs the app builds use SITE_URL's origin instead.
      const url = new URL(request.url ?? "/", siteOrigin);
      if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
        const target = url.pathname.replace(/\/+$/, "") + url.search;
        response.writeHead(301, { ...baseHeaders, Location: target.startsWith("/") ? target : `/${target}` }).end();
        return;
      }
      const found = request.method === "GET" || request.method === "HEAD" ? findStatic(url.pathname) : undefined;
      if (found !== undefined) sendStatic(request, response, found.file, found.status);
      else await render(request, response, url);
    } catch (error) {
      log({
        level: "error",
        message: "request failed",
        url: request.url,
        error: error instanceof Error ? error.stack : String(error),
      });
      if (!response.headersSent) {
        response.writeHead(500, { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8" });
      }
      response.end("Internal Server Error");
    } finally {
      if (process.env.LOG_REQUESTS === "1") {
        log({
          level: "info",
          method: request.method,
          url: request.url,
          status: response.statusCode,
          ms: Math.round(performance.now() - started),
        });
      }
    }
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  return server;
}

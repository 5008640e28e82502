import type { FastifyServerOptions } from "fastify";

/** A checkout session id at the start of a path segment or a query value: enough to pay or cancel with. */
const sessionId = /(?<=[/=])cs_[A-Za-z0-9_-]+/g;

/** The URL with every checkout session id replaced by `cs_[redacted]`. */
export function redactSessionIds(url: string): string {
  return url.replace(sessionId, "cs_[redacted]");
}

/** What the request serializer reads: Fastify passes its request, typed as Node's. */
interface LoggedRequest {
  method?: string | undefined;
  url?: string | undefined;
  ip?: string;
  host?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number | undefined } | null;
}

/** Fastify's request log line, with session ids out of the URL. */
export function redactedRequest(request: LoggedRequest) {
  const version = request.headers?.["accept-version"];
  return {
    method: request.method,
    url: redactSessionIds(request.url ?? ""),
    version: typeof version === "string" ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Logger options whose request lines never carry a session id (issue 13, finding 14); off stays off. */
export function withRedactedUrls(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === undefined || logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: redactedRequest } };
}

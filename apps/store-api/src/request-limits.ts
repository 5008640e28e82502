import type { FastifyReply, FastifyRequest } from "fastify";

export interface RequestTimeouts {
  /** Time allowed for a request line and its headers to arrive. */
  headersTimeoutMs?: number;
  /** Time allowed for a whole request, headers and body, to arrive. */
  requestTimeoutMs?: number;
}

/**
 * Fastify options bounding how long a client may take to send a request. Fastify leaves the request
 * timeout off and Node checks both limits only every 30 s, so a body trickled a byte at a time held a
 * connection for as long as the client liked.
 */
export function requestTimeoutOptions(timeouts: RequestTimeouts) {
  const headersTimeout = timeouts.headersTimeoutMs ?? 10_000;
  return {
    requestTimeout: timeouts.requestTimeoutMs ?? 30_000,
    http: { headersTimeout, connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeout / 4)) },
  };
}

/** The methods some route of the store API answers; CORS preflights are OPTIONS. */
export const servedMethods = ["GET", "HEAD", "POST", "OPTIONS"] as const;
const served = new Set<string>(servedMethods);
/** The back office's JSON also changes a setting (PUT) and signs out (DELETE); nowhere else does. */
export const adminApiPrefix = "/admin/api/";
const servedUnderAdminApi = new Set<string>([...servedMethods, "PUT", "DELETE"]);

/** The answer to any other method (TRACE, PUT, PROPFIND…): 405, a 4xx like every refusal of this API. */
export const methodNotAllowed = {
  status: 405,
  allow: servedMethods.join(", "),
  body: (method: string) => ({
    error: { code: "method_not_allowed", message: `The store API does not answer ${method} requests.` },
  }),
};

/** Refuses methods no route serves before routing, so none reaches a handler or the error log. */
export async function refuseUnservedMethods(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (served.has(request.method)) return undefined;
  if (request.url.startsWith(adminApiPrefix) && servedUnderAdminApi.has(request.method)) return undefined;
  return reply
    .code(methodNotAllowed.status)
    .header("allow", methodNotAllowed.allow)
    .send(methodNotAllowed.body(request.method));
}

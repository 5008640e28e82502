import type { ServerResponse } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import { changeStreamPath } from "@herbo/hosted-api";
import { errorBody } from "../errors.ts";

/**
 * GET /ops/changes: a stream (Server-Sent Events) of the owner's changes to what the storefront's pages state,
 * for the storefront servers' page caches. Each copy of the store API streams the changes made through any
 * copy (it hears the others over PostgreSQL), so a storefront needs only its own store API. An event says
 * that something changed, never what: the pages are rendered again from the store's answers.
 *
 * It carries nothing a shopper could not read from the catalogue, but each listener holds a connection, so
 * their number is capped and a browser's request (one naming an Origin) is refused. deploy/Caddyfile keeps
 * /ops/ from the public; the storefront reaches it on STORE_API_URL, the store API's private address.
 */
export interface ChangeStreamOptions {
  /** Calls `listener` on each change until the returned function is called. */
  subscribe(listener: () => void): () => void;
  /** Listeners at once: a few per storefront copy is plenty. */
  maxListeners?: number;
  /** A comment line this often, so proxies and idle timers see the stream alive. */
  heartbeatMs?: number;
}

export const changeStreamRoutes: FastifyPluginAsync<ChangeStreamOptions> = async (app, options) => {
  const maxListeners = options.maxListeners ?? 32;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const open = new Set<ServerResponse>();

  // Before the server waits for requests in flight: a stream never ends on its own.
  app.addHook("preClose", async () => {
    for (const stream of open) stream.end();
  });

  app.get(changeStreamPath, async (request, reply) => {
    if (request.headers.origin !== undefined) {
      return reply.code(403).send(errorBody("wrong_origin", "The change stream is for the shop's own servers"));
    }
    if (open.size >= maxListeners) {
      return reply
        .code(503)
        .header("Retry-After", "30")
        .send(errorBody("service_unavailable", "Too many listeners; try again later"));
    }
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      // A buffering proxy would hold the events back.
      "X-Accel-Buffering": "no",
    });
    // The listener learns it is connected, and drops what it cached while it was not.
    stream.write("event: ready\ndata: {}\n\n");
    open.add(stream);
    const unsubscribe = options.subscribe(() => stream.write("event: change\ndata: {}\n\n"));
    const heartbeat = setInterval(() => stream.write(": still here\n\n"), heartbeatMs);
    heartbeat.unref();
    stream.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
    });
  });
};

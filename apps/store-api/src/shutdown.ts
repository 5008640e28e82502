import type { FastifyInstance } from "fastify";

/** How long a stopping server lets requests in flight finish before it closes their connections. */
export const shutdownGraceMs = 10_000;

/**
 * Closes the app as a SIGTERM asks: no new connections, idle keep-alive ones closed at once, requests
 * in flight finished (new ones on a busy connection get 503), then the app's onClose hooks (jobs, outbox,
 * timers). Connections still open after `graceMs` are closed so the stop never waits on a slow client.
 */
export async function closeGracefully(
  app: FastifyInstance,
  graceMs = shutdownGraceMs,
): Promise<{ forcedConnections: boolean }> {
  let forcedConnections = false;
  const deadline = setTimeout(() => {
    forcedConnections = true;
    app.log.warn({ graceMs }, "requests still running at the end of the grace period; closing their connections");
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  return { forcedConnections };
}

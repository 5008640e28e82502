import type http from "node:http";

/** How long a stopping web server lets pages in flight finish before it closes their connections. */
export const shutdownGraceMs = 10_000;
/** While stopping, how often connections whose answer has ended (now idle) are closed. */
const idleSweepMs = 100;

/**
 * Stops the server as a SIGTERM asks: no new connections, idle keep-alive ones closed at once, and each
 * answer still in flight sent with `Connection: close` so its connection ends with it. Connections still
 * open after `graceMs` are closed. Resolves once the server has closed (`forced`: the grace ran out).
 */
export function stopGracefully(server: http.Server, graceMs = shutdownGraceMs): Promise<{ forced: boolean }> {
  return new Promise((resolve) => {
    let forced = false;
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, graceMs);
    // A keep-alive connection whose answer was in flight at close becomes idle when it ends: close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), idleSweepMs);
    // Requests still arriving on open connections are answered, with the connection ending after them.
    server.prependListener("request", (_request, response: http.ServerResponse) => {
      response.setHeader("Connection", "close");
    });
    server.close(() => {
      clearTimeout(deadline);
      clearInterval(sweep);
      resolve({ forced });
    });
    server.closeIdleConnections();
  });
}

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { stopGracefully } from "./graceful-stop";

/** A server whose answers wait until the test releases them (or never, for `/hang`). */
async function slowServer() {
  const waiting: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    if (request.url === "/hang") return;
    if (request.url === "/slow") {
      waiting.push(() => response.writeHead(200, { "Content-Type": "text/plain" }).end("finished"));
      return;
    }
    response.writeHead(200, { "Content-Type": "text/plain" }).end("quick");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, releaseAll: () => waiting.splice(0).forEach((release) => release()), waiting };
}

function get(port: number, path: string, agent?: http.Agent) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
      );
    });
    request.on("error", reject);
  });
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("stopping the web server", () => {
  const agents: http.Agent[] = [];
  afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));

  it("finishes a page in flight, refuses new connections and closes idle keep-alive ones", async () => {
    const { server, port, releaseAll, waiting } = await slowServer();
    const idleAgent = new http.Agent({ keepAlive: true });
    agents.push(idleAgent);
    expect((await get(port, "/quick", idleAgent)).body).toBe("quick");
    let idleClosed = false;
    const [idleSocket] = Object.values(idleAgent.freeSockets).flat();
    idleSocket?.once("close", () => (idleClosed = true));
    expect(idleSocket).toBeDefined();

    const busyAgent = new http.Agent({ keepAlive: true });
    agents.push(busyAgent);
    const inFlight = get(port, "/slow", busyAgent);
    await until(() => waiting.length === 1);

    const stopped = stopGracefully(server, 30_000);
    await until(() => idleClosed);
    await expect(get(port, "/quick")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    releaseAll();
    expect(await inFlight).toMatchObject({ status: 200, body: "finished" });
    // The busy connection ends once its answer is sent, so the stop does not wait for the grace period.
    expect(await stopped).toEqual({ forced: false });
    expect(server.listening).toBe(false);
  });

  it("closes the connections still open when the grace period ends", async () => {
    const { server, port } = await slowServer();
    const hanging = get(port, "/hang");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stopGracefully(server, 200)).toEqual({ forced: true });
    await expect(hanging).rejects.toMatchObject({ code: "ECONNRESET" });
  });
});

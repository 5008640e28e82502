import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreApi, StoreApiError, storeUnreachableMessage } from "../app/lib/store-api/client";
import { withRequestId } from "./request-id";
import { createStoreFetch } from "./store-fetch";

let server: http.Server;
let base = "";
const seenSockets = new Set<unknown>();
const requests: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seenSockets.add(request.socket);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (request.url?.startsWith("/slow") === true) return; // never answers
      if (request.url === "/empty") return void response.writeHead(204).end();
      if (request.url === "/missing") {
        response.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":"not_found"}}');
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ method: request.method, body: Buffer.concat(chunks).toString() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the server's store fetch", () => {
  const storeFetch = createStoreFetch();

  it("answers like fetch: status and a readable JSON body, and sends the headers it is given", async () => {
    const response = await storeFetch(`${base}/ok`, { headers: { accept: "application/json" } });
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(response.statusText).toBe("OK");
    expect(await response.json()).toEqual({ method: "GET", body: "" });
    expect(requests.at(-1)?.headers.accept).toBe("application/json");
  });

  it("sends the method and a string body with its length", async () => {
    const response = await storeFetch(`${base}/ok`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"ünïcode":1}',
    });
    expect(await response.json()).toEqual({ method: "POST", body: '{"ünïcode":1}' });
    expect(requests.at(-1)?.headers["content-length"]).toBe(String(Buffer.byteLength('{"ünïcode":1}')));
  });

  it("passes error statuses through, and gives 204 no body", async () => {
    const missing = await storeFetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.statusText).toBe("Not Found");
    expect(await missing.json()).toEqual({ error: { code: "not_found" } });
    expect(missing.ok).toBe(false);
    const empty = await storeFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.ok).toBe(true);
    // As with fetch, an empty body is not JSON.
    await expect(empty.json()).rejects.toThrow(SyntaxError);
  });

  it("sends the id of the request it is made for, and none outside a request", async () => {
    await withRequestId("page-42", () => storeFetch(`${base}/ok`));
    expect(requests.at(-1)?.headers["x-request-id"]).toBe("page-42");
    await storeFetch(`${base}/ok`);
    expect(requests.at(-1)?.headers["x-request-id"]).toBeUndefined();
  });

  it("keeps connections alive between calls", async () => {
    seenSockets.clear();
    for (let index = 0; index < 5; index += 1) await (await storeFetch(`${base}/ok`)).json();
    expect(seenSockets.size).toBe(1);
  });

  it("rejects with the signal's reason when aborted, before or during the call", async () => {
    const before = AbortSignal.abort(new Error("stopped early"));
    await expect(storeFetch(`${base}/ok`, { signal: before })).rejects.toThrow("stopped early");
    await expect(storeFetch(`${base}/slow`, { signal: AbortSignal.timeout(100) })).rejects.toMatchObject({
      name: "TimeoutError",
    });
  });

  it("fails like fetch when nothing listens, and refuses what it cannot send", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(storeFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow("fetch failed");
    await expect(storeFetch("ftp://example.org/")).rejects.toThrow(/protocol/);
    await expect(storeFetch(`${base}/ok`, { method: "POST", body: new Uint8Array([1]) })).rejects.toThrow(/string/);
  });

  it("serves the store API client: a timeout and an unreachable store read as they do with fetch", async () => {
    const slow = createStoreApi({ baseUrl: `${base}/slow`, storeId: "local", fetch: storeFetch, timeoutMs: 100 });
    await expect(slow.getProduct("p1")).rejects.toThrow(new StoreApiError("The store did not answer in time"));
    const nowhere = createStoreApi({ baseUrl: "http://127.0.0.1:9", storeId: "local", fetch: storeFetch });
    await expect(nowhere.getProduct("p1")).rejects.toThrow(new StoreApiError(storeUnreachableMessage));
  });
});

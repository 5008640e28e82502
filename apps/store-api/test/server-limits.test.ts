import net from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { createTestDatabase, shopOrigin, testStoreId, type TestDatabase } from "./harness.ts";

// Slow clients, methods no route serves, session ids in the access log.
let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(
        ...chunk
          .toString()
          .split("\n")
          .filter((line) => line !== ""),
      );
      done();
    },
  });
  app = await buildApp({
    config: {
      publicUrl: "http://api.test",
      storeId: testStoreId,
      allowedOrigins: [shopOrigin],
      reservationMs: 30 * 60_000,
      shopName: "Herbo Shilajit",
      // Short, but not so short that a busy test machine trips them on ordinary requests.
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 4_000,
    },
    db: database.db,
    logger: { level: "info", stream: logStream },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

interface Exchange {
  received: string;
  closed: boolean;
  elapsedMs: number;
  /** Characters of the trickle still unsent when the connection closed: the server cut the client off. */
  unsent: number;
}

/** Sends `head`, then `trickle` a character every `everyMs`, until the server closes or `giveUpMs` pass. */
async function exchange(head: string, trickle = "", everyMs = 150, giveUpMs = 14_000): Promise<Exchange> {
  const socket = net.connect(Number(new URL(baseUrl).port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const started = Date.now();
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  socket.on("error", () => undefined);
  const pending = [...trickle];
  const timer = setInterval(() => {
    const next = pending.shift();
    if (next !== undefined && socket.writable) socket.write(next);
  }, everyMs);
  socket.write(head);
  const closed = await new Promise<boolean>((resolve) => {
    const giveUp = setTimeout(() => resolve(false), giveUpMs);
    socket.once("close", () => {
      clearTimeout(giveUp);
      resolve(true);
    });
  });
  clearInterval(timer);
  socket.destroy();
  return { received, closed, elapsedMs: Date.now() - started, unsent: pending.length };
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as { error: { code: string } };

describe("slow clients", () => {
  it("a client that sends its headers slowly gets 408 after HEADERS_TIMEOUT_MS", async () => {
    const answer = await exchange(
      `GET /store/${testStoreId}/products HTTP/1.1\r\nHost: api.test\r\n`,
      "X-Slow: " + "a".repeat(100),
    );
    expect(answer.closed).toBe(true);
    expect(statusOf(answer.received)).toBe(408);
    expect(bodyOf(answer.received).error.code).toBe("request_timeout");
    // Never before the allowance; and while the client was still sending (a load may only delay the cut).
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(1_900);
    expect(answer.unsent).toBeGreaterThan(0);
  });

  it("a checkout whose body trickles in gets 408 after REQUEST_TIMEOUT_MS", async () => {
    const answer = await exchange(
      `POST /store/${testStoreId}/checkout HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
      "{" + " ".repeat(999),
    );
    expect(answer.closed).toBe(true);
    expect(statusOf(answer.received)).toBe(408);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(3_900);
    expect(answer.unsent).toBeGreaterThan(0);
  });
});

describe("methods", () => {
  it("answers TRACE, PUT, DELETE, PATCH and WebDAV methods with 405 JSON and Allow, logging no error", async () => {
    const errorsBefore = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50).length;
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
      for (const path of ["/", `/store/${testStoreId}/products`, `/store/${testStoreId}/checkout`, "/health"]) {
        const response = await app.inject({ method: method as "GET", url: path });
        expect(response.statusCode, `${method} ${path}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
        expect(response.json()).toEqual({
          error: { code: "method_not_allowed", message: `The store API does not answer ${method} requests.` },
        });
      }
    }
    const errorsAfter = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50).length;
    expect(errorsAfter).toBe(errorsBefore);
  });

  it("lets PUT and DELETE reach the back office's guard only under /admin/api/ (401 without a session)", async () => {
    for (const [method, url] of [
      ["PUT", "/admin/api/products/prod_value_pack/purchasable"],
      ["DELETE", "/admin/api/session"],
    ] as const) {
      const admin = await app.inject({ method, url, headers: { origin: "http://api.test" } });
      expect(admin.statusCode, method).not.toBe(405);
      expect(admin.statusCode, method).toBe(401);
      expect((await app.inject({ method, url: "/admin/apix" })).statusCode).toBe(405);
      expect((await app.inject({ method: "TRACE", url: "/admin/api/session" })).statusCode).toBe(405);
    }
  });

  it("answers a method Node does not know with 405 too, not 'malformed'", async () => {
    const answer = await exchange("FOO / HTTP/1.1\r\nHost: api.test\r\n\r\n");
    expect(statusOf(answer.received)).toBe(405);
    expect(bodyOf(answer.received).error.code).toBe("method_not_allowed");
  });

  it("still serves GET, HEAD, POST and CORS preflights", async () => {
    expect((await fetch(`${baseUrl}/store/${testStoreId}/products`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/store/${testStoreId}/products`, { method: "HEAD" })).status).toBe(200);
    const preflight = await fetch(`${baseUrl}/store/${testStoreId}/checkout`, {
      method: "OPTIONS",
      headers: { origin: shopOrigin, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    const post = await fetch(`${baseUrl}/store/${testStoreId}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(post.status).toBe(400);
  });
});

describe("the access log", () => {
  it("never holds a checkout session id", async () => {
    const sessionId = "cs_SECRETsession123";
    await fetch(`${baseUrl}/checkout/${sessionId}`);
    await fetch(`${baseUrl}/checkout/${sessionId}/pay`, { method: "POST", body: new URLSearchParams({ number: "1" }) });
    await fetch(`${baseUrl}/checkout/${sessionId}/cancel?again=${sessionId}`, { method: "POST" });
    const requestLines = logLines.filter((line) => line.includes("/checkout/"));
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    expect(logLines.join("\n")).not.toContain("SECRETsession123");
    expect(requestLines.join("\n")).toContain('"url":"/checkout/cs_[redacted]/pay"');
    expect(requestLines.join("\n")).toContain('"url":"/checkout/cs_[redacted]/cancel?again=[redacted]"');
  });
});

import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  json?: unknown;
  html?: string;
  redirect?: string;
}

export interface RunningFake {
  url: string;
  close(): Promise<void>;
}

/** A small HTTP server on 127.0.0.1 that answers with `handle`: a provider's documented contract, played locally. */
export async function startHttpFake(
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
  onAnswered?: (request: FakeRequest, answer: FakeAnswer) => void,
): Promise<RunningFake> {
  const sockets = new Set<Socket>();
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://fake");
      const request: FakeRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      Promise.resolve(handle(request)).then(
        (answer) => {
          if (answer.redirect !== undefined) {
            outgoing.writeHead(answer.status, { location: answer.redirect });
            outgoing.end();
          } else if (answer.html !== undefined) {
            outgoing.writeHead(answer.status, { "content-type": "text/html; charset=utf-8" });
            outgoing.end(answer.html);
          } else {
            outgoing.writeHead(answer.status, { "content-type": "application/json" });
            outgoing.end(JSON.stringify(answer.json ?? {}));
          }
          onAnswered?.(request, answer);
        },
        (error: unknown) => {
          outgoing.writeHead(500, { "content-type": "application/json" });
          outgoing.end(JSON.stringify({ error: String(error) }));
        },
      );
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Stripe's form encoding ("line_items[0][price_data][currency]=npr") as nested objects and arrays. */
export function parseBracketForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === "object" && next !== null) {
        node = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return root;
}

/** The values of an object keyed "0", "1", … (how the bracket form writes arrays), in order. */
export function listOf(value: unknown): unknown[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.keys(value)
    .filter((key) => /^\d+$/.test(key))
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => (value as Record<string, unknown>)[key]);
}

export function randomId(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
}

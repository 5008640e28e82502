import Fastify from "fastify";
import { changeStreamPath } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { changeStreamRoutes } from "../src/routes/change-stream.ts";
import { changeTinPrice } from "./admin-helpers.ts";
import { checkoutBody, databaseKinds, postJson, startApi } from "./harness.ts";

/**
 * GET /ops/changes tells the storefront servers of the owner's changes made through any copy of the store API,
 * and of none of the shoppers' holds, which come many a second in a sale and would empty their page caches.
 */

const kinds = await databaseKinds();

/** A listener on a copy's stream: the names of the events it has read so far. */
async function listen(baseUrl: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${changeStreamPath}`, { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const events: string[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const reading = (async () => {
    let buffer = "";
    for (;;) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) return "ended";
      buffer += decoder.decode(value, { stream: true });
      for (const match of buffer.matchAll(/^event: (\w+)$/gm)) events.push(match[1] ?? "");
      buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
    }
  })().catch(() => "aborted");
  return { events, ended: reading, close: () => controller.abort() };
}

describe.each(kinds)("the change stream (%s)", (kind) => {
  it("tells of the owner's price change but not of a shopper's checkout, and ends when the server stops", async () => {
    const api = await startApi(kind, { changeFeed: kind === "postgres" });
    let listener: Awaited<ReturnType<typeof listen>> | undefined;
    try {
      listener = await listen(api.baseUrl);
      await expect.poll(() => listener?.events).toEqual(["ready"]);
      const held = await postJson(
        `${api.storeUrl}/checkout`,
        checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }]),
      );
      expect(held.status).toBe(200);
      await changeTinPrice(api, 51_000);
      // Events come in order: had the hold been told, its event would stand before the price's.
      await expect.poll(() => listener?.events, { timeout: 10_000 }).toEqual(["ready", "change"]);
    } finally {
      // The open stream does not hold the server's stop: it ends the stream itself.
      await api.close();
    }
    expect(await listener?.ended).toBe("ended");
  });
});

describe.runIf(kinds.includes("postgres"))("copies of the store API over one PostgreSQL database", () => {
  it("each stream the changes made through the other", async () => {
    const api = await startApi("postgres", { changeFeed: true });
    const copy = await api.startCopy();
    const listener = await listen(copy.baseUrl);
    try {
      await expect.poll(() => listener.events).toEqual(["ready"]);
      await changeTinPrice(api, 52_000);
      await expect.poll(() => listener.events, { timeout: 10_000 }).toEqual(["ready", "change"]);
    } finally {
      listener.close();
      await copy.close();
      await api.close();
    }
  });
});

describe("who may listen", () => {
  async function streamServer() {
    const app = Fastify();
    await app.register(changeStreamRoutes, { subscribe: () => () => undefined, maxListeners: 1 });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    return { app, address };
  }

  it("refuses a browser's request from any site (it names an Origin)", async () => {
    const { app, address } = await streamServer();
    try {
      const refused = await fetch(`${address}${changeStreamPath}`, {
        headers: { origin: "https://elsewhere.example" },
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { code: "wrong_origin" } });
    } finally {
      await app.close();
    }
  });

  it("refuses listeners past its cap with 503 and Retry-After, and takes one again when a listener leaves", async () => {
    const { app, address } = await streamServer();
    try {
      const first = await listen(address);
      const second = await fetch(`${address}${changeStreamPath}`);
      expect(second.status).toBe(503);
      expect(second.headers.get("retry-after")).toBe("30");
      first.close();
      await expect
        .poll(async () => {
          const again = await fetch(`${address}${changeStreamPath}`);
          const status = again.status;
          await again.body?.cancel();
          return status;
        })
        .toBe(200);
    } finally {
      await app.close();
    }
  });
});

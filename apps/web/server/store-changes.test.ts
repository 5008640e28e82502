import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { eventName, watchStoreChanges, type StoreChangeWatch } from "./store-changes";

/** A stand-in store API whose stream the test writes to; `status` other than 200 refuses listeners. */
async function streamServer(status = 200) {
  const streams: http.ServerResponse[] = [];
  const accepts: (string | undefined)[] = [];
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    accepts.push(request.headers.accept);
    if (status !== 200) {
      response.writeHead(status).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream" });
    streams.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ops/changes`,
    streams,
    accepts,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.destroy();
        server.close(() => resolve());
      }),
  };
}

const watches: StoreChangeWatch[] = [];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const watch of watches.splice(0)) watch.close();
  for (const server of servers.splice(0)) await server.close();
});

function watch(url: string, retryMs = 20) {
  const logged: Record<string, unknown>[] = [];
  const waits: number[] = [];
  let changes = 0;
  const watching = watchStoreChanges({
    url,
    onChange: () => (changes += 1),
    log: (entry) => logged.push(entry),
    retryMs,
    maxRetryMs: retryMs * 4,
    onRetry: (delayMs) => waits.push(delayMs),
  });
  watches.push(watching);
  return { changes: () => changes, logged, waits, close: () => watching.close() };
}

describe("eventName", () => {
  it("reads the event field of a block, and none of a comment", () => {
    expect(eventName("event: change\ndata: {}")).toBe("change");
    expect(eventName("id: 4\r\nevent:ready\r\ndata: {}")).toBe("ready");
    expect(eventName(": still here")).toBeUndefined();
    expect(eventName("data: event: change")).toBeUndefined();
  });
});

describe("watchStoreChanges", () => {
  it("calls onChange on connecting and on each change, not on a heartbeat, however the bytes are split", async () => {
    const store = await streamServer();
    servers.push(store);
    const seen = watch(store.url);
    await expect.poll(() => store.streams.length).toBe(1);
    const [stream] = store.streams;
    stream?.write("event: ready\ndata: {}\n\n");
    await expect.poll(seen.changes).toBe(1);
    stream?.write(": still here\n\n");
    stream?.write("event: cha");
    stream?.write("nge\ndata: {}\n");
    stream?.write("\nevent: change\r\ndata: {}\r");
    stream?.write("\n\r\n");
    await expect.poll(seen.changes).toBe(3);
    // A block may follow a blank line of its own.
    stream?.write("\n\nevent: change\ndata: {}\n\n");
    await expect.poll(seen.changes).toBe(4);
    expect(seen.logged).toEqual([]);
    expect(store.accepts).toEqual(["text/event-stream"]);
  });

  it("when the stream drops, calls onChange, says so once, and listens again", async () => {
    const store = await streamServer();
    servers.push(store);
    const seen = watch(store.url);
    await expect.poll(() => store.streams.length).toBe(1);
    store.streams[0]?.write("event: ready\ndata: {}\n\n");
    await expect.poll(seen.changes).toBe(1);
    store.streams[0]?.end();
    await expect.poll(() => store.streams.length).toBe(2);
    expect(seen.changes()).toBe(2);
    // A try that fails while the stream is down empties nothing more.
    store.streams[1]?.destroy();
    await expect.poll(() => store.streams.length).toBe(3);
    expect(seen.changes()).toBe(2);
    // A change before the stream says it is ready does not count as its return.
    store.streams[2]?.write("event: change\ndata: {}\n\n");
    await expect.poll(seen.changes).toBe(3);
    expect(seen.logged).toHaveLength(1);
    store.streams[2]?.write("event: ready\ndata: {}\n\n");
    await expect.poll(seen.changes).toBe(4);
    expect(seen.logged).toEqual([
      expect.objectContaining({
        level: "warn",
        reason: "the stream ended",
        message: expect.stringMatching(/not hearing/),
      }),
      { level: "info", message: "listening to the store's changes again" },
    ]);
  });

  it("against a store API without the stream, tries again less and less often, logging once", async () => {
    const store = await streamServer(404);
    servers.push(store);
    const seen = watch(store.url, 10);
    await expect.poll(store.requests).toBeGreaterThanOrEqual(4);
    // The pages a busy server falls back on stay: nothing was missed, since nothing was ever heard.
    expect(seen.changes()).toBe(0);
    expect(seen.logged).toHaveLength(1);
    expect(seen.logged[0]).toMatchObject({
      level: "warn",
      message: expect.stringMatching(/^not hearing of the store's changes/),
      reason: "answered 404",
      url: store.url,
    });
    // Each wait twice the last, up to the longest.
    expect(seen.waits.slice(0, 4)).toEqual([10, 20, 40, 40]);
  });

  it("once closed while listening, neither tries again nor logs", async () => {
    const store = await streamServer();
    servers.push(store);
    const seen = watch(store.url, 10);
    await expect.poll(() => store.streams.length).toBe(1);
    store.streams[0]?.write("event: ready\ndata: {}\n\n");
    await expect.poll(seen.changes).toBe(1);
    seen.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.requests()).toBe(1);
    expect(seen.logged).toEqual([]);
    expect(seen.waits).toEqual([]);
  });

  it("stops trying once closed", async () => {
    const store = await streamServer(503);
    servers.push(store);
    watch(store.url, 10);
    await expect.poll(store.requests).toBeGreaterThanOrEqual(1);
    for (const each of watches.splice(0)) each.close();
    const after = store.requests();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One request sent just before the close may reach the server after it; ten tries a second more would not.
    expect(store.requests()).toBeLessThanOrEqual(after + 1);
  });
});

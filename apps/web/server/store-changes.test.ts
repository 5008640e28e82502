import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { eventName, watchStoreChanges, type StoreChangeWatch } from "./store-changes";

/** A stand-in store API whose stream the test writes to; `status` other than 200 refuses listeners. */
async function streamServer(status = 200) {
  const streams: http.ServerResponse[] = [];
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
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
  let changes = 0;
  watches.push(
    watchStoreChanges({
      url,
      onChange: () => (changes += 1),
      log: (entry) => logged.push(entry),
      retryMs,
      maxRetryMs: retryMs * 4,
    }),
  );
  return { changes: () => changes, logged };
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
    stream?.write("\nevent: change\r\ndata: {}\r\n\r\n");
    await expect.poll(seen.changes).toBe(3);
    expect(seen.logged).toEqual([]);
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
    store.streams[2]?.write("event: ready\ndata: {}\n\n");
    await expect.poll(seen.changes).toBe(3);
    expect(seen.logged.map((entry) => entry.level)).toEqual(["warn", "info"]);
  });

  it("against a store API without the stream, tries again less and less often, logging once", async () => {
    const store = await streamServer(404);
    servers.push(store);
    const seen = watch(store.url, 10);
    await expect.poll(store.requests).toBeGreaterThanOrEqual(4);
    // The pages a busy server falls back on stay: nothing was missed, since nothing was ever heard.
    expect(seen.changes()).toBe(0);
    expect(seen.logged).toHaveLength(1);
    expect(seen.logged[0]).toMatchObject({ level: "warn", reason: "answered 404", url: store.url });
  });

  it("stops trying once closed", async () => {
    const store = await streamServer(503);
    servers.push(store);
    watch(store.url, 10);
    await expect.poll(store.requests).toBeGreaterThanOrEqual(1);
    for (const each of watches.splice(0)) each.close();
    const after = store.requests();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.requests()).toBe(after);
  });
});

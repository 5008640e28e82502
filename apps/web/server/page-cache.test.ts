import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./page-cache";

function page(text: string, status = 200, headers: Record<string, string> = {}): CachedPage {
  return PageCache.entry(status, headers, Buffer.from(text), true);
}

function clock(start = 0) {
  const time = { now: start };
  return { time, now: () => time.now };
}

describe("PageCache", () => {
  it("reuses a render within the time to live, then renders again", async () => {
    const { time, now } = clock();
    const cache = new PageCache(1_000, 10, now);
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    expect((await cache.get("/store", render)).body.toString()).toBe("render 1");
    time.now = 999;
    expect((await cache.get("/store", render)).body.toString()).toBe("render 1");
    time.now = 1_000;
    expect((await cache.get("/store", render)).body.toString()).toBe("render 2");
  });

  it("renders once for a burst of identical misses", async () => {
    const cache = new PageCache(1_000);
    let renders = 0;
    const render = () => new Promise<CachedPage>((resolve) => setTimeout(() => resolve(page(`r${++renders}`)), 5));
    await Promise.all([cache.get("/a", render), cache.get("/a", render), cache.get("/a", render)]);
    expect(renders).toBe(1);
  });

  it("does not keep error pages, pages with cookies or no-store pages", async () => {
    const cache = new PageCache(1_000);
    let renders = 0;
    for (const make of [
      () => page("missing", 404),
      () => page("cookie", 200, { "set-cookie": "a=b" }),
      () => page("private", 200, { "cache-control": "no-store" }),
    ]) {
      const render = async () => {
        renders += 1;
        return make();
      };
      await cache.get("/x", render);
      await cache.get("/x", render);
    }
    expect(renders).toBe(6);
    expect(cache.stale("/x", 60_000)).toBeUndefined();
  });

  it("renders every time when turned off", async () => {
    const cache = new PageCache(0);
    let renders = 0;
    const render = async () => page(`r${++renders}`);
    await cache.get("/a", render);
    await cache.get("/a", render);
    expect(renders).toBe(2);
  });

  it("keeps the last render as a stale fallback for a while", async () => {
    const { time, now } = clock();
    const cache = new PageCache(1_000, 10, now);
    await cache.get("/store", async () => page("old"));
    time.now = 30_000;
    expect(cache.stale("/store", 60_000)?.body.toString()).toBe("old");
    time.now = 60_001;
    expect(cache.stale("/store", 60_000)).toBeUndefined();
  });

  it("evicts the least recently rendered entry when full", async () => {
    const { time, now } = clock();
    const cache = new PageCache(1_000, 2, now);
    await cache.get("/a", async () => page("a"));
    await cache.get("/b", async () => page("b"));
    time.now = 2_000;
    await cache.get("/a", async () => page("a2"));
    await cache.get("/c", async () => page("c"));
    expect(cache.stale("/a", 60_000)?.body.toString()).toBe("a2");
    expect(cache.stale("/b", 60_000)).toBeUndefined();
    expect(cache.stale("/c", 60_000)?.body.toString()).toBe("c");
  });

  it("compresses a page only in the encodings asked for, once each", () => {
    const text = "<p>Shilajit</p>".repeat(100);
    const entry = page(text);
    expect(entry.encoded).toEqual({});
    const gzip = PageCache.encodedBody(entry, "gzip");
    expect(gunzipSync(gzip ?? Buffer.alloc(0)).toString()).toBe(text);
    expect(entry.encoded.br).toBeUndefined();
    expect(PageCache.encodedBody(entry, "gzip")).toBe(gzip);
    expect(brotliDecompressSync(PageCache.encodedBody(entry, "br") ?? Buffer.alloc(0)).toString()).toBe(text);
    expect(PageCache.encodedBody(page("tiny"), "gzip")).toBeUndefined();
  });
});

import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./page-cache";

function page(text: string, status = 200, headers: Record<string, string> = {}): CachedPage {
  return PageCache.entry(status, headers, Buffer.from(text), true);
}

/** The body the cache answers for a page, rendering with `render` if it renders; `serverBusy` says whether the server is. */
async function answer(
  cache: PageCache,
  key: string,
  render: () => Promise<CachedPage>,
  serverBusy?: () => boolean,
): Promise<string> {
  return (await cache.get(key, render, serverBusy)).body.toString();
}

/** The server's load, as the cache asks for it before serving a stale page. */
const busy = () => true;
const idle = () => false;

function clock(start = 0) {
  const time = { now: start };
  return { time, now: () => time.now };
}

/** A cache (pages fresh for a second) holding the store page "old" rendered at 0, its clock now at `later`. */
async function withOldStorePage(later: number) {
  const { time, now } = clock();
  const cache = new PageCache(1_000, 10, now);
  await cache.get("/store", async () => page("old"));
  time.now = later;
  return { cache, time };
}

describe("PageCache", () => {
  it("reuses a render within the time to live, then renders again", async () => {
    const { time, now } = clock();
    const cache = new PageCache(1_000, 10, now);
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    expect(await answer(cache, "/store", render)).toBe("render 1");
    time.now = 999;
    expect(await answer(cache, "/store", render)).toBe("render 1");
    time.now = 1_000;
    expect(await answer(cache, "/store", render)).toBe("render 2");
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
    // Nor offer them as stale pages.
    await cache.get("/x", async () => page("fresh"), busy);
    expect(renders).toBe(6);
  });

  it("renders every time when turned off", async () => {
    const cache = new PageCache(0);
    let renders = 0;
    const render = async () => page(`r${++renders}`);
    await cache.get("/a", render);
    await cache.get("/a", render);
    expect(renders).toBe(2);
  });

  it("renders an expired page again before answering while the server is not busy", async () => {
    const { cache } = await withOldStorePage(5_000);
    expect(await answer(cache, "/store", async () => page("new"), idle)).toBe("new");
  });

  it("while the server is busy, answers with the last render of the past minute and renders again behind it", async () => {
    const { cache } = await withOldStorePage(30_000);
    let finish: () => void = () => undefined;
    const slowRender = () =>
      new Promise<CachedPage>((resolve) => {
        finish = () => resolve(page("new"));
      });
    expect(await answer(cache, "/store", slowRender, busy)).toBe("old");
    // Still the old page until the render behind it is done; it is not started twice.
    expect(await answer(cache, "/store", async () => page("other"), busy)).toBe("old");
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await answer(cache, "/store", async () => page("other"), busy)).toBe("new");
  });

  it("keeps the stale page when the render behind it fails, and gives up on pages over a minute old", async () => {
    const { cache, time } = await withOldStorePage(10_000);
    const refused = () => Promise.reject(new Error("queue full"));
    expect(await answer(cache, "/store", refused, busy)).toBe("old");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await answer(cache, "/store", refused, busy)).toBe("old");
    time.now = 60_000;
    await expect(cache.get("/store", refused, busy)).rejects.toThrow("queue full");
  });

  it("evicts the least recently rendered entry when full", async () => {
    const { time, now } = clock();
    const cache = new PageCache(1_000, 2, now);
    await cache.get("/a", async () => page("a"));
    await cache.get("/b", async () => page("b"));
    time.now = 2_000;
    await cache.get("/a", async () => page("a2"));
    await cache.get("/c", async () => page("c"));
    const cached = async (key: string) => answer(cache, key, async () => page("not kept"), busy);
    expect(await cached("/a")).toBe("a2");
    expect(await cached("/c")).toBe("c");
    expect(await cached("/b")).toBe("not kept");
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

  it("clear forgets every page, stale ones too, so even a busy server renders the changed store again", async () => {
    const { cache, time } = await withOldStorePage(500);
    cache.clear();
    expect(await answer(cache, "/store", async () => page("new"))).toBe("new");
    time.now = 2_000;
    cache.clear();
    // Without clear, a busy server would answer the stale page and render behind it.
    expect(await answer(cache, "/store", async () => page("newer"), busy)).toBe("newer");
  });

  it("clear keeps no render that began before it, though it answers the requests that waited for it", async () => {
    const { now } = clock();
    const cache = new PageCache(1_000, 10, now);
    let finish: (value: CachedPage) => void = () => undefined;
    const before = cache.get("/store", () => new Promise<CachedPage>((resolve) => (finish = resolve)));
    cache.clear();
    // A request after the change does not wait for the render that began before it.
    const after = answer(cache, "/store", async () => page("new"));
    finish(page("old"));
    expect((await before).body.toString()).toBe("old");
    expect(await after).toBe("new");
    expect(await answer(cache, "/store", async () => page("unused"))).toBe("new");
  });

  it("after clear, requests join the render begun after it, even when the one begun before finishes first", async () => {
    const { now } = clock();
    const cache = new PageCache(1_000, 10, now);
    let renders = 0;
    const finishers: ((value: CachedPage) => void)[] = [];
    const render = () => {
      renders += 1;
      return new Promise<CachedPage>((resolve) => finishers.push(resolve));
    };
    const before = cache.get("/store", render);
    cache.clear();
    const after = cache.get("/store", render);
    finishers[0]?.(page("old"));
    await before;
    // The old render's end leaves the new one in place for the requests that come while it runs.
    const joining = cache.get("/store", render);
    expect(renders).toBe(2);
    finishers[1]?.(page("new"));
    expect((await after).body.toString()).toBe("new");
    expect((await joining).body.toString()).toBe("new");
  });
});

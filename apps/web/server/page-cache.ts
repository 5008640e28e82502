import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

export interface CachedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** Worth compressing: a text type and more than a few hundred bytes. */
  compressible: boolean;
  /** Compressed bodies, made the first time a client asks for that encoding. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  /** Only complete, successful, cookie-free answers may be reused. */
  reusable: boolean;
}

interface Entry {
  page: CachedPage;
  renderedAt: number;
}

/**
 * A micro-cache for server-rendered answers: identical requests within `ttlMs` share one render, and a
 * burst of misses for one URL renders once. Catalogue pages are at most that much behind the store; the
 * store API stays the judge of stock at checkout. Expired entries are kept for `staleMs`: while the server
 * is busy (`serveStale`), a request gets the last render at once and the page is rendered again behind it.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedPage>>();
  /** Moves on at each `clear`: a render begun before it is answered but not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly clock: () => number = () => Date.now(),
    private readonly staleMs = 60_000,
  ) {}

  static entry(
    status: number,
    headers: Record<string, string | string[]>,
    body: Buffer,
    compressible: boolean,
  ): CachedPage {
    return {
      status,
      headers,
      body,
      compressible: compressible && body.length > 512,
      encoded: {},
      reusable:
        status === 200 &&
        headers["set-cookie"] === undefined &&
        !String(headers["cache-control"] ?? "").includes("no-store"),
    };
  }

  /** The page's body in the given encoding, compressed once and kept with the page. */
  static encodedBody(page: CachedPage, encoding: ContentEncoding): Buffer | undefined {
    if (!page.compressible) return undefined;
    let encoded = page.encoded[encoding];
    if (encoded === undefined) {
      encoded =
        encoding === "br"
          ? brotliCompressSync(page.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(page.body, { level: 6 });
      page.encoded[encoding] = encoded;
    }
    return encoded;
  }

  async get(
    key: string,
    render: () => Promise<CachedPage>,
    serveStale: () => boolean = () => false,
  ): Promise<CachedPage> {
    if (this.ttlMs <= 0) return render();
    const hit = this.entries.get(key);
    const now = this.clock();
    if (hit !== undefined && hit.renderedAt + this.ttlMs > now) return hit.page;
    if (hit !== undefined && hit.renderedAt + this.staleMs > now && serveStale()) {
      // A failed refresh keeps the stale page; the next request after the busy spell renders in the open.
      this.refresh(key, render).catch(() => undefined);
      return hit.page;
    }
    return this.refresh(key, render);
  }

  /**
   * Forgets every page, stale ones too, after the store changed what they state. Requests from now on render
   * again (one render per page, as ever); a render already under way is answered but not kept.
   */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  /** One render per key at a time; a reusable result replaces the entry. */
  private refresh(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    const generation = this.generation;
    const promise: Promise<CachedPage> = render()
      .then((page) => {
        if (page.reusable && generation === this.generation) {
          // Re-inserted at the end, so the oldest entry is always the first one.
          this.entries.delete(key);
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value ?? "");
          this.entries.set(key, { page, renderedAt: this.clock() });
        }
        return page;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }
}

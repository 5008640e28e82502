import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

export interface CachedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzip: Buffer | undefined;
  brotli: Buffer | undefined;
  /** Only complete, successful, cookie-free answers may be reused. */
  reusable: boolean;
}

interface Entry {
  page: CachedPage;
  expiresAt: number;
}

/**
 * A micro-cache for server-rendered answers: identical requests within `ttlMs` share one render, and a
 * burst of misses for one URL renders once. Catalogue pages are at most that much behind the store; the
 * store API stays the judge of stock at checkout.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedPage>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  static entry(status: number, headers: Record<string, string | string[]>, body: Buffer, compressible: boolean): CachedPage {
    const compress = compressible && body.length > 512;
    return {
      status,
      headers,
      body,
      gzip: compress ? gzipSync(body, { level: 6 }) : undefined,
      brotli: compress ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : undefined,
      reusable: status === 200 && headers["set-cookie"] === undefined && !String(headers["cache-control"] ?? "").includes("no-store"),
    };
  }

  async get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    if (this.ttlMs <= 0) return render();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expiresAt > this.clock()) return hit.page;
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    const promise = render()
      .then((page) => {
        if (page.reusable) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value ?? "");
          this.entries.set(key, { page, expiresAt: this.clock() + this.ttlMs });
        }
        return page;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}

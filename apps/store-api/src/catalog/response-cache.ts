import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendCompressed, type CompressedBody } from "../http/compressed.ts";

export interface CachedResponse extends CompressedBody {
  /** The produced value was null: nothing to send (the route answers 404). */
  empty: boolean;
  etag: string;
  expiresAt: number;
}

/**
 * Serialised catalogue answers kept in memory. Any stock change in this process clears it at once
 * (`invalidate`); the short time-to-live bounds how stale it can be when other copies of the API change
 * stock in a shared database.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly pending = new Map<string, Promise<CachedResponse>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** The cached answer for `key`, producing it once however many requests miss at the same time. */
  async get(key: string, produce: () => Promise<unknown>): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expiresAt > this.clock()) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    const generation = this.generation;
    const promise = produce()
      .then((value) => {
        const entry = encode(value, this.clock() + this.ttlMs);
        // A stock change while this was being read makes it stale: answer with it, but do not keep it.
        if (generation === this.generation && this.ttlMs > 0) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value ?? "");
          this.entries.set(key, entry);
        }
        return entry;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }
}

function encode(value: unknown, expiresAt: number): CachedResponse {
  const raw = Buffer.from(JSON.stringify(value));
  return {
    empty: value === null,
    raw,
    gzip: gzipSync(raw, { level: 6 }),
    brotli: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    etag: `"${createHash("sha1").update(raw).digest("base64url").slice(0, 22)}"`,
    expiresAt,
  };
}

/** Sends a cached JSON answer: 304 when the client's copy is current, else compressed as it accepts. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse): FastifyReply {
  reply
    .header("content-type", "application/json; charset=utf-8")
    .header("etag", cached.etag)
    // Stock changes with every sale: clients may keep a copy but must ask whether it is still current.
    .header("cache-control", "no-cache")
    .header("vary", "Origin, Accept-Encoding");
  if (request.headers["if-none-match"] === cached.etag) return reply.code(304).send();
  return sendCompressed(request, reply, cached);
}

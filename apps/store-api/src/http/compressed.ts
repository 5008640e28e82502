import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A body kept with its compressed copies, so each is made once rather than on every request. */
export interface CompressedBody {
  raw: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** Compresses a file that is served many times: the smallest copies (brotli 11, gzip 9), made once. */
export function compressOnce(raw: Buffer): CompressedBody {
  return { raw, gzip: gzipSync(raw, { level: 9 }), brotli: brotliCompressSync(raw) };
}

/** The encoding to answer in, from a request's Accept-Encoding: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = acceptEncoding ?? "";
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/**
 * Sends the copy the client accepts. The caller names Accept-Encoding in Vary, so a cache between keeps the
 * copies apart.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: CompressedBody): FastifyReply {
  switch (preferredEncoding(request.headers["accept-encoding"])) {
    case "br":
      return reply.header("content-encoding", "br").send(body.brotli);
    case "gzip":
      return reply.header("content-encoding", "gzip").send(body.gzip);
    case null:
      return reply.send(body.raw);
  }
}

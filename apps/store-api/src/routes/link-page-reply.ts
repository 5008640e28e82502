import type { FastifyReply } from "fastify";

/**
 * Sends a page that a link in one of the shop's emails opens (a checkout reminder's, a review request's): never
 * cached, with no script, and its forms posting only to this API.
 */
export function sendLinkPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(page);
}

import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The key the success URL carries to prove the store placed an order: an HMAC of the order number under
 * the order page's secret token, cut to 128 bits. Only the store API can make it, it cannot be turned
 * back into the token (which opens the order page with the shopper's address), and it needs no secret
 * of its own in the settings.
 */
export function receiptKeyOf(order: { number: string; accessToken: string }): string {
  return createHmac("sha256", order.accessToken).update(`receipt:${order.number}`).digest("base64url").slice(0, 22);
}

/** Whether a key is the order's, compared in constant time. */
export function isReceiptKeyOf(order: { number: string; accessToken: string }, key: string): boolean {
  const expected = Buffer.from(receiptKeyOf(order));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

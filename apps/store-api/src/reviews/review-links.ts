import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { reviewLinks } from "../db/schema.ts";

/**
 * A review link names one product of one delivered order: `/reviews/write/{productId}/{id}.{key}`. The id finds
 * the link's row; the key, 32 random bytes, proves the link came from the email, since only its SHA-256 is
 * stored. A link with another product, a changed id or key, or no row at all is unknown, and nothing tells an
 * unknown link from a forged one.
 */

/** How long a review link works after the email is sent. */
export const reviewLinkDays = 60;

export type ReviewLinkRow = typeof reviewLinks.$inferSelect;

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A new link's id, key and what the database keeps of the key. */
export function newReviewLinkKey(): { id: string; token: string; keyHash: string } {
  const id = randomBytes(16).toString("base64url");
  const key = randomBytes(32).toString("base64url");
  return { id, token: `${id}.${key}`, keyHash: sha256(key) };
}

export const writeReviewPath = (productId: string, token: string) =>
  `/reviews/write/${encodeURIComponent(productId)}/${token}`;

export type ReviewLinkCheck =
  | { kind: "unknown" }
  | { kind: "expired"; link: ReviewLinkRow }
  | { kind: "used"; link: ReviewLinkRow }
  | { kind: "valid"; link: ReviewLinkRow };

/**
 * What a link is now. With `lock`, its row stays locked until the transaction ends, so two presses of the same
 * link write one review.
 */
export async function checkReviewLink(
  db: Database | Transaction,
  input: { productId: string; token: string; now: Date; lock?: boolean },
): Promise<ReviewLinkCheck> {
  const match = tokenPattern.exec(input.token);
  if (match === null) return { kind: "unknown" };
  const [, id = "", key = ""] = match;
  const query = db.select().from(reviewLinks).where(eq(reviewLinks.id, id));
  const [link] = input.lock === true ? await query.for("update") : await query;
  if (link === undefined || link.productId !== input.productId) return { kind: "unknown" };
  const expected = Buffer.from(link.keyHash, "hex");
  const given = Buffer.from(sha256(key), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { kind: "unknown" };
  if (link.usedAt !== null) return { kind: "used", link };
  if (link.expiresAt.getTime() <= input.now.getTime()) return { kind: "expired", link };
  return { kind: "valid", link };
}

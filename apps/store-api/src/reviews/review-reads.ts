import {
  averageRating,
  reviewPageSize,
  type WireReview,
  type WireReviewPage,
  type WireShopRating,
} from "@herbo/hosted-api";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { products, reviews } from "../db/schema.ts";
import { readRatingDisplay } from "./rating-display.ts";

/** What the storefront shows of reviews: the owner's published ones only, newest first. */

const published = eq(reviews.status, "published");

function toWire(row: typeof reviews.$inferSelect): WireReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    display_name: row.displayName,
    market: row.marketCode,
    created_at: row.createdAt.toISOString(),
    // A reply shows only with its date: one without (never written so) is left out.
    reply: row.repliedAt === null ? null : row.reply,
    replied_at: row.reply === null ? null : (row.repliedAt?.toISOString() ?? null),
  };
}

/** One page of a product's published reviews, with their count and average; a page past the last is empty. */
export async function publishedReviewPage(
  db: Pick<Database, "select">,
  productId: string,
  page: number,
): Promise<WireReviewPage> {
  const ofProduct = and(eq(reviews.productId, productId), published);
  const [[totals], rows] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
      .from(reviews)
      .where(ofProduct),
    db
      .select()
      .from(reviews)
      .where(ofProduct)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(reviewPageSize)
      .offset((page - 1) * reviewPageSize),
  ]);
  const count = totals?.count ?? 0;
  return {
    count,
    average_rating: averageRating(totals?.sum ?? 0, count),
    page,
    page_count: Math.max(1, Math.ceil(count / reviewPageSize)),
    reviews: rows.map(toWire),
  };
}

/** The rating the home and landing pages state: which one the owner chose, and the shop's measured figures. */
export async function shopRating(db: Database): Promise<WireShopRating> {
  const [display, [totals]] = await Promise.all([
    readRatingDisplay(db),
    db
      .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(published, isNull(products.deletedAt))),
  ]);
  const count = totals?.count ?? 0;
  return {
    shown: display.measured ? "measured" : "fixed",
    count,
    average_rating: averageRating(totals?.sum ?? 0, count),
  };
}

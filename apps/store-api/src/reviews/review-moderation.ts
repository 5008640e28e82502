import {
  adminReviewStatuses,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewStatus,
} from "@herbo/hosted-api/admin";
import { cleanText, hideReasonProblem, marketByCode, replyProblem } from "@herbo/hosted-api";
import { randomUUID } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { catalogChanges, orders, products, reviews } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import { readRatingDisplay } from "./rating-display.ts";

/**
 * The owner's side of reviews: nothing a buyer writes is shown before the owner publishes it; hiding one keeps
 * the owner's reason; a reply is public under a published review. Each change names the version the owner saw
 * (a stale page gets 409) and is kept in the history with who and when.
 */

export const reviewEntity = "review";
/** Reviews per page in the back office. */
export const adminReviewPageSize = 20;

type ReviewRow = typeof reviews.$inferSelect;

const columns = { review: reviews, productTitle: products.title, orderNumber: orders.number };

function toAdmin(row: { review: ReviewRow; productTitle: string; orderNumber: string }): AdminReview {
  const { review } = row;
  return {
    id: review.id,
    productId: review.productId,
    productTitle: row.productTitle,
    orderNumber: row.orderNumber,
    market: review.marketCode,
    marketName: marketByCode(review.marketCode)?.name ?? review.marketCode,
    rating: review.rating,
    title: review.title,
    body: review.body,
    displayName: review.displayName,
    status: review.status,
    hiddenReason: review.hiddenReason,
    reply: review.reply,
    repliedAt: review.repliedAt?.toISOString() ?? null,
    createdAt: review.createdAt.toISOString(),
    moderatedAt: review.moderatedAt?.toISOString() ?? null,
    moderatedBy: review.moderatedBy,
    version: review.version,
  };
}

function joined(db: Pick<Database, "select">) {
  return db
    .select(columns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(orders, eq(orders.id, reviews.orderId));
}

export async function getAdminReview(db: Pick<Database, "select">, id: string): Promise<AdminReview> {
  const [row] = await joined(db).where(eq(reviews.id, id));
  if (row === undefined) throw notFound("Review not found");
  return toAdmin(row);
}

/** One status's reviews: those waiting oldest first (first come, first read), the others newest first. */
export async function listAdminReviews(
  db: Database,
  status: AdminReviewStatus,
  page: number,
): Promise<AdminReviewList> {
  const order = status === "pending" ? asc(reviews.createdAt) : desc(reviews.createdAt);
  const [rows, totals, ratingDisplay] = await Promise.all([
    joined(db)
      .where(eq(reviews.status, status))
      .orderBy(order, asc(reviews.id))
      .limit(adminReviewPageSize)
      .offset((page - 1) * adminReviewPageSize),
    db
      .select({ status: reviews.status, count: sql<number>`count(*)::int` })
      .from(reviews)
      .groupBy(reviews.status),
    readRatingDisplay(db),
  ]);
  const counts = Object.fromEntries(adminReviewStatuses.map((each) => [each, 0])) as Record<AdminReviewStatus, number>;
  for (const total of totals) counts[total.status] = total.count;
  return {
    status,
    reviews: rows.map(toAdmin),
    page,
    pageCount: Math.max(1, Math.ceil(counts[status] / adminReviewPageSize)),
    counts,
    ratingDisplay,
  };
}

interface Change {
  status?: AdminReviewStatus;
  hiddenReason?: string;
  reply?: string | null;
}

/** Applies one owner's change to a review under its row lock, from the version they saw, and records it. */
async function changeReview(
  db: Database,
  input: { id: string; version: number; actor: string; change: Change },
  now: Date,
): Promise<AdminReview> {
  return db.transaction(async (tx: Transaction) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, input.id)).for("update");
    if (review === undefined) throw notFound("Review not found");
    if (review.version !== input.version) {
      throw new ApiError(
        409,
        "edit_conflict",
        "Someone else changed this review since you opened it. Their change is shown now; make yours again if it still applies.",
        { version: review.version },
      );
    }
    const { change } = input;
    const moderated = change.status !== undefined;
    const replied = change.reply !== undefined;
    await tx
      .update(reviews)
      .set({
        ...(moderated ? { status: change.status, moderatedAt: now, moderatedBy: input.actor } : {}),
        ...(change.hiddenReason === undefined ? {} : { hiddenReason: change.hiddenReason }),
        ...(replied ? { reply: change.reply, repliedAt: change.reply === null ? null : now } : {}),
        version: review.version + 1,
      })
      .where(eq(reviews.id, input.id));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: reviewEntity,
      entityId: input.id,
      before: { status: review.status, hiddenReason: review.hiddenReason, reply: review.reply },
      after: {
        status: change.status ?? review.status,
        hiddenReason: change.hiddenReason ?? review.hiddenReason,
        reply: replied ? change.reply : review.reply,
      },
    });
    return getAdminReview(tx, input.id);
  });
}

/** Shows the review on the product page (from waiting or hidden); its hiding reason stays in its record. */
export function publishReview(db: Database, input: { id: string; version: number; actor: string }, now: Date) {
  return changeReview(db, { ...input, change: { status: "published" } }, now);
}

/** Takes the review off the shop, or keeps it off, with the owner's reason, which is required and kept. */
export function hideReview(
  db: Database,
  input: { id: string; version: number; actor: string; reason: string },
  now: Date,
) {
  const problem = hideReasonProblem(input.reason);
  if (problem !== undefined) throw invalidRequest(problem, "body.reason");
  return changeReview(
    db,
    { ...input, change: { status: "hidden", hiddenReason: cleanText(input.reason, false) } },
    now,
  );
}

/** Sets or removes (null) the shop's public reply. */
export function replyToReview(
  db: Database,
  input: { id: string; version: number; actor: string; reply: string | null },
  now: Date,
) {
  if (input.reply !== null) {
    const problem = replyProblem(input.reply);
    if (problem !== undefined) throw invalidRequest(problem, "body.reply");
  }
  return changeReview(
    db,
    { ...input, change: { reply: input.reply === null ? null : cleanText(input.reply, true) } },
    now,
  );
}

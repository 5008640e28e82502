import { randomUUID } from "node:crypto";
import { marketByCode, parseReviewInput, type ReviewProblem } from "@herbo/hosted-api";
import { eq } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { orders, products, reviewLinks, reviews } from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import { checkReviewLink, type ReviewLinkRow } from "./review-links.ts";

export type SubmitOutcome =
  | { kind: "unknown" }
  | { kind: "expired" }
  | { kind: "used" }
  | { kind: "invalid"; problems: ReviewProblem[]; link: ReviewLinkRow }
  | { kind: "saved"; reviewId: string };

export interface SubmitSettings {
  now: Date;
  shopName: string;
  /** Where the owner is told of a new review (SHOP_EMAIL); no notice when unset. */
  shopEmail: string | undefined;
  /** Origin of this API, for the back office's link. */
  publicUrl: string;
}

/**
 * A review written through its link: checked, stored as waiting for the owner, and the link used up, all in
 * one transaction that holds the link's row, so a double press or two tabs write one review. A link that is
 * unknown, used or expired, or a form with a problem, stores nothing.
 */
export async function submitReview(
  db: Database,
  input: { productId: string; token: string; form: Record<string, unknown> },
  settings: SubmitSettings,
): Promise<SubmitOutcome> {
  const { now } = settings;
  return db.transaction(async (tx): Promise<SubmitOutcome> => {
    const check = await checkReviewLink(tx, { productId: input.productId, token: input.token, now, lock: true });
    if (check.kind !== "valid") return { kind: check.kind };
    const parsed = parseReviewInput({
      rating: input.form.rating,
      title: input.form.title,
      body: input.form.body,
      displayName: input.form.displayName,
    });
    const { link } = check;
    if (!parsed.ok) return { kind: "invalid", problems: parsed.problems, link };
    const [order] = await tx.select().from(orders).where(eq(orders.id, link.orderId));
    const [product] = await tx.select({ title: products.title }).from(products).where(eq(products.id, link.productId));
    if (order === undefined || product === undefined) return { kind: "unknown" };
    const reviewId = `rv_${randomUUID()}`;
    const { review } = parsed;
    await tx.insert(reviews).values({
      id: reviewId,
      productId: link.productId,
      orderId: link.orderId,
      marketCode: order.marketCode,
      rating: review.rating,
      title: review.title,
      body: review.body,
      displayName: review.displayName,
      status: "pending",
      createdAt: now,
    });
    await tx.update(reviewLinks).set({ usedAt: now }).where(eq(reviewLinks.id, link.id));
    if (settings.shopEmail !== undefined) {
      await enqueueEmail(
        tx,
        {
          kind: "review_received",
          recipient: settings.shopEmail,
          orderId: order.id,
          data: {
            shopName: settings.shopName,
            productTitle: product.title,
            orderNumber: order.number,
            marketName: marketByCode(order.marketCode)?.name ?? order.marketCode,
            rating: review.rating,
            title: review.title,
            body: review.body,
            displayName: review.displayName,
            moderateUrl: `${settings.publicUrl}/admin/reviews`,
          },
        },
        now,
      );
    }
    return { kind: "saved", reviewId };
  });
}

/** The product a link names and the buyer's first name, for the form's heading and its suggested name. */
export async function reviewFormContext(
  db: Database,
  link: { orderId: string; productId: string },
): Promise<{ productTitle: string; suggestedName: string }> {
  const [[product], [order]] = await Promise.all([
    db.select({ title: products.title }).from(products).where(eq(products.id, link.productId)),
    db.select({ customer: orders.customer }).from(orders).where(eq(orders.id, link.orderId)),
  ]);
  // A first name alone: the buyer's full name is never suggested for showing in public.
  const suggestedName = order?.customer?.fullName.trim().split(/\s+/)[0] ?? "";
  return { productTitle: product?.title ?? "", suggestedName };
}

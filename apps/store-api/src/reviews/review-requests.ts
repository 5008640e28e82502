import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { orderLines, orders, products, reviewLinks, variants } from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import { newReviewLinkKey, reviewLinkDays, writeReviewPath } from "./review-links.ts";

/**
 * Review requests: an order delivered `afterMs` ago gets one email with a review link per product it still
 * holds (a product whose every unit came back is left out). Each order is invited once, whatever happens next;
 * an order delivered long before (more than `lateMs` past its due time, say when reviews were first turned on)
 * is not invited at all, since a request months after the parcel arrived reads as spam.
 */

const dayMs = 24 * 3_600_000;
/** How late a request may still go out: a month after it fell due. */
export const lateMs = 30 * dayMs;
/** Orders looked at per pass: a pass is quick, and the next one takes the rest. */
const batch = 50;

export interface ReviewRequestSettings {
  afterMs: number;
  /** Origin of this API, for the links. */
  publicUrl: string;
  shopName: string;
}

/** The products of an order still kept by the buyer, in the order's line order. */
async function reviewableProducts(tx: Pick<Database, "select">, orderId: string) {
  return tx
    .select({ id: products.id, title: products.title })
    .from(orderLines)
    .innerJoin(variants, eq(variants.id, orderLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(orderLines.orderId, orderId), isNull(products.deletedAt)))
    .groupBy(products.id, products.title)
    .having(sql`sum(${orderLines.quantity} - ${orderLines.returnedQuantity}) > 0`)
    .orderBy(sql`min(${orderLines.position})`);
}

/** Writes the review requests now due to the outbox; returns how many. Safe with several API copies at once. */
export async function sendDueReviewRequests(db: Database, settings: ReviewRequestSettings, now: Date): Promise<number> {
  const dueBy = new Date(now.getTime() - settings.afterMs);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.reviewRequestedAt),
        isNotNull(orders.deliveredAt),
        lte(orders.deliveredAt, dueBy),
        gt(orders.deliveredAt, new Date(dueBy.getTime() - lateMs)),
      ),
    )
    .orderBy(asc(orders.deliveredAt))
    .limit(batch);
  let sent = 0;
  for (const { id } of due) {
    const wrote = await db.transaction(async (tx) => {
      // Locked, and looked at again: another copy may have taken it, or the delivery was undone meanwhile.
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), isNull(orders.reviewRequestedAt), eq(orders.fulfilmentStatus, "delivered")))
        .for("update", { skipLocked: true });
      if (order === undefined) return false;
      // Marked first: an order that cannot be invited (no email, nothing kept) is not looked at again.
      await tx.update(orders).set({ reviewRequestedAt: now }).where(eq(orders.id, id));
      const customer = order.customer;
      const kept = await reviewableProducts(tx, id);
      if (customer === null || kept.length === 0) return false;
      const expiresAt = new Date(now.getTime() + reviewLinkDays * dayMs);
      const links = [];
      for (const product of kept) {
        const key = newReviewLinkKey();
        await tx.insert(reviewLinks).values({
          id: key.id,
          orderId: id,
          productId: product.id,
          keyHash: key.keyHash,
          createdAt: now,
          expiresAt,
        });
        links.push({ title: product.title, url: `${settings.publicUrl}${writeReviewPath(product.id, key.token)}` });
      }
      await enqueueEmail(
        tx,
        {
          kind: "review_request",
          recipient: customer.email,
          orderId: id,
          data: {
            shopName: settings.shopName,
            fullName: customer.fullName,
            orderNumber: order.number,
            products: links,
            linkDays: reviewLinkDays,
          },
        },
        now,
      );
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}

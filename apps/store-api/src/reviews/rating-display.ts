import type { AdminRatingDisplay, AdminRatingDisplayUpdate } from "@herbo/hosted-api/admin";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { catalogChanges, shopSettings } from "../db/schema.ts";
import { ApiError } from "../errors.ts";

/**
 * Which rating the home page's line and the landing pages' markup state: the shop's fixed figures (the
 * default, as the storefront has always said), or the measured average and count of published reviews.
 */

export const ratingDisplayEntity = "rating_display";
const key = ratingDisplayEntity;

function measuredOf(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { measured?: unknown }).measured === true;
}

/** The setting as saved, with its version (1 before the first save). */
export async function readRatingDisplay(db: Database | Transaction): Promise<AdminRatingDisplay> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, key));
  return { measured: measuredOf(row?.value), version: row?.version ?? 1 };
}

/** Saves the choice from the version the owner saw (an older page is refused with 409), kept in the history. */
export async function saveRatingDisplay(
  db: Database,
  input: { actor: string; update: AdminRatingDisplayUpdate },
  now: Date,
): Promise<AdminRatingDisplay> {
  return db.transaction(async (tx) => {
    // The row exists from the first save on; making it here lets two first saves meet on its lock.
    await tx
      .insert(shopSettings)
      .values({ key, value: { measured: false }, version: 1, updatedAt: now })
      .onConflictDoNothing({ target: shopSettings.key });
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.key, key)).for("update");
    const version = row?.version ?? 1;
    if (version !== input.update.version) {
      throw new ApiError(
        409,
        "edit_conflict",
        "Someone else changed which rating the shop shows since you opened this page. Their choice is shown now; make yours again if it still applies.",
        { version },
      );
    }
    const after = { measured: input.update.measured };
    await tx
      .update(shopSettings)
      .set({ value: after, version: version + 1, updatedAt: now })
      .where(eq(shopSettings.key, key));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: ratingDisplayEntity,
      entityId: "shop",
      before: { measured: measuredOf(row?.value) },
      after,
    });
    return { measured: after.measured, version: version + 1 };
  });
}

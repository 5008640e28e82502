import type { AdminRatingDisplay, AdminRatingDisplayUpdate } from "@herbo/hosted-api/admin";
import type { Database, Transaction } from "../db/connection.ts";
import { readShopSetting, saveShopSetting, type ShopSetting } from "../db/shop-settings.ts";

/**
 * Which rating the home page's line and the landing pages' markup state: the shop's fixed figures (the
 * default, as the storefront has always said), or the measured average and count of published reviews.
 */

export const ratingDisplayEntity = "rating_display";

const ratingDisplay: ShopSetting<{ measured: boolean }> = {
  key: ratingDisplayEntity,
  defaults: { measured: false },
  valuesOf: (value) => ({
    measured: typeof value === "object" && value !== null && (value as { measured?: unknown }).measured === true,
  }),
  conflictMessage:
    "Someone else changed which rating the shop shows since you opened this page. Their choice is shown now; make yours again if it still applies.",
};

/** The setting as saved, with its version (1 before the first save). */
export async function readRatingDisplay(db: Database | Transaction): Promise<AdminRatingDisplay> {
  const { values, version } = await readShopSetting(db, ratingDisplay);
  return { ...values, version };
}

/** Saves the choice from the version the owner saw (an older page is refused with 409), kept in the history. */
export async function saveRatingDisplay(
  db: Database,
  input: { actor: string; update: AdminRatingDisplayUpdate },
  now: Date,
): Promise<AdminRatingDisplay> {
  const values = { measured: input.update.measured };
  const version = await saveShopSetting(
    db,
    ratingDisplay,
    { actor: input.actor, version: input.update.version, values },
    now,
  );
  return { ...values, version };
}

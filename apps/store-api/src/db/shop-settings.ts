import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { ApiError } from "../errors.ts";
import type { Database, Transaction } from "./connection.ts";
import { catalogChanges, shopSettings } from "./schema.ts";

/**
 * One shop-wide setting the owner changes in the back office (a row of shop_settings, by key): read with its
 * version, and saved from the version the owner saw, with the history's record of the values before and after.
 */
export interface ShopSetting<Values> {
  /** Its key in shop_settings, also the history's name for its changes. */
  key: string;
  /** Until the owner saves it. */
  defaults: Values;
  /** The stored value as the setting's values; anything unexpected stored there reads as the defaults. */
  valuesOf(value: unknown): Values;
  /** What a save from an older page is told (409). */
  conflictMessage: string;
}

/** The setting as saved, with its version (1 before the first save). */
export async function readShopSetting<Values>(
  db: Database | Transaction,
  setting: ShopSetting<Values>,
): Promise<{ values: Values; version: number }> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, setting.key));
  return { values: row === undefined ? setting.defaults : setting.valuesOf(row.value), version: row?.version ?? 1 };
}

/**
 * Saves the setting's values from the version the owner saw: a save from an older page is refused with 409,
 * and the history keeps the values before and after. Returns the new version.
 */
export async function saveShopSetting<Values>(
  db: Database,
  setting: ShopSetting<Values>,
  input: { actor: string; version: number; values: Values },
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    // The row exists from the first save on; making it here lets two first saves meet on its lock.
    await tx
      .insert(shopSettings)
      .values({ key: setting.key, value: setting.defaults, version: 1, updatedAt: now })
      .onConflictDoNothing({ target: shopSettings.key });
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.key, setting.key)).for("update");
    const version = row?.version ?? 1;
    if (version !== input.version) throw new ApiError(409, "edit_conflict", setting.conflictMessage, { version });
    await tx
      .update(shopSettings)
      .set({ value: input.values, version: version + 1, updatedAt: now })
      .where(eq(shopSettings.key, setting.key));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: setting.key,
      entityId: "shop",
      before: setting.valuesOf(row?.value),
      after: input.values,
    });
    return version + 1;
  });
}

import {
  californiaWarningProblem,
  isCaliforniaAddress,
  suggestedCaliforniaWarning,
  type AdminCaliforniaNotice,
  type AdminCaliforniaNoticeUpdate,
  type CaliforniaNoticeValues,
} from "@herbo/hosted-api/admin";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import type { CustomerDetails } from "../db/customer-details.ts";
import { catalogChanges, shopSettings } from "../db/schema.ts";
import { ApiError, invalidRequest } from "../errors.ts";

/** The setting's key in shop_settings, and the history's name for its changes. */
export const californiaNoticeEntity = "california_notice";
const key = californiaNoticeEntity;

/** Until the owner saves it: off, with the suggested text ready for turning it on. */
const defaults: CaliforniaNoticeValues = { enabled: false, warning: suggestedCaliforniaWarning };

/** The stored value as the setting's values; anything else stored there reads as the defaults. */
function valuesOf(value: unknown): CaliforniaNoticeValues {
  const stored = (typeof value === "object" && value !== null ? value : {}) as Partial<Record<string, unknown>>;
  return typeof stored.enabled === "boolean" && typeof stored.warning === "string"
    ? { enabled: stored.enabled, warning: stored.warning }
    : defaults;
}

/** The notice as saved, with its version (1 before the first save). */
export async function readCaliforniaNotice(db: Database | Transaction): Promise<AdminCaliforniaNotice> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, key));
  return { ...(row === undefined ? defaults : valuesOf(row.value)), version: row?.version ?? 1 };
}

/**
 * Turns the notice on or off and sets its text, from the version the owner saw: a save from an older page is
 * refused with 409, and the history keeps the values before and after.
 */
export async function saveCaliforniaNotice(
  db: Database,
  input: { actor: string; update: AdminCaliforniaNoticeUpdate },
  now: Date,
): Promise<void> {
  const values: CaliforniaNoticeValues = { enabled: input.update.enabled, warning: input.update.warning.trim() };
  const problem = californiaWarningProblem(values);
  if (problem !== undefined) throw invalidRequest(problem, "body.warning");
  await db.transaction(async (tx) => {
    // The row exists from the first save on; making it here lets two first saves meet on its lock.
    await tx
      .insert(shopSettings)
      .values({ key, value: defaults, version: 1, updatedAt: now })
      .onConflictDoNothing({ target: shopSettings.key });
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.key, key)).for("update");
    const version = row?.version ?? 1;
    if (version !== input.update.version) {
      throw new ApiError(
        409,
        "edit_conflict",
        "Someone else changed the California notice since you opened it. Their change is shown now; make yours again if it still applies.",
        { version },
      );
    }
    await tx
      .update(shopSettings)
      .set({ value: values, version: version + 1, updatedAt: now })
      .where(eq(shopSettings.key, key));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: californiaNoticeEntity,
      entityId: "shop",
      before: valuesOf(row?.value),
      after: values,
    });
  });
}

/**
 * The warning the payment step shows this delivery address: the owner's text when the notice is on and the
 * address is in California; undefined otherwise.
 */
export async function californiaNoticeFor(db: Database, customer: CustomerDetails): Promise<string | undefined> {
  if (!isCaliforniaAddress({ country: customer.country, region: customer.address.region })) return undefined;
  const notice = await readCaliforniaNotice(db);
  return notice.enabled && notice.warning !== "" ? notice.warning : undefined;
}

import {
  californiaWarningProblem,
  isCaliforniaAddress,
  suggestedCaliforniaWarning,
  type AdminCaliforniaNotice,
  type AdminCaliforniaNoticeUpdate,
  type CaliforniaNoticeValues,
} from "@herbo/hosted-api/admin";
import type { Database, Transaction } from "../db/connection.ts";
import type { CustomerDetails } from "../db/customer-details.ts";
import { readShopSetting, saveShopSetting, type ShopSetting } from "../db/shop-settings.ts";
import { invalidRequest } from "../errors.ts";

/** The setting's key in shop_settings, and the history's name for its changes. */
export const californiaNoticeEntity = "california_notice";

/** Until the owner saves it: off, with the suggested text ready for turning it on. */
const defaults: CaliforniaNoticeValues = { enabled: false, warning: suggestedCaliforniaWarning };

const californiaNotice: ShopSetting<CaliforniaNoticeValues> = {
  key: californiaNoticeEntity,
  defaults,
  valuesOf(value) {
    const stored = (typeof value === "object" && value !== null ? value : {}) as Partial<Record<string, unknown>>;
    return typeof stored.enabled === "boolean" && typeof stored.warning === "string"
      ? { enabled: stored.enabled, warning: stored.warning }
      : defaults;
  },
  conflictMessage:
    "Someone else changed the California notice since you opened it. Their change is shown now; make yours again if it still applies.",
};

/** The notice as saved, with its version (1 before the first save). */
export async function readCaliforniaNotice(db: Database | Transaction): Promise<AdminCaliforniaNotice> {
  const { values, version } = await readShopSetting(db, californiaNotice);
  return { ...values, version };
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
  await saveShopSetting(db, californiaNotice, { actor: input.actor, version: input.update.version, values }, now);
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

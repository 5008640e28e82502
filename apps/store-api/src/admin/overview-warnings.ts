import type { AdminOverviewWarning, AdminPlaceholderPhoneWarning } from "@herbo/hosted-api/admin";
import { isPlaceholderChatPhone } from "@herbo/hosted-api/shop-defaults";
import type { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { failingEmails } from "../email/outbox-view.ts";
import { overdueProviderPayments } from "../payments/owed-payments.ts";

type CurrencyMap = Awaited<ReturnType<typeof listCurrencies>>;

/** The storefront's settings the overview checks; a setting it is not told warns of nothing. */
export interface ShopSettingsSeen {
  /** CHAT_PHONE's digits, as the storefront shows them. */
  chatPhone?: string | undefined;
}

/** Shoppers are shown the placeholder contact number the shop ships with: calls and chats reach nobody. */
export function placeholderPhoneWarning(settings: ShopSettingsSeen): AdminPlaceholderPhoneWarning | undefined {
  const phone = settings.chatPhone;
  return phone === undefined || !isPlaceholderChatPhone(phone)
    ? undefined
    : { kind: "placeholder_contact_number", phone };
}

/** The overview's warnings: overdue provider payments (money may be stuck), failing emails, then settings. */
export async function overviewWarnings(
  db: Database,
  now: Date,
  known: CurrencyMap,
  settings: ShopSettingsSeen = {},
): Promise<AdminOverviewWarning[]> {
  const [payments, emails] = await Promise.all([overdueProviderPayments(db, now, known), failingEmails(db, now)]);
  const phone = placeholderPhoneWarning(settings);
  return [...payments, ...(emails === undefined ? [] : [emails]), ...(phone === undefined ? [] : [phone])];
}

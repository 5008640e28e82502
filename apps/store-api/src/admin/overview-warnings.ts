import type {
  AdminEmailsFailingWarning,
  AdminOverviewWarning,
  AdminPaymentOpenWarning,
  AdminPlaceholderPhoneWarning,
} from "@herbo/hosted-api/admin";
import { isPlaceholderChatPhone } from "@herbo/hosted-api/shop-defaults";
import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { orders, outbox, paymentAttempts } from "../db/schema.ts";
import { openAttemptStatuses } from "../lifecycle/attempt-states.ts";
import { adminMoney } from "./admin-money.ts";

/** A payment still open at its provider this long after the shopper was sent there deserves a look. */
export const providerPaymentOverdueMs = 30 * 60_000;
/** Emails given up on are reported for this long. */
export const givenUpEmailsWindowMs = 7 * 24 * 3_600_000;
/** Overdue payments listed at most; the oldest first. */
const overduePaymentsShown = 10;

type CurrencyMap = Awaited<ReturnType<typeof listCurrencies>>;

/**
 * Emails whose latest attempt failed: pending ones tried before whose error is still recorded (waiting for
 * a retry), and failed ones given up within the window (a failed row's next_attempt_at is when it was given up).
 */
export async function failingEmails(db: Database, now: Date): Promise<AdminEmailsFailingWarning | undefined> {
  const since = new Date(now.getTime() - givenUpEmailsWindowMs);
  const [row] = await db
    .select({
      retrying: sql<number>`COUNT(*) FILTER (WHERE ${outbox.status} = 'pending')::int`,
      givenUp: sql<number>`COUNT(*) FILTER (WHERE ${outbox.status} = 'failed' AND ${outbox.nextAttemptAt} >= ${since.toISOString()}::timestamptz)::int`,
    })
    .from(outbox)
    .where(
      and(isNotNull(outbox.lastError), sql`${outbox.attempts} > 0`, inArray(outbox.status, ["pending", "failed"])),
    );
  const retrying = Number(row?.retrying ?? 0);
  const givenUp = Number(row?.givenUp ?? 0);
  return retrying + givenUp === 0 ? undefined : { kind: "emails_failing", retrying, givenUp };
}

/** Payments open at a provider for longer than providerPaymentOverdueMs, oldest first, with their checkout's order if any. */
export async function overdueProviderPayments(
  db: Database,
  now: Date,
  known: CurrencyMap,
): Promise<AdminPaymentOpenWarning[]> {
  const startedBefore = new Date(now.getTime() - providerPaymentOverdueMs);
  const rows = await db
    .select({
      provider: paymentAttempts.provider,
      checkoutId: paymentAttempts.sessionId,
      reference: paymentAttempts.reference,
      orderNumber: orders.number,
      amount: paymentAttempts.amount,
      currency: paymentAttempts.currencyCode,
      startedAt: paymentAttempts.createdAt,
    })
    .from(paymentAttempts)
    .leftJoin(orders, eq(orders.sessionId, paymentAttempts.sessionId))
    .where(and(inArray(paymentAttempts.status, [...openAttemptStatuses]), lt(paymentAttempts.createdAt, startedBefore)))
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id))
    .limit(overduePaymentsShown);
  return rows.map((row) => ({
    kind: "payment_open_too_long",
    provider: row.provider,
    checkoutId: row.checkoutId,
    reference: row.reference,
    orderNumber: row.orderNumber,
    amount: adminMoney(row.amount, row.currency, known),
    startedAt: row.startedAt.toISOString(),
  }));
}

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

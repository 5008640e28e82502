import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { checkoutLines, checkoutSessions, currencies, orders, reminderOptOuts } from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import { createCheckoutSession, saveCustomerDetails } from "../checkout/sessions.ts";
import { ApiError } from "../errors.ts";

/**
 * Checkouts brought back: a shopper who ticked "Email me a reminder about this order" with their details and
 * has not paid gets one email, `afterMs` after starting, through the outbox. Never after they paid (this
 * checkout or another since), never to an address that asked for no more, and at most one per address a week.
 * Its links carry the checkout's own random token: one opens a fresh checkout with the same items and details
 * at today's prices and stock, the other stops reminders for that address.
 */

const weekMs = 7 * 24 * 3_600_000;
/** Checkouts looked at per pass: a pass is quick, and the next one takes the rest. */
const batch = 50;

export interface ReminderSettings {
  afterMs: number;
  /** Origin of this API, for the links. */
  publicUrl: string;
  shopName: string;
}

export const resumePath = (token: string) => `/checkout/resume/${token}`;
export const unsubscribePath = (token: string) => `/reminders/unsubscribe/${token}`;

/** Why a due checkout gets no reminder, or undefined when it should. */
async function reasonToSkip(
  tx: Pick<Database, "select">,
  session: { id: string; createdAt: Date },
  email: string,
  now: Date,
): Promise<string | undefined> {
  const [optedOut] = await tx.select().from(reminderOptOuts).where(eq(reminderOptOuts.email, email));
  if (optedOut !== undefined) return "unsubscribed";
  const ofAddress = sql`lower(${checkoutSessions.customer}->>'email') = ${email}`;
  const [recent] = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        ofAddress,
        ne(checkoutSessions.id, session.id),
        gt(checkoutSessions.reminderSentAt, new Date(now.getTime() - weekMs)),
      ),
    )
    .limit(1);
  if (recent !== undefined) return "reminded this week";
  const [ordered] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(sql`lower(${orders.customer}->>'email') = ${email}`, gte(orders.createdAt, session.createdAt)))
    .limit(1);
  return ordered === undefined ? undefined : "ordered since";
}

/** Writes the reminders now due to the outbox; returns how many. Safe with several API copies at once. */
export async function sendDueReminders(db: Database, settings: ReminderSettings, now: Date): Promise<number> {
  const due = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.reminderWanted, true),
        isNull(checkoutSessions.reminderSentAt),
        isNotNull(checkoutSessions.customer),
        inArray(checkoutSessions.status, ["open", "expired"]),
        lte(checkoutSessions.createdAt, new Date(now.getTime() - settings.afterMs)),
      ),
    )
    .orderBy(asc(checkoutSessions.createdAt))
    .limit(batch);
  let sent = 0;
  for (const { id } of due) {
    const wrote = await db.transaction(async (tx) => {
      // Locked, and looked at again: another copy may have taken it, or the shopper paid meanwhile.
      const [session] = await tx
        .select()
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.id, id),
            isNull(checkoutSessions.reminderSentAt),
            eq(checkoutSessions.reminderWanted, true),
            inArray(checkoutSessions.status, ["open", "expired"]),
          ),
        )
        .for("update", { skipLocked: true });
      if (session?.customer === undefined || session.customer === null) return false;
      const email = session.customer.email.toLowerCase();
      if ((await reasonToSkip(tx, session, email, now)) !== undefined) {
        // No reminder is due for it any more: it is not looked at again.
        await tx.update(checkoutSessions).set({ reminderWanted: false }).where(eq(checkoutSessions.id, id));
        return false;
      }
      const token = randomBytes(24).toString("base64url");
      await tx
        .update(checkoutSessions)
        .set({ reminderSentAt: now, reminderToken: token })
        .where(eq(checkoutSessions.id, id));
      const lines = await tx
        .select()
        .from(checkoutLines)
        .where(eq(checkoutLines.sessionId, id))
        .orderBy(asc(checkoutLines.position));
      const [currency] = await tx.select().from(currencies).where(eq(currencies.code, session.currencyCode));
      await enqueueEmail(
        tx,
        {
          kind: "checkout_reminder",
          recipient: session.customer.email,
          orderId: null,
          data: {
            shopName: settings.shopName,
            fullName: session.customer.fullName,
            currency: {
              code: session.currencyCode,
              symbol: currency?.symbol ?? null,
              template: currency?.template ?? null,
              decimalDigits: currency?.decimalDigits ?? null,
            },
            lines: lines.map((line) => ({
              title:
                line.variantTitle.trim() === "" ? line.productTitle : `${line.productTitle} (${line.variantTitle})`,
              quantity: line.quantity,
            })),
            itemsAmount: session.totalAmount,
            resumeUrl: `${settings.publicUrl}${resumePath(token)}`,
            unsubscribeUrl: `${settings.publicUrl}${unsubscribePath(token)}`,
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

/** The checkout a reminder's token names, when it is one (a forged or unknown token finds nothing). */
export async function findRemindedSession(db: Pick<Database, "select">, token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.reminderToken, token));
  return session;
}

/** Stops reminders to the address of the reminder's checkout; false when the token names none. */
export async function unsubscribeReminders(db: Database, token: string, now: Date): Promise<boolean> {
  const session = await findRemindedSession(db, token);
  if (session?.customer === undefined || session.customer === null) return false;
  await db
    .insert(reminderOptOuts)
    .values({ email: session.customer.email.toLowerCase(), at: now })
    .onConflictDoNothing();
  return true;
}

/** Reminders sent since `since`, and how many of them were followed by an order from the checkout they opened. */
export async function reminderFigures(
  db: Pick<Database, "select">,
  since: Date,
): Promise<{ sent: number; ordered: number }> {
  const [sent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(checkoutSessions)
    .where(gte(checkoutSessions.reminderSentAt, since));
  const [ordered] = await db
    .select({ count: sql<number>`count(distinct ${checkoutSessions.remindedFrom})::int` })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(and(isNotNull(checkoutSessions.remindedFrom), gte(orders.createdAt, since)));
  return { sent: sent?.count ?? 0, ordered: ordered?.count ?? 0 };
}

export type ReopenOutcome =
  | { kind: "reopened"; sessionId: string }
  | { kind: "unknown" }
  | { kind: "ordered"; successUrl: string }
  | { kind: "unavailable"; message: string; shopUrl: string };

/**
 * Opens a fresh checkout from a reminder's checkout: the same items and currency at today's prices and stock
 * (the old hold is gone), with the shopper's details saved again, so they land on the payment step. A checkout
 * already paid, or whose reminder already led to an order, opens nothing; until then each press opens its own.
 */
export async function reopenFromReminder(
  db: Database,
  token: string,
  options: { now: Date; holdMs: number; reservationMs: number },
): Promise<ReopenOutcome> {
  const old = await findRemindedSession(db, token);
  if (old?.customer === undefined || old.customer === null) return { kind: "unknown" };
  if (old.status === "paid") return { kind: "ordered", successUrl: old.successUrl };
  // Paid through a checkout this reminder opened before: the order exists, nothing more opens.
  const [reordered] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(eq(checkoutSessions.remindedFrom, old.id))
    .limit(1);
  if (reordered !== undefined) return { kind: "ordered", successUrl: old.successUrl };
  const items = await db
    .select({ variantId: checkoutLines.variantId, quantity: checkoutLines.quantity })
    .from(checkoutLines)
    .where(eq(checkoutLines.sessionId, old.id))
    .orderBy(asc(checkoutLines.position));
  let created: Awaited<ReturnType<typeof createCheckoutSession>>;
  try {
    created = await createCheckoutSession(
      db,
      {
        items,
        successUrl: old.successUrl,
        cancelUrl: old.cancelUrl,
        locale: old.locale ?? undefined,
        timeZone: old.timeZone ?? undefined,
        currencyCode: old.currencyCode,
      },
      { now: options.now, holdMs: options.holdMs, ...(old.clientKey === null ? {} : { clientKey: old.clientKey }) },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { kind: "unavailable", message: error.message, shopUrl: old.cancelUrl };
  }
  await db.update(checkoutSessions).set({ remindedFrom: old.id }).where(eq(checkoutSessions.id, created.session.id));
  await saveCustomerDetails(db, created.session.id, old.customer, options.now, options.reservationMs, null, false);
  return { kind: "reopened", sessionId: created.session.id };
}

import { and, eq } from "drizzle-orm";
import type { Database } from "../src/db/connection.ts";
import { checkoutSessions, orderEvents, orders, outbox, paymentAttempts, variants } from "../src/db/schema.ts";
import {
  checkoutBody,
  currencyOfCountry,
  enterDetails,
  postJson,
  postPayment,
  sessionIdOf,
  type RunningApi,
} from "./harness.ts";

/** Captures the API's log lines (pino JSON), to check what the owner sees and that no secret is written. */
export class LogCapture {
  readonly lines: string[] = [];
  readonly logger = {
    level: "info",
    stream: { write: (line: string) => void this.lines.push(line) },
  };
  text(): string {
    return this.lines.join("");
  }
  /** The lines logged at level error or above (pino: 50 and up). */
  errorLines(): string[] {
    return this.lines.filter((line) => ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50);
  }
}

/** A checkout of `quantity` resin jars (managed stock) with the Kathmandu details entered. */
export async function checkoutWithDetails(
  api: RunningApi,
  quantity = 1,
  details?: Record<string, string>,
): Promise<string> {
  const response = await postJson(
    `${api.storeUrl}/checkout`,
    checkoutBody(
      [{ variant_id: "var_resin_10g", quantity }],
      details?.country === undefined ? undefined : currencyOfCountry[details.country],
    ),
  );
  const sessionId = sessionIdOf(((await response.json()) as { url: string }).url);
  const entered = await enterDetails(api.baseUrl, sessionId, details);
  if (entered.status !== 303) throw new Error(`Details refused: ${entered.status}`);
  return sessionId;
}

/** Starts a provider payment from the payment step; answers the hand-over page's address. */
export async function startProviderPayment(api: RunningApi, sessionId: string, provider: string): Promise<string> {
  const response = await postPayment(api.baseUrl, sessionId, provider);
  const location = response.headers.get("location") ?? "";
  if (response.status !== 303 || !location.includes("/continue/")) {
    throw new Error(`Starting ${provider} answered ${response.status} ${location}`);
  }
  return location;
}

export async function attemptsOf(db: Database, sessionId: string) {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.sessionId, sessionId));
}

export async function onlyAttempt(db: Database, sessionId: string) {
  const attempts = await attemptsOf(db, sessionId);
  const [attempt] = attempts;
  if (attempts.length !== 1 || attempt === undefined) throw new Error(`Expected one attempt, found ${attempts.length}`);
  return attempt;
}

/** The attempt of one provider on a checkout (the sandbox and cash on delivery record theirs too). */
export async function attemptOf(db: Database, sessionId: string, provider: string) {
  const attempts = (await attemptsOf(db, sessionId)).filter((attempt) => attempt.provider === provider);
  const [attempt] = attempts;
  if (attempts.length !== 1 || attempt === undefined) {
    throw new Error(`Expected one ${provider} attempt, found ${attempts.length}`);
  }
  return attempt;
}

export async function ordersOf(db: Database, sessionId: string) {
  return db.select().from(orders).where(eq(orders.sessionId, sessionId));
}

export async function sessionStatus(db: Database, sessionId: string) {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return session?.status;
}

export async function resinStock(db: Database) {
  const [resin] = await db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
  return { onHand: resin?.stockOnHand, reserved: resin?.stockReserved };
}

export async function eventsOf(db: Database, orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
}

export async function confirmationEmails(db: Database, orderId: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, "order_confirmation")));
}

/** Everything a refused answer must leave as it was: orders, attempts and stock. */
export async function paymentState(db: Database) {
  return {
    orders: (await db.select({ id: orders.id }).from(orders)).length,
    attempts: (await db.select().from(paymentAttempts)).map((row) => ({ id: row.id, status: row.status })),
    stock: await resinStock(db),
  };
}

/** Posts the hand-over page's signed form to the provider, as the browser does (eSewa). */
export async function postHandOverForm(api: RunningApi, continueUrl: string) {
  const response = await fetch(`${api.baseUrl}${continueUrl}`);
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(
      match[1] ?? "",
      (match[2] ?? "").replaceAll("&amp;", "&").replaceAll("&#39;", "'").replaceAll("&quot;", '"'),
    );
  }
  return { response, action, fields, posted: await fetch(action, { method: "POST", body: fields }) };
}

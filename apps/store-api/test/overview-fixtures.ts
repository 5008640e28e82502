import { eq } from "drizzle-orm";
import type { Database } from "../src/db/connection.ts";
import { paymentAttempts } from "../src/db/schema.ts";

/** Moves a payment attempt's start back in time, as if the shopper had been sent to the provider then. */
export async function setAttemptStartedAt(db: Database, attemptId: string, startedAt: Date): Promise<void> {
  await db.update(paymentAttempts).set({ createdAt: startedAt }).where(eq(paymentAttempts.id, attemptId));
}

import { sql } from "drizzle-orm";
import { pingDatabase, type Database } from "./connection.ts";
import { healthHeartbeat } from "./schema.ts";

export type DatabaseHealth = { database: "ok" } | { database: "unreachable" | "not_writable"; error: unknown };

/**
 * Whether the database answers and still commits a write. A read alone keeps saying "ok" on a full disk
 * or a read-only database, so the check rewrites the heartbeat row (committed, not rolled back).
 */
export async function checkDatabase(db: Database): Promise<DatabaseHealth> {
  try {
    await pingDatabase(db);
  } catch (error) {
    return { database: "unreachable", error };
  }
  try {
    await db
      .insert(healthHeartbeat)
      .values({ id: 1, checkedAt: sql`now()` })
      .onConflictDoUpdate({ target: healthHeartbeat.id, set: { checkedAt: sql`now()` } });
  } catch (error) {
    return { database: "not_writable", error };
  }
  return { database: "ok" };
}

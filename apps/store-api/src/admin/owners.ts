import { randomBytes } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/connection.ts";
import { adminSessions, owners } from "../db/schema.ts";
import { defaultScryptParameters, hashPassword, passwordProblem, type ScryptParameters } from "./passwords.ts";

export type OwnerRow = typeof owners.$inferSelect;

/** Owner emails are compared lower-cased and trimmed: "Owner@Shop.example " is owner@shop.example. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why an owner cannot be created with these details, or undefined when they are fine. */
export function ownerProblem(email: string, password: string): string | undefined {
  if (!z.email().safeParse(normaliseEmail(email)).success) return "The email address is not valid.";
  return passwordProblem(password);
}

export type CreateOwnerOutcome =
  { kind: "created"; owner: OwnerRow } | { kind: "exists" } | { kind: "invalid"; message: string };

/** Adds an owner; an address that already belongs to one is left alone (`exists`). */
export async function createOwner(
  db: Database,
  input: { email: string; password: string },
  options: { now: Date; parameters?: ScryptParameters },
): Promise<CreateOwnerOutcome> {
  const problem = ownerProblem(input.email, input.password);
  if (problem !== undefined) return { kind: "invalid", message: problem };
  const passwordHash = await hashPassword(input.password, options.parameters ?? defaultScryptParameters);
  const [owner] = await db
    .insert(owners)
    .values({
      id: `owner_${randomBytes(12).toString("base64url")}`,
      email: normaliseEmail(input.email),
      passwordHash,
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: owners.email })
    .returning();
  return owner === undefined ? { kind: "exists" } : { kind: "created", owner };
}

export type SetPasswordOutcome = "changed" | "unknown" | { kind: "invalid"; message: string };

/** Replaces an owner's password (the command line's `set-password`) and ends all their sessions. */
export async function setOwnerPassword(
  db: Database,
  input: { email: string; password: string },
  options: { parameters?: ScryptParameters } = {},
): Promise<SetPasswordOutcome> {
  const problem = passwordProblem(input.password);
  if (problem !== undefined) return { kind: "invalid", message: problem };
  const passwordHash = await hashPassword(input.password, options.parameters ?? defaultScryptParameters);
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .update(owners)
      .set({ passwordHash })
      .where(eq(owners.email, normaliseEmail(input.email)))
      .returning({ id: owners.id });
    if (owner === undefined) return "unknown";
    await tx.delete(adminSessions).where(eq(adminSessions.ownerId, owner.id));
    return "changed";
  });
}

export async function listOwnerEmails(db: Database): Promise<string[]> {
  const rows = await db.select({ email: owners.email }).from(owners).orderBy(asc(owners.email));
  return rows.map((row) => row.email);
}

export async function countOwners(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(owners);
  return row?.total ?? 0;
}

export async function findOwnerByEmail(db: Database, email: string): Promise<OwnerRow | undefined> {
  const [owner] = await db
    .select()
    .from(owners)
    .where(eq(owners.email, normaliseEmail(email)))
    .limit(1);
  return owner;
}

export type FirstOwnerOutcome = "created" | "owners_exist" | "not_configured";

/**
 * At start-up: with ADMIN_EMAIL and ADMIN_PASSWORD set and no owner yet, creates that owner. Once any owner
 * exists the settings are ignored, so a later change of ADMIN_PASSWORD never overwrites a password.
 */
export async function ensureFirstOwner(
  db: Database,
  settings: { email: string | undefined; password: string | undefined },
  options: { now: Date; parameters?: ScryptParameters },
): Promise<FirstOwnerOutcome> {
  if (settings.email === undefined && settings.password === undefined) return "not_configured";
  if (settings.email === undefined || settings.password === undefined) {
    throw new Error("Set both ADMIN_EMAIL and ADMIN_PASSWORD to create the first owner, or neither.");
  }
  if ((await countOwners(db)) > 0) return "owners_exist";
  const outcome = await createOwner(db, { email: settings.email, password: settings.password }, options);
  if (outcome.kind === "invalid") throw new Error(`ADMIN_EMAIL / ADMIN_PASSWORD: ${outcome.message}`);
  // "exists": another API copy starting at the same moment created it first.
  return outcome.kind === "created" ? "created" : "owners_exist";
}

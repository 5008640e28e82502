import type { Database } from "../db/connection.ts";
import { createOwner, findOwnerByEmail, listOwnerEmails, setOwnerPassword } from "./owners.ts";
import type { ScryptParameters } from "./passwords.ts";
import { signInThrottle } from "./sign-in-throttle.ts";
import { setTaxRegistration } from "../markets/markets.ts";

export const adminUsage = `Usage: npm run admin -- <command>

  create-owner --email <address> [--password-stdin]
      Adds an owner who can sign in at /admin. The password (12 characters or more) is asked for
      without being shown; or read from standard input with --password-stdin; or taken from
      ADMIN_PASSWORD.
  set-password --email <address> [--password-stdin]
      Replaces an owner's password (asked for, or as above) and signs them out everywhere.
  list-owners
      Prints the owners' email addresses.
  unlock --email <address>
      Lifts the sign-in locks on an account: at every address, and the lock of the account as a whole
      that too many wrong passwords from many addresses put on it.
  tax-registration --market <np|us|in|uk|ca|ae> (--number <registration> | --clear)
      Records the shop's tax registration in a market (its PAN/VAT number in Nepal). New orders there
      then show the tax their prices include, per line, on the checkout, emails and invoice.
  backup
      Writes a backup of the embedded database, the photos and the sent mail to BACKUP_DIR now, and prints
      its path and size. While the shop runs, the shop writes it.
  restore <file>
      With the shop stopped: checks the backup, moves the current data aside (to <folder>.before-restore-…)
      and puts the backup's in its place, migrated to this version.
  move-to-postgres <DATABASE_URL> [--media-to-bucket]
      With the shop stopped: copies the embedded database in DATA_DIR into an empty PostgreSQL database
      in one transaction, and prints each table's rows and money sums, checked on both sides. Photos stay
      in MEDIA_DIR, or are copied to the bucket (MEDIA_BUCKET_*) with --media-to-bucket.

With the embedded database (no DATABASE_URL), stop the shop first (except for backup): only one process may
open DATA_DIR. With DATABASE_URL, backup and restore are pg_dump's and pg_restore's job.`;

/** Commands that open the database in their own way (or ask the running shop), not through runAdminCommand. */
export const backupCommands = ["backup", "restore"] as const;

export function isBackupCommand(command: string | undefined): command is (typeof backupCommands)[number] {
  return (backupCommands as readonly (string | undefined)[]).includes(command);
}

/** Who the history names for a change made with `npm run admin`. */
export const commandLineActor = "npm run admin";

export interface AdminCommandIo {
  db: Database;
  /** Asks for the password (or reads it from stdin / ADMIN_PASSWORD); undefined when none can be had. */
  readPassword(purpose: string): Promise<string | undefined>;
  print(line: string): void;
  printError(line: string): void;
  now: Date;
  parameters?: ScryptParameters;
}

/** Runs `npm run admin -- …`; returns the process exit code. */
export async function runAdminCommand(argv: readonly string[], io: AdminCommandIo): Promise<number> {
  const [command, ...rest] = argv;
  const valueOf = (flag: string) => {
    const at = rest.indexOf(flag);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const email = valueOf("--email");
  const marketCode = valueOf("--market");
  const number = valueOf("--number");
  const known = new Set(["--email", "--password-stdin", "--market", "--number", "--clear", email, marketCode, number]);
  const unknown = rest.filter((argument) => !known.has(argument));
  if (unknown.length > 0) {
    io.printError(`Unknown argument: ${unknown[0]}\n\n${adminUsage}`);
    return 2;
  }
  const parameters = io.parameters === undefined ? {} : { parameters: io.parameters };
  switch (command) {
    case "create-owner":
    case "set-password": {
      if (email === undefined || email.startsWith("--")) {
        io.printError(`${command} needs --email <address>.\n\n${adminUsage}`);
        return 2;
      }
      const password = await io.readPassword(
        command === "create-owner" ? "the new owner's password" : "the new password",
      );
      if (password === undefined) {
        io.printError("No password: type it when asked, pipe it with --password-stdin, or set ADMIN_PASSWORD.");
        return 2;
      }
      if (command === "create-owner") {
        const outcome = await createOwner(io.db, { email, password }, { now: io.now, ...parameters });
        if (outcome.kind === "invalid") return fail(io, outcome.message);
        if (outcome.kind === "exists")
          return fail(io, `${email} is already an owner; use set-password to change the password.`);
        io.print(`Owner ${outcome.owner.email} created. Sign in at the store API's /admin.`);
        return 0;
      }
      const outcome = await setOwnerPassword(io.db, { email, password }, parameters);
      if (outcome === "unknown") return fail(io, `No owner has the email ${email}.`);
      if (typeof outcome === "object") return fail(io, outcome.message);
      io.print(`Password of ${email} changed; their sessions were ended.`);
      return 0;
    }
    case "unlock": {
      if (email === undefined || email.startsWith("--")) {
        io.printError(`unlock needs --email <address>.\n\n${adminUsage}`);
        return 2;
      }
      if ((await findOwnerByEmail(io.db, email)) === undefined) return fail(io, `No owner has the email ${email}.`);
      await signInThrottle(io.db, () => io.now).unlock(email);
      io.print(`Sign-in locks on ${email} lifted; the right password signs in again from anywhere.`);
      return 0;
    }
    case "tax-registration": {
      const clear = rest.includes("--clear");
      if (marketCode === undefined || marketCode.startsWith("--") || (number === undefined) === !clear) {
        io.printError(
          `tax-registration needs --market <code> and either --number <registration> or --clear.\n\n${adminUsage}`,
        );
        return 2;
      }
      const outcome = await setTaxRegistration(io.db, marketCode, clear ? null : (number ?? null), {
        actor: commandLineActor,
        now: io.now,
      });
      switch (outcome.kind) {
        case "unknown_market":
          return fail(io, `No market has the code ${marketCode}.`);
        case "no_tax":
          return fail(io, `The shop includes no tax in ${outcome.market}'s prices, so it has no registration there.`);
        case "invalid":
          return fail(io, outcome.message);
        case "set":
          io.print(
            `${outcome.market}: new orders show the ${outcome.taxName} they include, with this registration number.`,
          );
          return 0;
        case "cleared":
          io.print(`${outcome.market}: new orders show no tax lines.`);
          return 0;
      }
      return 1;
    }
    case "list-owners": {
      const emails = await listOwnerEmails(io.db);
      io.print(emails.length === 0 ? "No owners yet." : emails.join("\n"));
      return 0;
    }
    default:
      io.printError(
        command === undefined || command === "help" || command === "--help"
          ? adminUsage
          : `Unknown command: ${command}\n\n${adminUsage}`,
      );
      return command === "help" || command === "--help" ? 0 : 2;
  }
}

function fail(io: AdminCommandIo, message: string): number {
  io.printError(message);
  return 1;
}

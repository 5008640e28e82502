import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand, type AdminCommandIo } from "../src/admin/admin-command.ts";
import { createSession, findSession } from "../src/admin/owner-sessions.ts";
import { verifyPassword } from "../src/admin/passwords.ts";
import { signInLimits, signInThrottle } from "../src/admin/sign-in-throttle.ts";
import { markets, requestCounters } from "../src/db/schema.ts";
import { readSeedCatalog, seedIfEmpty, seedMarkets } from "../src/catalog/seed.ts";
import { eq } from "drizzle-orm";
import { findOwnerByEmail } from "../src/admin/owners.ts";
import { openDatabase } from "../src/db/connection.ts";
import { packageRoot } from "../src/package-root.ts";
import { testPasswordParameters } from "./admin-helpers.ts";
import { copyMigratedPgliteFolder } from "./database-templates.ts";
import { childProgram } from "./server-process.ts";
import { createTestDatabase, type TestDatabase } from "./harness.ts";

describe("npm run admin", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.drop();
  });

  function io(password: string | undefined) {
    const out: string[] = [];
    const errors: string[] = [];
    const value: AdminCommandIo = {
      db: database.db,
      readPassword: async () => password,
      print: (line) => out.push(line),
      printError: (line) => errors.push(line),
      now: new Date(),
      parameters: testPasswordParameters,
    };
    return { io: value, out, errors };
  }

  it("records and clears the shop's tax registration in a market, refusing what cannot be", async () => {
    const catalog = await readSeedCatalog();
    await seedIfEmpty(database.db, catalog);
    await seedMarkets(database.db, catalog);
    const registration = async () =>
      (await database.db.select().from(markets).where(eq(markets.code, "np")))[0]?.taxRegistration;

    const set = io(undefined);
    expect(await runAdminCommand(["tax-registration", "--market", "np", "--number", "601234567"], set.io)).toBe(0);
    expect(set.out.join("\n")).toContain("Nepal: new orders show the VAT they include");
    expect(await registration()).toBe("601234567");

    const refused = [
      [["tax-registration", "--market", "us", "--number", "12-3456789"], 1, "includes no tax in United States"],
      [["tax-registration", "--market", "zz", "--number", "1"], 1, "No market has the code zz"],
      [["tax-registration", "--market", "np", "--number", "<script>"], 1, "1 to 60 letters"],
      [["tax-registration", "--market", "np"], 2, "needs --market <code> and either"],
      [["tax-registration", "--market", "np", "--number", "1", "--clear"], 2, "needs --market <code> and either"],
    ] as const;
    for (const [argv, code, message] of refused) {
      const run = io(undefined);
      expect(await runAdminCommand(argv, run.io), argv.join(" ")).toBe(code);
      expect(run.errors.join("\n")).toContain(message);
    }
    expect(await registration()).toBe("601234567");

    const cleared = io(undefined);
    expect(await runAdminCommand(["tax-registration", "--market", "np", "--clear"], cleared.io)).toBe(0);
    expect(await registration()).toBeNull();
  });

  it("creates an owner, refuses a second with the same email, and lists them", async () => {
    const first = io("a brand new passphrase");
    expect(await runAdminCommand(["create-owner", "--email", "Owner@Shop.example"], first.io)).toBe(0);
    expect(first.out.join("\n")).toContain("Owner owner@shop.example created");
    const owner = await findOwnerByEmail(database.db, "owner@shop.example");
    expect(await verifyPassword("a brand new passphrase", owner?.passwordHash ?? "")).toBe(true);

    const again = io("another passphrase!");
    expect(await runAdminCommand(["create-owner", "--email", "owner@shop.example"], again.io)).toBe(1);
    expect(again.errors.join("\n")).toContain("already an owner");

    const listed = io(undefined);
    expect(await runAdminCommand(["list-owners"], listed.io)).toBe(0);
    expect(listed.out).toEqual(["owner@shop.example"]);
  });

  it("changes a password and ends the owner's sessions", async () => {
    const owner = await findOwnerByEmail(database.db, "owner@shop.example");
    const now = new Date();
    const token = await createSession(database.db, owner?.id ?? "", now);
    const changed = io("the replacement passphrase");
    expect(await runAdminCommand(["set-password", "--email", "owner@shop.example"], changed.io)).toBe(0);
    expect(await findSession(database.db, token, now)).toBeUndefined();
    const updated = await findOwnerByEmail(database.db, "owner@shop.example");
    expect(await verifyPassword("the replacement passphrase", updated?.passwordHash ?? "")).toBe(true);
    expect(
      await runAdminCommand(["set-password", "--email", "nobody@shop.example"], io("the replacement passphrase").io),
    ).toBe(1);
  });

  it("refuses weak passwords, missing ones, and malformed commands, changing nothing", async () => {
    const weak = io("short");
    expect(await runAdminCommand(["create-owner", "--email", "second@shop.example"], weak.io)).toBe(1);
    expect(weak.errors.join("")).toContain("at least 12 characters");
    expect(await runAdminCommand(["create-owner", "--email", "second@shop.example"], io(undefined).io)).toBe(2);
    expect(await runAdminCommand(["create-owner"], io("long enough password").io)).toBe(2);
    expect(
      await runAdminCommand(["create-owner", "--email", "x@shop.example", "--force"], io("long enough password").io),
    ).toBe(2);
    expect(await runAdminCommand(["delete-everything"], io(undefined).io)).toBe(2);
    expect(await findOwnerByEmail(database.db, "second@shop.example")).toBeUndefined();
  });

  it("unlocks an owner's sign-in: every count of the account goes, other accounts' and addresses' stay", async () => {
    const throttle = signInThrottle(database.db, () => new Date());
    for (const address of ["203.0.113.1", "203.0.113.2"]) {
      for (let attempt = 0; attempt < signInLimits.accountAtAddress.attempts; attempt += 1) {
        await throttle.count({ email: "owner@shop.example", address });
      }
      expect(await throttle.count({ email: "OWNER@shop.example", address })).toMatchObject({ allowed: false });
    }
    await throttle.count({ email: "other@shop.example", address: "203.0.113.3" });
    const scopes = async () =>
      (await database.db.select({ scope: requestCounters.scope }).from(requestCounters)).map((row) => row.scope).sort();
    expect(await scopes()).toEqual([
      "sign-in-account",
      "sign-in-account",
      "sign-in-account-address",
      "sign-in-account-address",
      "sign-in-account-address",
      "sign-in-address",
      "sign-in-address",
      "sign-in-address",
    ]);

    const unlocked = io(undefined);
    expect(await runAdminCommand(["unlock", "--email", "Owner@Shop.example"], unlocked.io)).toBe(0);
    expect(unlocked.out.join("\n")).toContain("Sign-in locks on Owner@Shop.example lifted");
    expect(await scopes()).toEqual([
      "sign-in-account",
      "sign-in-account-address",
      "sign-in-address",
      "sign-in-address",
      "sign-in-address",
    ]);
    expect(await throttle.count({ email: "owner@shop.example", address: "203.0.113.1" })).toEqual({ allowed: true });

    expect(await runAdminCommand(["unlock"], io(undefined).io)).toBe(2);
    const unknown = io(undefined);
    expect(await runAdminCommand(["unlock", "--email", "nobody@shop.example"], unknown.io)).toBe(1);
    expect(unknown.errors.join("")).toContain("No owner has the email nobody@shop.example");
  });

  it("works as a command reading the password from standard input", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "herbo-admin-cli-"));
    // An existing shop's database, as an owner would run the command on, without paying for initdb.
    await copyMigratedPgliteFolder(dataDir);
    try {
      const child = spawn(
        process.execPath,
        [childProgram("adminCli"), "create-owner", "--email", "cli@shop.example", "--password-stdin"],
        {
          cwd: packageRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: "" },
          stdio: ["pipe", "pipe", "pipe"],
        },
      );
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stdin.end("piped passphrase 2026\n");
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code, output).toBe(0);
      expect(output).toContain("Owner cli@shop.example created");
      expect(output).not.toContain("piped passphrase");
      const handle = await openDatabase({ kind: "pglite", dataDir });
      try {
        const owner = await findOwnerByEmail(handle.db, "cli@shop.example");
        expect(await verifyPassword("piped passphrase 2026", owner?.passwordHash ?? "")).toBe(true);
      } finally {
        await handle.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync } from "node:zlib";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import tarStream from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCommand, type BackupConfig } from "../src/backup/backup-command.ts";
import { bytesOf, NotABackupError, readArchive } from "../src/backup/backup-archive.ts";
import type { BackupManifest } from "../src/backup/backup-manifest.ts";
import { knownMigrationLevel, migrationLevelOf, rowCountsOf } from "../src/backup/database-dump.ts";
import { restoreBackup, type SwapStep } from "../src/backup/restore-backup.ts";
import { writeBackup, type WrittenBackup } from "../src/backup/write-backup.ts";
import { openDatabase, type DatabaseHandle } from "../src/db/connection.ts";
import { lockFileName, lockHolderOf } from "../src/db/data-dir-lock.ts";
import { packageRoot } from "../src/package-root.ts";
import { copyMigratedPgliteFolder } from "./database-templates.ts";
import { testStoreId } from "./harness.ts";
import { queueConfirmations } from "./outbox-fixtures.ts";

/** A copy of the migrations folder without its newest migration: the shop one version ago. */
function migrationsWithoutNewest(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "herbo-migrations-"));
  cpSync(path.join(packageRoot, "drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, -1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

interface Shop {
  root: string;
  config: BackupConfig;
  backup: WrittenBackup;
}

/** A stopped shop with two orders and their emails, one photo file and one sent mail, and a backup of it. */
async function shopWithBackup(migrationsFolder?: string): Promise<Shop> {
  const root = await mkdtemp(path.join(tmpdir(), "herbo-restore-"));
  const dataDir = path.join(root, "data");
  const config: BackupConfig = {
    databaseUrl: undefined,
    dataDir,
    storeId: testStoreId,
    mediaDir: path.join(dataDir, "media"),
    mediaBucket: undefined,
    outboxDir: path.join(dataDir, "outbox"),
    port: 0,
    host: "127.0.0.1",
    backup: { dir: path.join(root, "backups"), everyMs: 0, keep: 7 },
  };
  // At this code's level the shop starts as a copy of the run's migrated folder, sparing initdb; an older
  // level needs a database of its own, migrated only that far.
  if (migrationsFolder === undefined) await copyMigratedPgliteFolder(dataDir);
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    if (migrationsFolder === undefined) await handle.migrate();
    else await migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
    await queueConfirmations(handle.db, new Date("2026-03-01T10:00:00Z"), 2);
    await mkdir(config.mediaDir, { recursive: true });
    await writeFile(path.join(config.mediaDir, "med_0123456789abcdef0123-640.webp"), "RIFF-photo-bytes");
    await mkdir(config.outboxDir, { recursive: true });
    await writeFile(path.join(config.outboxDir, "20260301T100000Z-msg_a.eml"), "Subject: hello\r\n\r\nHi\r\n");
    const backup = await writeBackup(
      {
        client: pgliteOf(handle),
        storeId: testStoreId,
        mediaDir: config.mediaDir,
        outboxDir: config.outboxDir,
        backupDir: config.backup.dir,
      },
      "manual",
      new Date("2026-03-01T12:00:00Z"),
    );
    return { root, config, backup };
  } finally {
    await handle.close();
  }
}

function pgliteOf(handle: DatabaseHandle) {
  if (handle.pglite === undefined) throw new Error("expected PGlite");
  return handle.pglite;
}

async function restore(file: string, config: BackupConfig) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await runBackupCommand("restore", [file], config, {
    print: (line) => out.push(line),
    printError: (line) => errors.push(line),
    now: () => new Date("2026-03-02T08:00:00.000Z"),
  });
  return { code, out: out.join("\n"), errors: errors.join("\n") };
}

/** Every file under a folder with its size and bytes' start: what a refused restore must leave as it was. */
async function treeOf(folder: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, file);
    if (entry.isFile())
      tree[relative] = `${(await stat(file)).size}:${(await readFile(file)).subarray(0, 64).toString("hex")}`;
    else tree[relative] = "folder";
  }
  return tree;
}

/** The disk space the files under a folder take, in bytes: their allocated blocks, not their stated sizes. */
async function diskUsageOf(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).blocks * 512;
  }
  return total;
}

/** The entries of a backup, to be changed and packed again. */
async function entriesOf(file: string): Promise<{ name: string; data: Buffer }[]> {
  const extract = tarStream.extract();
  const entries: { name: string; data: Buffer }[] = [];
  const done = pipeline(async function* () {
    yield gunzipSync(await readFile(file));
  }, extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of bytesOf(entry)) chunks.push(chunk);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  await done;
  return entries;
}

async function packed(file: string, entries: { name: string; data: Buffer }[]): Promise<string> {
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  const writing = pipeline(
    pack,
    createGzip(),
    new Writable({
      write(chunk: Buffer, _encoding, next) {
        chunks.push(chunk);
        next();
      },
    }),
  );
  for (const entry of entries) pack.entry({ name: entry.name }, entry.data);
  pack.finalize();
  await writing;
  await writeFile(file, Buffer.concat(chunks));
  return file;
}

function editManifest(entries: { name: string; data: Buffer }[], edit: (manifest: Record<string, unknown>) => void) {
  return entries.map((entry) => {
    if (entry.name !== "manifest.json") return entry;
    const manifest = JSON.parse(entry.data.toString("utf8")) as Record<string, unknown>;
    edit(manifest);
    return { name: entry.name, data: Buffer.from(JSON.stringify(manifest)) };
  });
}

// Each test makes PGlite folders and loads dumps: slow on a busy machine, never timed.
describe("a restore", { timeout: 240_000 }, () => {
  it("brings a backup made at the previous migration level forward to this code's", async () => {
    const shop = await shopWithBackup(migrationsWithoutNewest());
    const known = await knownMigrationLevel();
    expect(shop.backup.manifest.migrations.applied).toBe(known.applied - 1);
    await rm(shop.config.dataDir, { recursive: true, force: true });

    const outcome = await restore(shop.backup.file, shop.config);
    expect(outcome.errors).toBe("");
    expect(outcome.out).toContain("2 orders, 2 emails, 1 photo (1 file)");

    const handle = await openDatabase({ kind: "pglite", dataDir: shop.config.dataDir });
    try {
      expect(await migrationLevelOf(pgliteOf(handle))).toEqual(known);
      expect(await rowCountsOf(pgliteOf(handle))).toEqual({ orders: 2, emails: 2 });
    } finally {
      await handle.close();
    }
    expect(await readdir(shop.config.mediaDir)).toEqual(["med_0123456789abcdef0123-640.webp"]);
    expect(await readdir(shop.config.outboxDir)).toEqual(["20260301T100000Z-msg_a.eml"]);
    await rm(shop.root, { recursive: true, force: true });
  });

  describe("refuses, changing nothing,", () => {
    let shop: Shop;
    let entries: { name: string; data: Buffer }[];
    beforeAll(async () => {
      shop = await shopWithBackup();
      entries = await entriesOf(shop.backup.file);
    }, 240_000);
    afterAll(async () => {
      await rm(shop.root, { recursive: true, force: true });
    });

    /** The restore is refused with this reason, and every file under the shop's folder is as it was. */
    async function expectRefused(file: string, reason: RegExp, config = shop.config) {
      const before = await treeOf(shop.root);
      const outcome = await restore(file, config);
      expect(outcome.code).toBe(1);
      expect(outcome.errors).toMatch(/^Not restored, nothing was changed: /);
      expect(outcome.errors).toMatch(reason);
      expect(await treeOf(shop.root)).toEqual(before);
    }
    async function craft(name: string, content: Buffer | { name: string; data: Buffer }[]): Promise<string> {
      const file = path.join(shop.config.backup.dir, name);
      if (Buffer.isBuffer(content)) await writeFile(file, content);
      else await packed(file, content);
      return file;
    }

    it("while the shop is running", async () => {
      const running = await openDatabase({ kind: "pglite", dataDir: shop.config.dataDir });
      try {
        await expectRefused(shop.backup.file, /the shop is running \(process \d+ on .+\): stop it first/);
      } finally {
        await running.close();
      }
    });

    it("a backup of another shop", async () => {
      await expectRefused(shop.backup.file, /belongs to the shop "test-store", and this shop's STORE_ID is "other"/, {
        ...shop.config,
        storeId: "other",
      });
    });

    it("a file that is not a backup, or is cut short", async () => {
      await expectRefused(await craft("garbage.tar.gz", Buffer.from("not a backup at all")), /damaged or not a backup/);
      const whole = await readFile(shop.backup.file);
      await expectRefused(await craft("cut.tar.gz", whole.subarray(0, whole.length >> 1)), /damaged or not a backup/);
      await expectRefused(await craft("no-manifest.tar.gz", entries.slice(0, -1)), /has no manifest/);
      await expectRefused(path.join(shop.root, "missing.tar.gz"), /is not a file/);
    });

    it("an archive of another format, or with a part that does not match its checksum", async () => {
      await expectRefused(
        await craft(
          "other.tar.gz",
          editManifest(entries, (manifest) => (manifest.format = "other-backup")),
        ),
        /is not a herbo-shop-backup file/,
      );
      const damaged = entries.map((entry) =>
        entry.name.startsWith("media/") ? { name: entry.name, data: Buffer.from("RIFF-other-bytes") } : entry,
      );
      await expectRefused(await craft("damaged.tar.gz", damaged), /media\/med_\S+ does not match its checksum/);
      await expectRefused(
        await craft("escape.tar.gz", [{ name: "../escape", data: Buffer.from("x") }, ...entries]),
        /holds \.\.\/escape, which no backup of this shop has/,
      );
    });

    it("an archive that unpacks to more than its manifest says, writing none of the excess", async () => {
      const listed = (JSON.parse(entries.at(-1)?.data.toString("utf8") ?? "{}") as BackupManifest).parts;
      const zeros = Buffer.alloc(20 * 1024 * 1024);
      const bomb = await craft(
        "bomb.tar.gz",
        entries.map((entry) => (entry.name.startsWith("media/") ? { name: entry.name, data: zeros } : entry)),
      );
      // The 20 MB of zeros add some kilobytes to the archive.
      expect((await stat(bomb)).size - (await stat(shop.backup.file)).size).toBeLessThan(100_000);
      await expectRefused(
        bomb,
        /media\/med_\S+ holds 20971520 bytes, and its manifest says 16: .* made to fill the disk/,
      );
      // Unpacked on its own, what reaches the disk is within what the manifest lists, never the zeros.
      const staging = await mkdtemp(path.join(tmpdir(), "herbo-bomb-"));
      try {
        await expect(readArchive(bomb, staging, listed)).rejects.toBeInstanceOf(NotABackupError);
        expect(await diskUsageOf(staging)).toBeLessThanOrEqual(
          listed.reduce((sum, part) => sum + part.bytes, 0) + 256 * 1024,
        );
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    });

    it("a manifest that says it unpacks to more than the disk has free", async () => {
      const absurd = editManifest(entries, (manifest) => {
        const parts = manifest.parts as { name: string; bytes: number }[];
        for (const part of parts) if (part.name.startsWith("media/")) part.bytes = 2 ** 52;
      });
      await expectRefused(
        await craft("absurd.tar.gz", absurd),
        /its manifest says it unpacks to [\d,.]+ MB, more than the [\d,.]+ (MB|kB|bytes) free beside DATA_DIR/,
      );
    });

    it("a backup made by a newer migration level than this code knows", async () => {
      const known = await knownMigrationLevel();
      const newer = editManifest(entries, (manifest) => {
        manifest.migrations = { applied: known.applied + 1, latest: known.latest + 1 };
      });
      await expectRefused(await craft("newer.tar.gz", newer), /made by a newer version of the shop/);
    });
  });

  describe("holds DATA_DIR from start to end", () => {
    const targetOf = (shop: Shop) => ({
      dataDir: shop.config.dataDir,
      mediaDir: shop.config.mediaDir,
      outboxDir: shop.config.outboxDir,
      storeId: testStoreId,
    });
    const now = new Date("2026-03-02T08:00:00.000Z");

    it("the restored folder carries this process's lock as soon as it has DATA_DIR's name, then lets go", async () => {
      const shop = await shopWithBackup();
      const seen: Partial<Record<SwapStep, number | undefined>> = {};
      const outcome = await restoreBackup(shop.backup.file, targetOf(shop), now, async (step) => {
        seen[step] = (await lockHolderOf(shop.config.dataDir))?.pid;
      });
      expect(outcome.kind).toBe("restored");
      expect(seen).toEqual({
        "current data moved aside": undefined,
        "restored database in place": process.pid,
        "files in place": process.pid,
      });
      // Released at the end, and no stale lock is left in the folder moved aside.
      expect(await lockHolderOf(shop.config.dataDir)).toBeUndefined();
      const aside = `${shop.config.dataDir}.before-restore-20260302T080000Z`;
      expect(await readdir(aside)).not.toContain(lockFileName);
      const reopened = await openDatabase({ kind: "pglite", dataDir: shop.config.dataDir });
      await reopened.close();
      await rm(shop.root, { recursive: true, force: true });
    });

    it("a shop started in the instant DATA_DIR is free makes the restore stop, deleting nothing", async () => {
      const shop = await shopWithBackup();
      const staged = `${shop.config.dataDir}.restore-20260302T080000Z`;
      const aside = `${shop.config.dataDir}.before-restore-20260302T080000Z`;
      const restoring = restoreBackup(shop.backup.file, targetOf(shop), now, async (step) => {
        if (step !== "current data moved aside") return;
        // What a starting store API does first: make the folder and write its lock there.
        await mkdir(shop.config.dataDir);
        await writeFile(path.join(shop.config.dataDir, lockFileName), JSON.stringify({ pid: 1, token: "starting" }));
      });
      await expect(restoring).rejects.toThrow(
        `A shop was started on DATA_DIR ${shop.config.dataDir} while the restore was putting it in place. ` +
          `Nothing was deleted: the restored database is in ${path.join(staged, "database")}, and the data it ` +
          `was to replace in ${aside}. Stop that shop, then run the restore again.`,
      );
      // Both copies are whole and openable; the starting shop's folder is untouched.
      for (const dataDir of [path.join(staged, "database"), aside]) {
        const handle = await openDatabase({ kind: "pglite", dataDir });
        try {
          expect(await rowCountsOf(pgliteOf(handle))).toEqual({ orders: 2, emails: 2 });
        } finally {
          await handle.close();
        }
      }
      expect(await readdir(shop.config.dataDir)).toEqual([lockFileName]);
      await rm(shop.root, { recursive: true, force: true });
    });
  });
});

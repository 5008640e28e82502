import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { runBackupCommand, type BackupConfig } from "../src/backup/backup-command.ts";
import { readOpsToken } from "../src/backup/ops-token.ts";
import { pruneBackups } from "../src/backup/write-backup.ts";
import { backupFileName } from "../src/backup/backup-manifest.ts";
import { orders, outbox } from "../src/db/schema.ts";
import { gradientPicture } from "../src/media/photo-fixtures.testing.ts";
import type { RepeatEvery } from "../src/plugins/backup-schedule.ts";
import { AdminClient, addOwner, adminOrigin, placeTestOrder } from "./admin-helpers.ts";
import { databaseKinds, snapshot, startApi, testStoreId, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();

/** A shop's folders as the defaults lay them out: data/ (with media/ and outbox/ inside) and backups/ beside. */
async function shopFolders() {
  const root = await mkdtemp(path.join(tmpdir(), "herbo-backup-"));
  const dataDir = path.join(root, "data");
  return { root, dataDir, outboxDir: path.join(dataDir, "outbox"), backupDir: path.join(root, "backups") };
}

function configOf(folders: Awaited<ReturnType<typeof shopFolders>>, port = 0): BackupConfig {
  return {
    databaseUrl: undefined,
    dataDir: folders.dataDir,
    storeId: testStoreId,
    mediaDir: path.join(folders.dataDir, "media"),
    mediaBucket: undefined,
    outboxDir: folders.outboxDir,
    port,
    host: "127.0.0.1",
    backup: { dir: folders.backupDir, everyMs: 0, keep: 7 },
  };
}

/** What the command printed, and its exit code. */
async function command(name: "backup" | "restore", args: string[], config: BackupConfig) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await runBackupCommand(name, args, config, {
    print: (line) => out.push(line),
    printError: (line) => errors.push(line),
    now: () => new Date("2026-03-02T08:00:00.000Z"),
  });
  return { code, out: out.join("\n"), errors: errors.join("\n") };
}

async function uploadPhoto(api: RunningApi): Promise<void> {
  const owner = await AdminClient.signIn(api);
  const response = await fetch(`${api.baseUrl}/admin/api/products/prod_travel_tin/photos`, {
    method: "POST",
    headers: { cookie: owner.cookie, origin: adminOrigin, "content-type": "image/jpeg" },
    body: Buffer.from(await gradientPicture("jpeg", 800, 600)),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** Everything a restore must bring back: orders, outbox emails, stock, photo and sent-mail files. */
async function shopState(api: RunningApi, outboxDir: string) {
  const orderRows = await api.db
    .select({ number: orders.number, total: orders.totalAmount, status: orders.paymentStatus })
    .from(orders)
    .orderBy(asc(orders.number));
  const emails = await api.db
    .select({ id: outbox.id, kind: outbox.kind, status: outbox.status })
    .from(outbox)
    .orderBy(asc(outbox.id));
  const stock = (await snapshot(api.db)).stock;
  const photos = await filesWithBytes(api.mediaDir);
  const sentMail = await filesWithBytes(outboxDir);
  return { orderRows, emails, stock, photos, sentMail };
}

async function filesWithBytes(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder).catch(() => [])).sort();
  const entries = await Promise.all(
    names.map(async (name) => [name, (await readFile(path.join(folder, name))).toString("base64")] as const),
  );
  return Object.fromEntries(entries);
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// Each test makes PGlite folders (initdb, migrations): slow on a busy machine, never timed.
describe("backups of the embedded database", { timeout: 240_000 }, () => {
  it("bring back every order, email, stock level and photo after the data folder is wiped", async () => {
    const folders = await shopFolders();
    cleanups.push(() => rm(folders.root, { recursive: true, force: true }));
    const api = await startApi("pglite", { dataDir: folders.dataDir, shopEmail: "owner@shop.test", backups: folders });
    let closed = false;
    cleanups.push(() => (closed ? Promise.resolve() : api.close()));
    await addOwner(api);
    await uploadPhoto(api);
    await placeTestOrder(api);
    await placeTestOrder(api, { items: [{ variant_id: "var_resin_10g", quantity: 2 }] });
    await placeTestOrder(api, { method: "cod" });
    await mkdir(folders.outboxDir, { recursive: true });
    await writeFile(
      path.join(folders.outboxDir, "20260301T100000Z-msg_a.eml"),
      "Subject: sent before\r\n\r\nHello\r\n",
    );
    const before = await shopState(api, folders.outboxDir);
    expect(before.orderRows).toHaveLength(3);
    expect(before.emails.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(before.photos).length).toBeGreaterThan(0);

    // While the shop runs, the command asks it (PGlite is one process per folder).
    const written = await command("backup", [], configOf(folders, Number(new URL(api.baseUrl).port)));
    expect(written.errors).toBe("");
    expect(written.code).toBe(0);
    const file = /Backup written: (\S+) \(/.exec(written.out)?.[1] ?? "";
    expect(path.dirname(file)).toBe(folders.backupDir);
    expect(path.basename(file)).toMatch(/^backup-\d{8}T\d{6}\.\d{3}Z-manual\.tar\.gz$/);
    expect(written.out).toContain("3 orders");

    await api.close();
    closed = true;
    await rm(folders.dataDir, { recursive: true, force: true });

    const restored = await command("restore", [file], configOf(folders));
    expect(restored.errors).toBe("");
    expect(restored.code).toBe(0);
    // One photo uploaded, kept as several files (its widths and its social card): counted as one photo.
    const photoFiles = Object.keys(before.photos).length;
    expect(photoFiles).toBeGreaterThan(1);
    expect(restored.out).toContain(`3 orders, ${before.emails.length} emails, 1 photo (${photoFiles} files)`);
    expect(restored.out).not.toContain("moved to");

    const reopened = await startApi("pglite", { dataDir: folders.dataDir });
    cleanups.push(() => reopened.close());
    expect(await shopState(reopened, folders.outboxDir)).toEqual(before);
    // The ops token and the lock are the running shop's, never a backup's.
    expect(await readOpsToken(folders.dataDir)).toBeUndefined();
  });

  it("writes one itself when the shop is stopped, and a restore over it moves the current data aside", async () => {
    const folders = await shopFolders();
    cleanups.push(() => rm(folders.root, { recursive: true, force: true }));
    const api = await startApi("pglite", { dataDir: folders.dataDir });
    await placeTestOrder(api);
    await api.close();

    const written = await command("backup", [], configOf(folders));
    expect(written.errors).toBe("");
    expect(written.out).toContain("1 orders");
    const file = /Backup written: (\S+) \(/.exec(written.out)?.[1] ?? "";

    const later = await startApi("pglite", { dataDir: folders.dataDir });
    await placeTestOrder(later);
    await later.close();
    const restored = await command("restore", [file], configOf(folders));
    expect(restored.code).toBe(0);
    const aside = `${folders.dataDir}.before-restore-20260302T080000Z`;
    expect(restored.out).toContain(`moved to ${aside}`);
    expect(await readdir(aside)).toContain("PG_VERSION");

    const reopened = await startApi("pglite", { dataDir: folders.dataDir });
    cleanups.push(() => reopened.close());
    expect((await snapshot(reopened.db)).orders).toBe(1);
  });

  it("refuses with DATABASE_URL, pointing to pg_dump and pg_restore and MEDIA_DIR", async () => {
    const folders = await shopFolders();
    const config = { ...configOf(folders), databaseUrl: "postgres://shop@db/shop" };
    for (const [name, args] of [
      ["backup", []],
      ["restore", ["x.tar.gz"]],
    ] as const) {
      const outcome = await command(name, [...args], config);
      expect(outcome.code).toBe(1);
      expect(outcome.errors).toContain('pg_dump -Fc "$DATABASE_URL" -f shop.dump');
      expect(outcome.errors).toContain('pg_restore --clean --if-exists -d "$DATABASE_URL" shop.dump');
      expect(outcome.errors).toContain("MEDIA_DIR");
    }
  });

  it("answers POST /ops/backup only with the token of DATA_DIR", async () => {
    const folders = await shopFolders();
    cleanups.push(() => rm(folders.root, { recursive: true, force: true }));
    const api = await startApi("pglite", { dataDir: folders.dataDir, backups: folders });
    cleanups.push(() => api.close());
    const token = (await readOpsToken(folders.dataDir)) ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const post = (authorization?: string) =>
      fetch(`${api.baseUrl}/ops/backup`, {
        method: "POST",
        headers: authorization === undefined ? {} : { authorization },
      });
    for (const wrong of [
      undefined,
      `Bearer ${token.slice(0, -1)}x`,
      token,
      `Basic ${token}`,
      `Bearer ${token}${token}`,
    ]) {
      const response = await post(wrong);
      expect(response.status, String(wrong)).toBe(401);
    }
    expect(await readdir(folders.backupDir).catch(() => [])).toEqual([]);
    const response = await post(`Bearer ${token}`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { file: string; bytes: number };
    expect(await readdir(folders.backupDir)).toEqual([path.basename(answer.file)]);
    expect(answer.bytes).toBeGreaterThan(1000);
  });

  it("writes a backup on the schedule, first after one interval, and keeps BACKUP_KEEP of them", async () => {
    const folders = await shopFolders();
    cleanups.push(() => rm(folders.root, { recursive: true, force: true }));
    const timer: { run?: () => Promise<void>; intervalMs?: number; stopped: boolean } = { stopped: false };
    const every: RepeatEvery = (run, intervalMs) => {
      Object.assign(timer, { run, intervalMs });
      return () => {
        timer.stopped = true;
      };
    };
    const api = await startApi("pglite", {
      dataDir: folders.dataDir,
      backups: { ...folders, keep: 2, intervalMs: 24 * 3_600_000, every },
    });
    expect(timer.intervalMs).toBe(24 * 3_600_000);
    expect(await readdir(folders.backupDir).catch(() => [])).toEqual([]);
    const foreign = path.join(folders.backupDir, "notes.txt");
    await mkdir(folders.backupDir, { recursive: true });
    await writeFile(foreign, "the owner's own file");
    const fired: string[] = [];
    for (let day = 0; day < 3; day += 1) {
      api.clock.advance(24 * 3_600_000);
      fired.push(backupFileName(api.clock.now(), "scheduled"));
      await timer.run?.();
    }
    expect((await readdir(folders.backupDir)).sort()).toEqual([...fired.slice(1), "notes.txt"].sort());
    await api.close();
    expect(timer.stopped).toBe(true);
  });

  it("logs a failed scheduled backup and goes on serving", async () => {
    const folders = await shopFolders();
    cleanups.push(() => rm(folders.root, { recursive: true, force: true }));
    // A file where the backup folder should be: every backup fails.
    await mkdir(folders.root, { recursive: true });
    await writeFile(folders.backupDir, "not a folder");
    const lines: { level: number; msg: string }[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) };
    let run: (() => Promise<void>) | undefined;
    const api = await startApi("pglite", {
      dataDir: folders.dataDir,
      backups: { ...folders, intervalMs: 3_600_000, every: (scheduled) => ((run = scheduled), () => undefined) },
      logger: { level: "info", stream },
    });
    cleanups.push(() => api.close());
    await run?.();
    expect(lines.some((line) => line.level === 50 && line.msg.startsWith("scheduled backup failed"))).toBe(true);
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  });

  it("deletes only scheduled backups beyond the newest N, never another file", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "herbo-prune-"));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const scheduled = [1, 2, 3, 4].map((day) => backupFileName(new Date(Date.UTC(2026, 2, day)), "scheduled"));
    const others = [backupFileName(new Date(Date.UTC(2026, 1, 1)), "manual"), "notes.txt", `${scheduled[0]}.copy`];
    for (const name of [...scheduled, ...others]) await writeFile(path.join(folder, name), name);
    expect(await pruneBackups(folder, 2, new Date())).toEqual(scheduled.slice(0, 2));
    expect((await readdir(folder)).sort()).toEqual([...scheduled.slice(2), ...others].sort());
  });

  it("deletes the unfinished file a crash left a day ago, not one being written now", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "herbo-prune-"));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const now = new Date();
    const leftover = `.${backupFileName(new Date(Date.UTC(2026, 2, 1)), "scheduled")}.0123456789ab.partial`;
    const underWay = `.${backupFileName(now, "manual")}.ba9876543210.partial`;
    for (const name of [leftover, underWay]) await writeFile(path.join(folder, name), "half a backup");
    const twoDaysAgo = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000);
    await utimes(path.join(folder, leftover), twoDaysAgo, twoDaysAgo);
    expect(await pruneBackups(folder, 7, now)).toEqual([leftover]);
    expect(await readdir(folder)).toEqual([underWay]);
  });
});

describe.each(kinds.filter((kind) => kind === "postgres"))("POST /ops/backup on %s", (kind) => {
  it("does not exist: backups are pg_dump's job", async () => {
    const api = await startApi(kind);
    cleanups.push(() => api.close());
    const response = await fetch(`${api.baseUrl}/ops/backup`, {
      method: "POST",
      headers: { authorization: "Bearer anything" },
    });
    expect(response.status).toBe(404);
  });
});

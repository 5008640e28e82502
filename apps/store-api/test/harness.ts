import { postgresChangeFeed, type ChangeFeedLog, type ChangeKind } from "../src/db/change-feed.ts";
import { receiptKeyOf } from "../src/orders/receipt.ts";
import { randomBytes } from "node:crypto";
import { get, type IncomingHttpHeaders } from "node:http";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import pg from "pg";
import { buildApp, type AppOptions } from "../src/app.ts";
import type { TrustProxy as StoreApiConfigTrust } from "../src/trust-proxy.ts";
import { readSeedCatalog, seedIfEmpty, seedMarkets, seedShippingRates, type SeedCatalog } from "../src/catalog/seed.ts";
import { openDatabase, type Database, type DatabaseHandle } from "../src/db/connection.ts";
import type { PaymentSettings } from "../src/payments/payment-settings.ts";
import type { MediaBucketSettings } from "../src/media/bucket-media-store.ts";
import { createOpsToken } from "../src/backup/ops-token.ts";
import { backupService } from "../src/backup/write-backup.ts";
import type { RepeatEvery } from "../src/plugins/backup-schedule.ts";
import { copyMigratedPgliteFolder, migratedPgliteDump, postgresTemplateName } from "./database-templates.ts";

export type DatabaseKind = "pglite" | "postgres";

/** The server the PostgreSQL half runs against; each test database is created on it and dropped after. */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";

async function canReachPostgres(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The database kinds this run covers. PostgreSQL is skipped, with the reason printed, only outside CI;
 * in CI an unreachable server fails the run instead of silently testing less.
 */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  const problem = await canReachPostgres();
  if (problem === undefined) return ["pglite", "postgres"];
  if (process.env.CI === "true") throw new Error(`PostgreSQL at ${postgresAdminUrl} is unreachable in CI: ${problem}`);
  console.warn(`Skipping the PostgreSQL half: no server reachable at ${postgresAdminUrl} (${problem}).`);
  return ["pglite"];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  db: Database;
  /** The connection string, for a PostgreSQL database. */
  url: string | undefined;
  drop(): Promise<void>;
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch {
    return true;
  }
}

/** A fresh, migrated, empty database of the given kind. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { poolSize?: number; migrate?: boolean; dataDir?: string } = {},
): Promise<TestDatabase> {
  // A migrated database starts as a copy of the run's migrated template (test/database-templates.ts);
  // migrate() then finds nothing to do, but still proves the copy is up to date.
  const fromTemplate = options.migrate !== false;
  if (kind === "pglite") {
    // A folder that already holds a database (a shop reopened after a restart or a restore) opens as it is.
    const loadTemplate = fromTemplate && (options.dataDir === undefined || (await isEmptyFolder(options.dataDir)));
    const handle = await openDatabase({
      kind: "pglite",
      dataDir: options.dataDir,
      ...(loadTemplate ? { loadDataDir: await migratedPgliteDump() } : {}),
    });
    if (fromTemplate) await handle.migrate();
    return { handle, db: handle.db, url: undefined, drop: () => handle.close() };
  }
  const name = `herbo_test_${randomBytes(6).toString("hex")}`;
  const template = fromTemplate ? postgresTemplateName() : undefined;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(
    template === undefined ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`,
  );
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: options.poolSize ?? 20 });
  if (fromTemplate) await handle.migrate();
  return {
    handle,
    db: handle.db,
    url: url.toString(),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh database for a store API run as its own process (crash and stop tests). */
export interface ServerDatabase {
  /** The settings that point the process at it. */
  environment: Record<string, string>;
  /** Opens it from the test, between and after the process's runs. */
  reopen: () => Promise<DatabaseHandle>;
  /** Drops it (PostgreSQL); a PGlite folder stays in the temporary folder, as the process's logs refer to it. */
  drop: () => Promise<unknown>;
}

export async function serverDatabase(kind: DatabaseKind, folderPrefix: string): Promise<ServerDatabase> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(path.join(tmpdir(), folderPrefix));
    // Spares the process initdb and the migrations on its first start; it still migrates (nothing to do) and seeds.
    await copyMigratedPgliteFolder(dataDir);
    return {
      environment: { DATA_DIR: dataDir, DATABASE_URL: "" },
      reopen: () => openDatabase({ kind: "pglite", dataDir }),
      drop: async () => undefined,
    };
  }
  const test = await createTestDatabase("postgres");
  await test.handle.close();
  const url = test.url;
  if (url === undefined) throw new Error("No connection string");
  return {
    environment: { DATABASE_URL: url },
    reopen: () => openDatabase({ kind: "postgres", url }),
    drop: () => test.drop().catch(() => undefined),
  };
}

/** A clock tests can move forward. */
export class TestClock {
  private current: number;
  constructor(start = Date.parse("2026-03-01T10:00:00.000Z")) {
    this.current = start;
  }
  now = (): Date => new Date(this.current);
  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}

export const testStoreId = "test-store";
/** The seller the test shop's invoices name (SELLER_NAME, SELLER_ADDRESS). */
export const testSeller = { name: "Herbo Shilajit Pvt. Ltd.", address: ["Thamel Marg 12", "Kathmandu 44600", "Nepal"] };
export const shopOrigin = "http://shop.test";

/** The success URL's receipt key for an order (src/orders/receipt.ts); fails the test when there is no order. */
export function receiptFor(order: { number: string; accessToken: string } | undefined): string {
  if (order === undefined) throw new Error("No order to make a receipt for");
  return receiptKeyOf(order);
}

export interface RunningApi {
  app: FastifyInstance;
  baseUrl: string;
  storeUrl: string;
  db: Database;
  clock: TestClock;
  kind: DatabaseKind;
  /** The app's media folder (uploaded photos), a fresh temporary one removed by `close`. */
  mediaDir: string;
  /** Starts another app over the same database (closed by the caller, before `close`). */
  startCopy(): Promise<{ baseUrl: string; storeUrl: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** Starts the real app on a random port, over a freshly seeded database. */
export async function startApi(
  kind: DatabaseKind,
  options: {
    catalog?: SeedCatalog;
    reservationMs?: number;
    catalogCacheMs?: number;
    sweepIntervalMs?: number;
    checkoutRateLimit?: number;
    /** Default: no hold before details beyond reservationMs, and no per-address limit (all tests share one). */
    holdMs?: number;
    maxUnitsPerAddress?: number;
    /** Cash on delivery before the shop's call; default: no limits, and 48 hours to confirm. */
    cashOnDelivery?: { openLimit: number; maxTotal: number; confirmWithinMs: number };
    /** Payment attempts per checkout in 15 minutes; default 0 (off), since tests pay far faster than people. */
    paymentAttemptLimit?: number;
    trustProxy?: StoreApiConfigTrust;
    shopEmail?: string;
    paymentMethods?: string[];
    /** The back office's options; its scrypt cost defaults to a cheap one (test/admin-helpers.ts). */
    admin?: AppOptions["admin"];
    paymentSettings?: PaymentSettings;
    /** Photos in this bucket instead of the temporary media folder (which then stays empty). */
    mediaBucket?: MediaBucketSettings;
    logger?: FastifyServerOptions["logger"];
    /** Serves GET /metrics to this bearer token; default: no /metrics. */
    metricsToken?: string;
    /** The storefront's contact number (CHAT_PHONE's digits); default: not told, so the overview warns of nothing. */
    chatPhone?: string;
    /** PGlite in this folder (photos in its media/ folder, kept by `close`) instead of in memory. */
    dataDir?: string;
    /** Backups (PGlite in dataDir only): the schedule's timer and interval, and where they go. */
    backups?: { backupDir: string; outboxDir: string; keep?: number; intervalMs?: number; every?: RepeatEvery };
    /** An existing database to serve (a shop moved into it) instead of a fresh one; `close` drops it. */
    database?: TestDatabase;
    /** PostgreSQL only: this API and its copies tell each other of changes (db/change-feed.ts), as in production. */
    changeFeed?: boolean;
  } = {},
): Promise<RunningApi> {
  const database =
    options.database ??
    (await createTestDatabase(kind, options.dataDir === undefined ? {} : { dataDir: options.dataDir }));
  const catalog = options.catalog ?? (await readSeedCatalog());
  await seedIfEmpty(database.db, catalog);
  await seedMarkets(database.db, catalog);
  await seedShippingRates(database.db);
  const clock = new TestClock();
  const mediaDir =
    options.dataDir === undefined
      ? await mkdtemp(path.join(tmpdir(), "herbo-media-"))
      : path.join(options.dataDir, "media");
  const config = {
    mediaDir,
    publicUrl: "http://api.test",
    storeId: testStoreId,
    allowedOrigins: [shopOrigin],
    reservationMs: options.reservationMs ?? 30 * 60_000,
    // Long enough that only invalidation can explain a fresh answer.
    catalogCacheMs: options.catalogCacheMs ?? 60_000,
    checkoutRateLimit: options.checkoutRateLimit ?? 0,
    ...(options.holdMs === undefined ? {} : { holdMs: options.holdMs }),
    maxUnitsPerAddress: options.maxUnitsPerAddress ?? 0,
    cashOnDelivery: options.cashOnDelivery ?? { openLimit: 0, maxTotal: 0, confirmWithinMs: 48 * 3_600_000 },
    paymentAttemptLimit: options.paymentAttemptLimit ?? 0,
    trustProxy: options.trustProxy ?? false,
    shopName: "Herbo Shilajit",
    seller: testSeller,
    siteUrl: shopOrigin,
    shopEmail: options.shopEmail,
    ...(options.paymentMethods === undefined ? {} : { paymentMethods: options.paymentMethods }),
    ...(options.paymentSettings === undefined ? {} : { paymentSettings: options.paymentSettings }),
    ...(options.mediaBucket === undefined ? {} : { mediaBucket: options.mediaBucket }),
    ...(options.metricsToken === undefined ? {} : { metricsToken: options.metricsToken }),
    ...(options.chatPhone === undefined ? {} : { chatPhone: options.chatPhone }),
  };
  const feedUrl = options.changeFeed === true ? database.url : undefined;
  const changeFeed =
    feedUrl === undefined
      ? {}
      : {
          changeFeed: (onChange: (kind: ChangeKind) => void, log: ChangeFeedLog) =>
            postgresChangeFeed(feedUrl, onChange, log),
        };
  const app = await buildApp({
    config,
    db: database.db,
    now: clock.now,
    ...changeFeed,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    admin: { passwordParameters: { logN: 10, r: 8, p: 1 }, ...options.admin },
    ...(options.backups === undefined ? {} : { backups: await testBackups(database, options, mediaDir, clock) }),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("The test server has no port");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    baseUrl,
    storeUrl: `${baseUrl}/store/${testStoreId}`,
    db: database.db,
    clock,
    kind,
    mediaDir,
    async startCopy() {
      // A second API copy over the same database, as two machines behind a load balancer would run.
      const copy = await buildApp({
        config,
        db: database.db,
        now: clock.now,
        ...changeFeed,
        admin: { passwordParameters: { logN: 10, r: 8, p: 1 } },
      });
      await copy.listen({ port: 0, host: "127.0.0.1" });
      const copyAddress = copy.server.address();
      if (copyAddress === null || typeof copyAddress === "string") throw new Error("The copy has no port");
      const copyUrl = `http://127.0.0.1:${copyAddress.port}`;
      return { baseUrl: copyUrl, storeUrl: `${copyUrl}/store/${testStoreId}`, close: () => copy.close() };
    },
    async close() {
      await app.close();
      await database.drop();
      if (options.dataDir === undefined) await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The backups of an app over PGlite in a folder, as the server sets them up, on the test's clock. */
async function testBackups(
  database: TestDatabase,
  options: {
    dataDir?: string;
    backups?: { backupDir: string; outboxDir: string; keep?: number; intervalMs?: number; every?: RepeatEvery };
  },
  mediaDir: string,
  clock: TestClock,
): Promise<NonNullable<AppOptions["backups"]>> {
  const { dataDir, backups } = options;
  const client = database.handle.pglite;
  if (dataDir === undefined || backups === undefined || client === undefined) {
    throw new Error("Backups need PGlite in a data folder (startApi's dataDir)");
  }
  const sources = {
    client,
    storeId: testStoreId,
    mediaDir,
    outboxDir: backups.outboxDir,
    backupDir: backups.backupDir,
  };
  return {
    service: backupService(sources, backups.keep ?? 7, clock.now),
    opsToken: await createOpsToken(dataDir),
    intervalMs: backups.intervalMs ?? 0,
    ...(backups.every === undefined ? {} : { every: backups.every }),
  };
}

export async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** A GET whose body is left as sent (fetch would unpack it), with the Accept-Encoding given. */
export function rawGet(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The preflight a browser on this origin sends before it posts JSON to this URL. */
export function corsPreflight(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  });
}

/** The currency of the market each delivery country belongs to. */
export const currencyOfCountry: Readonly<Record<string, string>> = {
  NP: "NPR",
  US: "USD",
  IN: "INR",
  GB: "GBP",
  CA: "CAD",
  AE: "AED",
};

/** A checkout request; without a currency, the default market's (NPR), as Nepal's storefront pages send it. */
export function checkoutBody(items: { variant_id: string; quantity: number }[], currency?: string) {
  return {
    items,
    successUrl: `${shopOrigin}/success`,
    cancelUrl: `${shopOrigin}/store`,
    timeZone: "Asia/Kathmandu",
    ...(currency === undefined ? {} : { currency }),
  };
}

/** The session id inside a checkout URL returned by the API. */
export function sessionIdOf(url: string): string {
  const id = new URL(url).pathname.split("/").pop();
  if (id === undefined || id === "") throw new Error(`No session id in ${url}`);
  return id;
}

/** A delivery address in Kathmandu, as the hosted checkout's details form sends it. */
export const kathmanduDetails: Record<string, string> = {
  email: "asha.gurung@example.com",
  fullName: "Asha Gurung",
  phone: "9812345678",
  country: "NP",
  line1: "Thamel Marg 12",
  city: "Kathmandu",
  region: "P3",
  district: "Kathmandu",
  postalCode: "44600",
};

/** Sends the details form of a session; 303 to the payment step when they pass. */
export async function enterDetails(
  baseUrl: string,
  sessionId: string,
  details: Record<string, string> = kathmanduDetails,
): Promise<Response> {
  return fetch(`${baseUrl}/checkout/${sessionId}/details`, {
    method: "POST",
    body: new URLSearchParams({ ...details, action: "continue" }),
    redirect: "manual",
  });
}

/** Sends a payment form of a session's payment step, for the given provider. */
export async function postPayment(
  baseUrl: string,
  sessionId: string,
  provider: string,
  form: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}/checkout/${sessionId}/pay/${provider}`, {
    method: "POST",
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

/** Enters the Kathmandu details (unless `details` is false) and pays by sandbox card. */
export async function payForm(
  baseUrl: string,
  sessionId: string,
  card: { number: string; expiry?: string; cvc?: string; name?: string },
  details: Record<string, string> | false = kathmanduDetails,
): Promise<Response> {
  if (details !== false) await enterDetails(baseUrl, sessionId, details);
  return postPayment(baseUrl, sessionId, "sandbox", {
    name: card.name ?? "Test Shopper",
    number: card.number,
    expiry: card.expiry ?? "12/30",
    cvc: card.cvc ?? "123",
  });
}

/**
 * Pays a checkout whose details are in with the sandbox's test card, and returns the order it placed (the
 * payment must answer with its redirect to the shop's success page).
 */
export async function payByTestCard(api: RunningApi, sessionId: string) {
  const { orders } = await import("../src/db/schema.ts");
  const { eq } = await import("drizzle-orm");
  const paid = await payForm(api.baseUrl, sessionId, { number: "4242424242424242" }, false);
  if (paid.status !== 303) throw new Error(`Paying ${sessionId} answered ${paid.status}, not 303`);
  const number = new URL(paid.headers.get("location") ?? "", shopOrigin).searchParams.get("order") ?? "";
  const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
  if (order === undefined) throw new Error(`No order ${number}`);
  return order;
}

export interface DatabaseSnapshot {
  stock: Record<string, { onHand: number; reserved: number }>;
  sessions: number;
  lines: number;
  orders: number;
}

/** Everything a request could change: stock per variant and the row counts of sessions, lines and orders. */
export async function snapshot(db: Database): Promise<DatabaseSnapshot> {
  const { variants, checkoutSessions, checkoutLines, orders } = await import("../src/db/schema.ts");
  const { count } = await import("drizzle-orm");
  const rows = await db
    .select({ id: variants.id, onHand: variants.stockOnHand, reserved: variants.stockReserved })
    .from(variants);
  const [sessions] = await db.select({ total: count() }).from(checkoutSessions);
  const [lines] = await db.select({ total: count() }).from(checkoutLines);
  const [orderCount] = await db.select({ total: count() }).from(orders);
  return {
    stock: Object.fromEntries(rows.map((row) => [row.id, { onHand: row.onHand, reserved: row.reserved }])),
    sessions: sessions?.total ?? 0,
    lines: lines?.total ?? 0,
    orders: orderCount?.total ?? 0,
  };
}

/** A valid delivery address of each country the shop serves, as its form sends it. */
export const shopperDetails: Record<"NP" | "US" | "IN" | "GB" | "CA" | "AE", Record<string, string>> = {
  NP: kathmanduDetails,
  US: {
    email: "jordan@example.com",
    fullName: "Jordan Lee",
    phone: "(415) 555-2671",
    country: "US",
    line1: "1 Market Street",
    city: "San Francisco",
    region: "CA",
    postalCode: "94105",
  },
  IN: {
    email: "priya@example.in",
    fullName: "Priya Sharma",
    phone: "98765 43210",
    country: "IN",
    line1: "12 MG Road",
    city: "Bengaluru",
    region: "KA",
    postalCode: "560001",
  },
  GB: {
    email: "oliver@example.co.uk",
    fullName: "Oliver Smith",
    phone: "07400 123456",
    country: "GB",
    line1: "10 Downing Street",
    city: "London",
    postalCode: "sw1a2aa",
  },
  CA: {
    email: "emma@example.ca",
    fullName: "Emma Tremblay",
    phone: "(613) 555-0199",
    country: "CA",
    line1: "24 Sussex Drive",
    city: "Ottawa",
    region: "ON",
    postalCode: "k1m1m4",
  },
  AE: {
    email: "omar@example.ae",
    fullName: "Omar Al Farsi",
    phone: "050 123 4567",
    country: "AE",
    line1: "Sheikh Zayed Road, Tower 3, Apt 1204",
    city: "Dubai",
    region: "DU",
  },
};

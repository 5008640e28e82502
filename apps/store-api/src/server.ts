import { buildApp } from "./app.ts";
import { readSeedCatalog, seedIfEmpty, seedMarkets, seedShippingRates } from "./catalog/seed.ts";
import { loadConfig, sellerWarning, sharedMediaWarning } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { postgresChangeFeed, type ChangeFeedLog, type ChangeKind } from "./db/change-feed.ts";
import { ensureFirstOwner } from "./admin/owners.ts";
import { closeGracefully } from "./shutdown.ts";
import { trustProxyWarning } from "./trust-proxy.ts";
import { createOpsToken, removeOpsToken } from "./backup/ops-token.ts";
import { backupService } from "./backup/write-backup.ts";
import type { AppOptions } from "./app.ts";
import type { StoreApiConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/connection.ts";

const sweepIntervalMs = 30_000;
const reconcileIntervalMs = 60_000;
/** Past the request grace period, how long closing jobs and the database may take before the process gives up. */
const closeDatabaseMs = 4_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl === undefined
      ? { kind: "pglite", dataDir: config.dataDir }
      : { kind: "postgres", url: config.databaseUrl },
  );
  await handle.migrate();
  const catalog = await readSeedCatalog();
  const seeded = await seedIfEmpty(handle.db, catalog);
  const marketsAdded = await seedMarkets(handle.db, catalog);
  await seedShippingRates(handle.db);
  const firstOwner = await ensureFirstOwner(handle.db, config.firstOwner, { now: new Date() });
  const backups = await backupsOf(config, handle);
  const databaseUrl = config.databaseUrl;
  const app = await buildApp({
    ...(backups === undefined ? {} : { backups }),
    // Several copies share a PostgreSQL database: each hears the others' changes.
    ...(databaseUrl === undefined
      ? {}
      : {
          changeFeed: (onChange: (kind: ChangeKind) => void, log: ChangeFeedLog) =>
            postgresChangeFeed(databaseUrl, onChange, log),
        }),
    config,
    db: handle.db,
    logger: { level: config.logLevel },
    sweepIntervalMs,
    reconcileIntervalMs,
    outbox: { config },
  });
  app.log.info(
    {
      database: handle.kind,
      location: handle.kind === "pglite" ? config.dataDir : "DATABASE_URL",
      seeded,
      ...(marketsAdded.length === 0 ? {} : { marketsAdded }),
    },
    "database ready",
  );
  if (firstOwner === "created") {
    app.log.info({ email: config.firstOwner.email }, "back-office owner created from ADMIN_EMAIL");
  } else if (firstOwner === "not_configured") {
    app.log.info("no ADMIN_EMAIL/ADMIN_PASSWORD: add an owner with `npm run admin -- create-owner --email …`");
  }
  logBackupPlan(app.log, config, backups);
  const proxyWarning = trustProxyWarning(config.trustProxy, config.host);
  if (proxyWarning !== undefined) app.log.warn(proxyWarning);
  const noSellerAddress = sellerWarning(config.seller);
  if (noSellerAddress !== undefined) app.log.warn(noSellerAddress);
  const unsharedMedia = sharedMediaWarning(config);
  if (unsharedMedia !== undefined) app.log.warn(unsharedMedia);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    // Stops accepting, lets requests in flight finish (bounded), stops the jobs and the outbox worker,
    // which gives back its claims; then the database flushes and closes.
    const { forcedConnections } = await closeGracefully(app);
    const giveUp = setTimeout(() => {
      app.log.error("the database did not close in time; exiting without it");
      process.exit(1);
    }, closeDatabaseMs);
    if (backups !== undefined) await removeOpsToken(config.dataDir, backups.opsToken).catch(() => undefined);
    await handle.close();
    clearTimeout(giveUp);
    app.log.info({ forcedConnections }, "stopped");
    process.exit(0);
  };
  const failed = (error: unknown) => {
    app.log.error({ err: error }, "shutting down failed");
    process.exit(1);
  };
  process.on("SIGTERM", () => void stop("SIGTERM").catch(failed));
  process.on("SIGINT", () => void stop("SIGINT").catch(failed));

  await app.listen({ port: config.port, host: config.host });
}

/** With PGlite: backups on BACKUP_EVERY_HOURS, and the token `npm run admin -- backup` asks with. */
async function backupsOf(config: StoreApiConfig, handle: DatabaseHandle): Promise<AppOptions["backups"]> {
  if (handle.pglite === undefined) return undefined;
  const service = backupService(
    {
      client: handle.pglite,
      storeId: config.storeId,
      mediaDir: config.mediaBucket === undefined ? config.mediaDir : undefined,
      outboxDir: config.outboxDir,
      backupDir: config.backup.dir,
    },
    config.backup.keep,
    () => new Date(),
  );
  return { service, opsToken: await createOpsToken(config.dataDir), intervalMs: config.backup.everyMs };
}

function logBackupPlan(
  log: { info(object: object, message: string): void; info(message: string): void },
  config: StoreApiConfig,
  backups: AppOptions["backups"],
): void {
  if (backups === undefined) {
    log.info(
      "backups: with DATABASE_URL they are pg_dump's job (see docs/operations.md#backups); copy MEDIA_DIR with them",
    );
  } else if (backups.intervalMs > 0) {
    log.info(
      { folder: config.backup.dir, everyHours: backups.intervalMs / 3_600_000, keep: config.backup.keep },
      "backups scheduled",
    );
  } else {
    log.info(
      { folder: config.backup.dir },
      "scheduled backups off (BACKUP_EVERY_HOURS=0); `npm run admin -- backup` writes one",
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { buildApp } from "./app.ts";
import { readSeedCatalog, seedIfEmpty, seedMarkets, seedShippingRates } from "./catalog/seed.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { ensureFirstOwner } from "./admin/owners.ts";
import { closeGracefully } from "./shutdown.ts";
import { trustProxyWarning } from "./trust-proxy.ts";

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
  const app = await buildApp({
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
  const proxyWarning = trustProxyWarning(config.trustProxy, config.host);
  if (proxyWarning !== undefined) app.log.warn(proxyWarning);

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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `node bench/backup.mjs` (or `npm run bench -- --backup-only`): how long a backup and a restore of the
// embedded database take for a shop with 10,000 orders. Makes a fresh PGlite folder, migrates and
// seeds it, adds the orders in bulk SQL (two lines, two outbox emails and three history rows each, plus one
// sent-mail file per order and a few photo files), then times `backup` and `restore` as the admin command
// runs them, and prints the backup's size and both times. BENCH_BACKUP_ORDERS changes the number of orders.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { apiBuildIsCurrent, apiFolder, run } from "../scripts/lib.mjs";

const orderCount = Number(process.env.BENCH_BACKUP_ORDERS ?? 10_000);

if (!apiBuildIsCurrent())
  await run("npm", ["run", "build", "-w", "apps/store-api"], { stdio: ["ignore", "inherit", "inherit"] });
const load = (module) => import(pathToFileURL(path.join(apiFolder, "dist", "src", module)).href);
const { openDatabase } = await load("db/connection.js");
const { readSeedCatalog, seedIfEmpty, seedMarkets, seedShippingRates } = await load("catalog/seed.js");
const { writeBackup } = await load("backup/write-backup.js");
const { restoreBackup } = await load("backup/restore-backup.js");
const { formatBytes } = await load("backup/backup-command.js");

function log(message) {
  console.log(`[bench:backup] ${message}`);
}

/** Sessions, orders, lines, outbox emails and history rows, each kind in one INSERT … SELECT. */
const bulkInserts = (count) => [
  `INSERT INTO checkout_sessions (id, status, success_url, cancel_url, currency_code, total_amount, created_at, expires_at, completed_at, customer, shipping_amount)
   SELECT 'cs_bench_' || n, 'paid', 'https://shop.example/success', 'https://shop.example/store', 'NPR', 385000,
          now() - (n || ' minutes')::interval, now(), now() - (n || ' minutes')::interval,
          jsonb_build_object('email', 'shopper' || n || '@example.com', 'fullName', 'Shopper ' || n, 'phone', '98' || lpad(n::text, 8, '0'),
            'address', jsonb_build_object('country', 'NP', 'line1', 'Thamel Marg ' || n, 'city', 'Kathmandu', 'region', 'P3', 'district', 'Kathmandu', 'postalCode', '44600')),
          10000
     FROM generate_series(1, ${count}) AS n`,
  `INSERT INTO orders (id, number, access_token, session_id, created_at, customer, currency_code, subtotal_amount, shipping_amount, total_amount, payment_method, payment_provider, payment_status, card_last4, paid_at)
   SELECT 'ord_bench_' || n, 'HS-' || (100000 + n), md5(n::text) || md5((n + 1)::text), 'cs_bench_' || n, s.created_at, s.customer, 'NPR', 375000, 10000, 385000,
          'card', 'sandbox', 'paid', '4242', s.created_at
     FROM generate_series(1, ${count}) AS n JOIN checkout_sessions s ON s.id = 'cs_bench_' || n`,
  `INSERT INTO order_lines (order_id, position, variant_id, product_title, variant_title, quantity, unit_amount)
   SELECT 'ord_bench_' || n, p, CASE p WHEN 0 THEN 'var_resin_10g' ELSE 'var_travel_tin' END,
          CASE p WHEN 0 THEN 'Pure Himalayan Shilajit Resin' ELSE 'Shilajit Travel Tin' END,
          CASE p WHEN 0 THEN '10 g' ELSE '5 g' END, CASE p WHEN 0 THEN 2 ELSE 1 END, CASE p WHEN 0 THEN 150000 ELSE 75000 END
     FROM generate_series(1, ${count}) AS n, generate_series(0, 1) AS p`,
  `INSERT INTO outbox (id, kind, order_id, recipient, data, status, attempts, next_attempt_at, created_at, sent_at)
   SELECT 'msg_bench_' || n || '_' || k, CASE k WHEN 0 THEN 'order_confirmation' ELSE 'new_order_notice' END, 'ord_bench_' || n,
          CASE k WHEN 0 THEN o.customer->>'email' ELSE 'owner@shop.example' END,
          jsonb_build_object('order', jsonb_build_object('number', o.number, 'customer', o.customer, 'totalAmount', o.total_amount,
            'lines', jsonb_build_array(jsonb_build_object('title', 'Pure Himalayan Shilajit Resin', 'quantity', 2, 'unitAmount', 150000)))),
          'sent', 1, o.created_at, o.created_at, o.created_at
     FROM generate_series(1, ${count}) AS n, generate_series(0, 1) AS k JOIN LATERAL (SELECT * FROM orders WHERE id = 'ord_bench_' || n) o ON true`,
  `INSERT INTO order_events (order_id, at, actor, type, data)
   SELECT 'ord_bench_' || n, now() - (n || ' minutes')::interval + (e || ' hours')::interval,
          CASE e WHEN 0 THEN 'shopper' ELSE 'owner@shop.example' END,
          (ARRAY['placed', 'packed', 'shipped'])[e + 1],
          CASE e WHEN 2 THEN jsonb_build_object('carrier', 'Nepal Post', 'tracking', 'NP' || n) ELSE '{}'::jsonb END
     FROM generate_series(1, ${count}) AS n, generate_series(0, 2) AS e`,
];

const root = await mkdtemp(path.join(os.tmpdir(), "herbo-bench-backup-"));
const dataDir = path.join(root, "data");
const folders = {
  dataDir,
  mediaDir: path.join(dataDir, "media"),
  outboxDir: path.join(dataDir, "outbox"),
  backupDir: path.join(root, "backups"),
};
try {
  log(`making a shop with ${orderCount} orders in ${dataDir}`);
  const handle = await openDatabase({ kind: "pglite", dataDir });
  await handle.migrate();
  const catalog = await readSeedCatalog();
  await seedIfEmpty(handle.db, catalog);
  await seedMarkets(handle.db, catalog);
  await seedShippingRates(handle.db);
  for (const statement of bulkInserts(orderCount)) await handle.pglite.exec(statement);
  await mkdir(folders.mediaDir, { recursive: true });
  await mkdir(folders.outboxDir, { recursive: true });
  for (let photo = 0; photo < 8; photo += 1) {
    const id = `med_${photo.toString(16).padStart(20, "0")}`;
    for (const width of [320, 640, 1280]) {
      await writeFile(path.join(folders.mediaDir, `${id}-${width}.webp`), Buffer.alloc(width * 40, photo));
    }
  }
  for (let order = 1; order <= orderCount; order += 1) {
    const body = `Subject: Your order HS-${100000 + order}\r\nTo: shopper${order}@example.com\r\n\r\n${"Thank you for your order. ".repeat(40)}\r\n`;
    await writeFile(path.join(folders.outboxDir, `20260301T100000Z-msg_bench_${order}_0.eml`), body);
  }

  const backupStart = performance.now();
  const written = await writeBackup({ client: handle.pglite, storeId: "local", ...folders }, "manual", new Date());
  const backupMs = performance.now() - backupStart;
  await handle.close();
  log(`backup: ${written.file} (${formatBytes(written.bytes)}) in ${(backupMs / 1000).toFixed(1)} s`);

  await rm(dataDir, { recursive: true, force: true });
  const restoreStart = performance.now();
  const outcome = await restoreBackup(written.file, { ...folders, storeId: "local" }, new Date());
  const restoreMs = performance.now() - restoreStart;
  if (outcome.kind !== "restored") throw new Error(`restore refused: ${outcome.reason}`);
  log(
    `restore: ${outcome.restored.orders} orders, ${outcome.restored.emails} emails, ${outcome.restored.photos} photo files, ${outcome.restored.outboxFiles} sent-mail files in ${(restoreMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `\n| orders | backup file | backup time | restore time |\n| --- | --- | --- | --- |\n| ${orderCount} | ${formatBytes(written.bytes)} | ${(backupMs / 1000).toFixed(1)} s | ${(restoreMs / 1000).toFixed(1)} s |`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}

// `npm test`'s step "HTTPS and two copies through Caddy": the shop behind Caddy running deploy/Caddyfile, with Caddy's own
// CA, its own ports and a fresh PostgreSQL database for two copies of each server, then caddy.spec.ts and
// two-copies.spec.ts over https. The web app is rebuilt with this
// run's public addresses (they are baked into its prerendered pages), so the step runs after the other
// browser tests; `npm start` rebuilds with its own settings afterwards.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  adminBuildIsCurrent,
  apiBuildIsCurrent,
  apiEntry,
  environmentFor,
  root,
  run,
  serverSettings,
  webEntry,
} from "../../../../scripts/lib.mjs";
import { startStripeFake } from "../../../store-api/test/fakes/stripe-fake.ts";
import { e2eSettings } from "../e2e/settings.mjs";

const skips = [
  ["caddy", "Caddy is not installed: skipping the HTTPS test; apt-get install caddy"],
  ["certutil", "certutil is not installed: skipping the HTTPS test; apt-get install libnss3-tools"],
];
for (const [command, reason] of skips) {
  if (spawnSync(command, ["--help"], { stdio: "ignore" }).error?.code === "ENOENT") {
    console.log(reason);
    process.exit(0);
  }
}

const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
// The two store API copies share a PostgreSQL database: without a server (outside CI) the step is skipped.
const postgresProblem = await new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3_000 })
  .connect()
  .then((client) => client.end().then(() => undefined))
  .catch((error) => (error instanceof Error ? error.message : String(error)));
if (postgresProblem !== undefined) {
  if (process.env.CI === "true")
    throw new Error(`PostgreSQL at ${postgresAdminUrl} is unreachable in CI: ${postgresProblem}`);
  console.log(`No PostgreSQL server at ${postgresAdminUrl} (${postgresProblem}): skipping the HTTPS test.`);
  process.exit(0);
}

const folder = mkdtempSync(path.join(tmpdir(), "herbo-https-"));
// Two copies of each server behind Caddy, as deploy/Caddyfile runs several, on one PostgreSQL database (a fresh
// one on TEST_DATABASE_URL's server) with one shared photo folder and outbox: two-copies.spec.ts races and
// compares them, and caddy.spec.ts stops a storefront copy.
const [webPort, secondWebPort, apiPort, secondApiPort, httpPort, httpsPort] = await freePorts(6);
const databaseName = `herbo_https_${Date.now().toString(36)}`;
const databaseUrl = new URL(postgresAdminUrl);
databaseUrl.pathname = `/${databaseName}`;
const shop = `https://shop.localhost:${httpsPort}`;
const api = `https://api.shop.localhost:${httpsPort}`;
const caddyData = path.join(folder, "caddy-data");
const rootCertificate = path.join(caddyData, "caddy", "pki", "authorities", "local", "root.crt");
/** Chromium's HOME: its NSS database trusts Caddy's root (and nothing else of this machine's). */
const browserHome = path.join(folder, "home");
// A local Stripe for both store API copies. It sends each payment's webhook to the second copy only, so a
// payment started through the first copy is settled by the copy that did not start it, as happens when the
// proxy hands Stripe's notice to any copy.
const stripe = await startStripeFake({ webhookUrl: `http://127.0.0.1:${secondApiPort}/payments/stripe/webhook` });

// As deploy/web.env.example and deploy/store-api.env.example describe a server: the storefront reaches the
// store API on loopback, browsers reach both through Caddy, and the store API believes only Caddy's address.
const webSettings = {
  PORT: String(webPort),
  HOST: "127.0.0.1",
  SITE_URL: shop,
  STORE_API_URL: `http://127.0.0.1:${apiPort}`,
  PUBLIC_STORE_API_URL: api,
  STORE_ID: "local",
  // Pages kept far longer than the default second: two-copies.spec.ts sees a changed price at once only
  // because each store API copy streams the owner's changes to its storefront.
  PAGE_CACHE_SECONDS: "30",
};
const apiSettings = {
  STORE_API_PORT: String(apiPort),
  STORE_API_HOST: "127.0.0.1",
  STORE_API_URL: api,
  SITE_URL: shop,
  STORE_ID: "local",
  TRUST_PROXY: "127.0.0.1",
  DATA_DIR: path.join(folder, "data"),
  DATABASE_URL: databaseUrl.toString(),
  MEDIA_DIR: path.join(folder, "media"),
  OUTBOX_DIR: path.join(folder, "outbox"),
  ADMIN_EMAIL: e2eSettings.owner.email,
  ADMIN_PASSWORD: e2eSettings.owner.password,
  LOG_LEVEL: "info",
  PAYMENT_METHODS: "sandbox,cod,stripe",
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
};

/** A server's environment as `npm start` gives it, with none of the shop's settings of this shell, then ours. */
function environmentOf(server, settings) {
  const { names, prefixes } = serverSettings[server];
  const machine = Object.fromEntries(
    Object.entries(environmentFor(server)).filter(
      ([name]) => !names.includes(name) && !prefixes.some((prefix) => name.startsWith(prefix)),
    ),
  );
  return { ...machine, ...settings };
}

const children = [];
let failed = true;
try {
  if (!apiBuildIsCurrent()) await run("npm", ["run", "build", "-w", "apps/store-api"]);
  if (!adminBuildIsCurrent()) await run("npm", ["run", "build", "-w", "apps/admin"]);
  await run("npm", ["run", "build", "-w", "apps/web"], { env: { ...process.env, ...webSettings } });

  await createDatabase();
  start("store-api", process.execPath, [apiEntry], environmentOf("store-api", apiSettings));
  await waitFor("the store API", () => plainStatus(`http://127.0.0.1:${apiPort}/health`));
  // The second copy starts once the first has migrated and seeded the database, as a second machine would.
  start(
    "store-api-2",
    process.execPath,
    [apiEntry],
    environmentOf("store-api", {
      ...apiSettings,
      STORE_API_PORT: String(secondApiPort),
      DATA_DIR: path.join(folder, "data-2"),
    }),
  );
  start("web", process.execPath, [webEntry], environmentOf("web", webSettings));
  const secondWeb = start(
    "web-2",
    process.execPath,
    [webEntry],
    environmentOf("web", {
      ...webSettings,
      PORT: String(secondWebPort),
      STORE_API_URL: `http://127.0.0.1:${secondApiPort}`,
    }),
  );
  await waitFor("the store API's second copy", () => plainStatus(`http://127.0.0.1:${secondApiPort}/health`));
  await waitFor("the storefront", () => plainStatus(`http://127.0.0.1:${webPort}/`));
  await waitFor("the storefront's second copy", () => plainStatus(`http://127.0.0.1:${secondWebPort}/`));

  const caddyfile = path.join(folder, "Caddyfile");
  writeFileSync(caddyfile, testCaddyfile(readFileSync(path.join(root, "deploy", "Caddyfile"), "utf8")));
  start("caddy", "caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    PATH: process.env.PATH ?? "",
    HOME: folder,
    XDG_DATA_HOME: caddyData,
    XDG_CONFIG_HOME: path.join(folder, "caddy-config"),
    HERBO_SHOP_DOMAIN: "shop.localhost",
    HERBO_API_DOMAIN: "api.shop.localhost",
    HERBO_WEB_UPSTREAM: `127.0.0.1:${webPort} 127.0.0.1:${secondWebPort}`,
    HERBO_STORE_API_UPSTREAM: `127.0.0.1:${apiPort} 127.0.0.1:${secondApiPort}`,
  });
  await waitFor("Caddy's certificate for the store API", () => statusThroughCaddy("api.shop.localhost", "/health"));
  await waitFor("Caddy's certificate for the shop", () => statusThroughCaddy("shop.localhost", "/"));

  const nssDatabase = path.join(browserHome, ".pki", "nssdb");
  mkdirSync(nssDatabase, { recursive: true });
  await run("certutil", ["-d", `sql:${nssDatabase}`, "-N", "--empty-password"]);
  await run("certutil", ["-d", `sql:${nssDatabase}`, "-A", "-t", "C,,", "-n", "caddy-test", "-i", rootCertificate]);

  await run("npx", ["playwright", "test", "--config", path.join(import.meta.dirname, "playwright.config.ts")], {
    env: {
      ...process.env,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
      HERBO_HTTPS_SHOP: shop,
      HERBO_HTTPS_API: api,
      HERBO_HTTPS_HTTP_PORT: String(httpPort),
      HERBO_HTTPS_CA: rootCertificate,
      HERBO_HTTPS_BROWSER_HOME: browserHome,
      HERBO_HTTPS_SECOND_WEB_PID: String(secondWeb.pid),
      HERBO_HTTPS_DATABASE_URL: databaseUrl.toString(),
      HERBO_HTTPS_COPIES: JSON.stringify({
        apis: [`http://127.0.0.1:${apiPort}`, `http://127.0.0.1:${secondApiPort}`],
        webs: [`http://127.0.0.1:${webPort}`, `http://127.0.0.1:${secondWebPort}`],
        outbox: apiSettings.OUTBOX_DIR,
      }),
    },
  });
  failed = false;
} finally {
  await Promise.all(children.map(stop));
  if (failed) {
    for (const { name, log } of children) {
      console.error(`\n--- ${name}'s output (last 40 lines) ---`);
      if (existsSync(log)) console.error(readFileSync(log, "utf8").split("\n").slice(-40).join("\n"));
    }
  }
  await stripe.close();
  rmSync(folder, { recursive: true, force: true });
  await dropDatabase().catch(() => undefined);
}

/** The run's own empty database on the test PostgreSQL server; the first store API migrates and seeds it. */
async function createDatabase() {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * deploy/Caddyfile as this run needs it: its global block gains a CA of Caddy's own that nobody else trusts,
 * unprivileged ports, loopback only and no admin endpoint. The sites are the deployment's, unchanged.
 */
function testCaddyfile(deployed) {
  const testOptions = [
    "\tlocal_certs",
    "\tskip_install_trust",
    "\tadmin off",
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
    // One address: Caddy 2.6 listens for the http-to-https redirects on only the last of several.
    "\tdefault_bind 127.0.0.1",
  ].join("\n");
  if (!/^\{$/m.test(deployed)) throw new Error("deploy/Caddyfile has no global options block");
  return deployed.replace(/^\{$/m, `{\n${testOptions}`);
}

function start(name, command, args, env) {
  const log = path.join(folder, `${name}.log`);
  const output = createWriteStream(log);
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  children.push({ name, child, log, exited });
  return child;
}

async function stop({ child, exited }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

async function waitFor(what, check, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    const exited = children.find(({ child }) => child.exitCode !== null);
    if (exited !== undefined) throw new Error(`${exited.name} exited (code ${exited.child.exitCode})`);
    try {
      const status = await check();
      if (status === 200) return;
      last = `status ${status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Waited ${timeoutMs / 1000} s for ${what}: ${last}`);
}

async function plainStatus(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

/** A GET through Caddy's https port, trusting only Caddy's root; *.localhost names go to loopback. */
function statusThroughCaddy(host, pathname) {
  return new Promise((resolve, reject) => {
    if (!existsSync(rootCertificate)) return reject(new Error("no root certificate yet"));
    const request = https.get(
      {
        host: "127.0.0.1",
        port: httpsPort,
        path: pathname,
        servername: host,
        headers: { host: `${host}:${httpsPort}` },
        ca: readFileSync(rootCertificate),
        timeout: 5_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}

/** Ports nothing listens on now, for this run's servers and Caddy. */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.on("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

// Helpers shared by the root scripts (start, test, dev): .env loading, freshness checks, child processes.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultPorts, placeholderChatPhoneWarning, shopAddresses } from "@herbo/hosted-api/shop-defaults";
export { webBuildSettings, webBuildStamp } from "@herbo/web/build-settings";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const webFolder = path.join(root, "apps", "web");
export const apiFolder = path.join(root, "apps", "store-api");
export const contractFolder = path.join(root, "packages", "hosted-api");
export const adminFolder = path.join(root, "apps", "admin");
export const apiEntry = path.join(apiFolder, "dist", "src", "server.js");
export const webEntry = path.join(webFolder, "dist", "server.js");

/**
 * What every server may see of the machine: the path, locale, time zone, temporary folders, Node's own
 * options and certificates, and an egress proxy (Windows' names too). Nothing the shop configures.
 */
const systemNames = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TMPDIR",
  "TMP",
  "TEMP",
  "NODE_ENV",
  "NODE_OPTIONS",
  "NODE_EXTRA_CA_CERTS",
  "NODE_USE_ENV_PROXY",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "CI",
  "SYSTEMROOT",
  "SystemRoot",
  "WINDIR",
  "COMSPEC",
  "PATHEXT",
  "USERPROFILE",
  "APPDATA",
  "LOCALAPPDATA",
];
const systemPrefixes = ["LC_"];

/**
 * The settings each server reads (apps/web: server/settings.ts and app/lib/env.server.ts; the store API:
 * src/config.ts with the payment providers' settings files that src/payments/payment-settings.ts merges in,
 * and libpq's PG… variables that node-postgres reads). `npm start` hands each server only
 * these, so the web server never holds ADMIN_PASSWORD, the providers' keys or SMTP_URL's password;
 * scripts/lib.test.mjs checks the lists against those files.
 */
export const serverSettings = {
  web: {
    names: [
      "PORT",
      "HOST",
      "SITE_URL",
      "STORE_API_URL",
      "PUBLIC_STORE_API_URL",
      // Only for STORE_API_URL's default (this machine's address on that port).
      "STORE_API_PORT",
      "STORE_ID",
      "CHAT_PHONE",
      "STORE_API_TIMEOUT_MS",
      "PAGE_CACHE_SECONDS",
      "HEADERS_TIMEOUT_MS",
      "REQUEST_TIMEOUT_MS",
      "RENDER_CONCURRENCY",
      "RENDER_QUEUE",
      "LOG_REQUESTS",
      "METRICS_TOKEN",
    ],
    prefixes: [],
  },
  "store-api": {
    names: [
      "STORE_API_PORT",
      "STORE_API_HOST",
      "STORE_API_URL",
      "STORE_ID",
      "SITE_URL",
      // The storefront's port and contact number: only for SITE_URL's and ALLOWED_ORIGINS' defaults, and for
      // the overview's warning while the number is the placeholder.
      "PORT",
      "CHAT_PHONE",
      "ALLOWED_ORIGINS",
      "DATABASE_URL",
      "DATA_DIR",
      "BACKUP_DIR",
      "BACKUP_EVERY_HOURS",
      "BACKUP_KEEP",
      "RESERVATION_MINUTES",
      "CATALOG_CACHE_MS",
      "CHECKOUT_RATE_LIMIT",
      "PAYMENT_ATTEMPT_LIMIT",
      "CHECKOUT_HOLD_MINUTES",
      "CHECKOUT_UNITS_PER_ADDRESS",
      "CHECKOUT_REMINDER_HOURS",
      "REVIEW_REQUEST_DAYS",
      "COD_OPEN_LIMIT",
      "COD_MAX_TOTAL",
      "COD_CONFIRM_HOURS",
      "TRUST_PROXY",
      "SHOP_NAME",
      "SELLER_NAME",
      "SELLER_ADDRESS",
      "SHOP_EMAIL",
      "PAYMENT_METHODS",
      "MAIL_FROM",
      "SMTP_URL",
      "OUTBOX_DIR",
      "MEDIA_DIR",
      "MEDIA_BUCKET_URL",
      "MEDIA_BUCKET",
      "MEDIA_BUCKET_REGION",
      "MEDIA_BUCKET_ACCESS_KEY_ID",
      "MEDIA_BUCKET_SECRET_ACCESS_KEY",
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "SIGN_IN_CONCURRENCY",
      "LOG_LEVEL",
      "HEADERS_TIMEOUT_MS",
      "REQUEST_TIMEOUT_MS",
      "METRICS_TOKEN",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_API_URL",
      "KHALTI_SECRET_KEY",
      "KHALTI_API_URL",
      "ESEWA_PRODUCT_CODE",
      "ESEWA_SECRET_KEY",
      "ESEWA_API_URL",
      "CYBERSOURCE_PROFILE_ID",
      "CYBERSOURCE_ACCESS_KEY",
      "CYBERSOURCE_SECRET_KEY",
      "CYBERSOURCE_PREVIOUS_ACCESS_KEY",
      "CYBERSOURCE_PREVIOUS_SECRET_KEY",
      "CYBERSOURCE_DISPLAY_NAME",
      "CYBERSOURCE_URL",
      "CYBERSOURCE_CURRENCIES",
      "CYBERSOURCE_MERCHANT_ID",
      "CYBERSOURCE_REST_KEY_ID",
      "CYBERSOURCE_REST_SECRET",
      "CYBERSOURCE_REST_URL",
    ],
    prefixes: ["PG"],
  },
};

/** The part of `environment` one server (`web` or `store-api`) may see: its own settings and the machine's. */
export function environmentFor(server, environment = process.env) {
  const allowed = serverSettings[server];
  if (allowed === undefined) throw new Error(`No settings list for the server "${server}"`);
  const names = new Set([...systemNames, ...allowed.names]);
  const prefixes = [...systemPrefixes, ...allowed.prefixes];
  return Object.fromEntries(
    Object.entries(environment).filter(
      ([name, value]) => value !== undefined && (names.has(name) || prefixes.some((prefix) => name.startsWith(prefix))),
    ),
  );
}

/**
 * What `npm start` settles before building and starting: the shop's addresses (those not set follow PORT and
 * STORE_API_PORT, so moving a port never leaves the storefront calling the old one), and the warnings to print.
 */
export function startSettings(environment = process.env) {
  const phone = placeholderChatPhoneWarning(environment.CHAT_PHONE);
  return { addresses: shopAddresses(environment), warnings: phone === undefined ? [] : [phone] };
}

/** The lines `npm start` prints once the servers are started: where the shop, its API and back office are. */
export function shopAddressLines(environment = process.env) {
  const { SITE_URL, STORE_API_URL } = shopAddresses(environment);
  const webPort = environment.PORT || defaultPorts.web;
  const apiPort = environment.STORE_API_PORT || defaultPorts.storeApi;
  return [
    `Shop: ${SITE_URL} (listening on port ${webPort})`,
    `Store API: ${STORE_API_URL} (listening on port ${apiPort}); back office: ${STORE_API_URL.replace(/\/+$/, "")}/admin`,
  ];
}

/** `npm start`'s two servers, each with only its own settings (see supervisor.mjs for how they are kept running). */
export function shopProcesses(environment = process.env) {
  return [
    {
      name: "store-api",
      command: process.execPath,
      args: [apiEntry],
      options: { cwd: root, env: environmentFor("store-api", environment) },
    },
    {
      name: "web",
      command: process.execPath,
      args: [webEntry],
      options: { cwd: root, env: environmentFor("web", environment) },
    },
  ];
}

/** Reads KEY=value lines of the root .env into process.env without overriding what is already set. */
export function loadDotEnv(file = path.join(root, ".env")) {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match === null || line.trimStart().startsWith("#")) continue;
    const [, key, raw] = match;
    const value = raw.replace(/^(['"])(.*)\1$/, "$2");
    if (process.env[key] === undefined) process.env[key] = value;
  }
}

/**
 * Newest modification time of the given files and of any file under the given folders (node_modules and
 * outputs skipped).
 */
export function newestSourceTime(folders) {
  let newest = 0;
  const skip = new Set(["node_modules", "build", "dist", ".react-router", "test-results", "data"]);
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    if (statSync(folder).isDirectory()) visit(folder);
    else newest = Math.max(newest, statSync(folder).mtimeMs);
  }
  return newest;
}

export function modifiedTime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** Runs a command to completion, streaming its output; rejects when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", cwd: root, ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Runs a command with its output (stdout and stderr, in the order they came) kept rather than shown, for a
 * step that runs beside another; answers the output and, when it failed, the error.
 */
export function runKeepingOutput(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd: root, ...options, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    const output = () => Buffer.concat(chunks).toString();
    child.on("error", (error) => resolve({ output: output(), error }));
    child.on("close", (code, signal) => {
      const failed =
        code === 0 ? undefined : new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`);
      resolve({ output: output(), error: failed });
    });
  });
}

/** Whether the store API's build is newer than its sources, migrations and the contract. */
export function apiBuildIsCurrent() {
  return (
    modifiedTime(apiEntry) >=
    newestSourceTime([path.join(apiFolder, "src"), path.join(apiFolder, "drizzle"), path.join(contractFolder, "src")])
  );
}

/** Whether the back office's build (apps/admin/dist) is newer than its sources and the contract. */
export function adminBuildIsCurrent() {
  return (
    modifiedTime(path.join(adminFolder, "dist", "index.html")) >=
    newestSourceTime([
      path.join(adminFolder, "src"),
      path.join(adminFolder, "index.html"),
      path.join(adminFolder, "vite.config.ts"),
      path.join(contractFolder, "src"),
    ])
  );
}

/**
 * Calls `onGone` once the process that started this one has ended (this process is then adopted by
 * another). `npm start` needs it: npm 11 forwards SIGTERM only to the shell running the script, which
 * dies of it without passing it on, so `kill <npm's pid>` would otherwise leave the shop running.
 */
export function whenParentExits(onGone, { intervalMs = 250 } = {}) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

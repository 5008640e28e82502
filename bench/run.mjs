// `npm run bench`: builds the production shop, starts it beside a freshly seeded store API, and measures
// (1) Lighthouse mobile scores and page weight, (1b) real loads under applied throttling: first paint,
// largest paint and the moment the page is interactive (hydrated), (2) server throughput beside a bare node:http ceiling
// serving the same bytes in the same run, (2b) uncached server renders (PAGE_CACHE_SECONDS=0) beside the
// prerendered page, (2c) checkout on PGlite and on PostgreSQL with one and two store API processes, reached
// directly and through Caddy, (3) a
// minute of mixed traffic, (4) a shopper's latency while 100 connections send cache-busting requests, and
// while 40 connections flood the back office's sign-in from distinct addresses.
// Ends with the guard rails, each marked yes or no, and exits with 1 when a full run crosses one, so a
// regression shows where it happens. Each section's log and table start with the machine's load average.
// Writes bench/results.md (after a full run). BENCH_WEB_PORT and BENCH_API_PORT move the servers' ports
// (the web ports take the next four numbers too, the API ports the next four); BENCH_DATABASE_URL (else
// TEST_DATABASE_URL) names the PostgreSQL server, where the bench makes and drops its own database.
import { fork, spawn, spawnSync } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { adminBundleSizes, filesForRoute, gzippedBytes, readManifest, sum } from "@herbo/web/bundle-report";
import { chromiumFlags, chromiumPath } from "@herbo/web/chromium";
import { root, run } from "../scripts/lib.mjs";

const benchFolder = path.dirname(fileURLToPath(import.meta.url));
const args = new Set(process.argv.slice(2));
// `--backup-only`: the backup and restore timings of bench/backup.mjs, nothing else.
if (args.has("--backup-only")) {
  await import("./backup.mjs");
  process.exit(0);
}
const quick = args.has("--quick");
/**
 * The guard rails: each a ratio within one run, so a slower or busier machine moves both of its sides.
 * Crossing one is a regression to mend in the change that caused it.
 */
const guardRails = {
  /** An uncached render's requests per second, against the prerendered page's, served by the same process. */
  uncachedVsPrerendered: 0.05,
  /** Checkouts per second (PGlite, one store API, 32 connections) against the prerendered page's requests. */
  checkoutVsPrerendered: 0.045,
  /** Largest paint of a shop page under applied throttling, against the empty app's. */
  largestPaintVsEmpty: 2.0,
  /** When a shop page is interactive (hydrated) under applied throttling, against the empty app. */
  interactiveVsEmpty: 1.75,
  /** Lighthouse's performance score of the home page. */
  homeLighthouse: 98,
};
const webPort = Number(process.env.BENCH_WEB_PORT ?? 3200);
const apiPort = Number(process.env.BENCH_API_PORT ?? 4200);
const ports = {
  web: webPort,
  uncached: webPort + 1,
  empty: webPort + 2,
  bare: webPort + 3,
  /** The empty app's server build, rendering every request: the floor of an uncached render. */
  emptyRender: webPort + 4,
  api: apiPort,
  postgresApis: [apiPort + 1, apiPort + 2],
  /** Caddy in front of one, then two, of those store APIs. */
  caddy: apiPort + 3,
};
const webUrl = `http://localhost:${ports.web}`;
const apiUrl = `http://localhost:${ports.api}`;
const lighthouseRuns = quick ? 1 : 5;
const loadSeconds = quick ? 3 : 10;
// Uncached renders: each row's process first serves this long of the same load, not counted, so the
// figures are of a warm server (V8 has compiled the render path) rather than of its first seconds.
const warmUpSeconds = quick ? 1 : 5;
const mixedSeconds = quick ? 5 : 60;
const sheddingSeconds = quick ? 5 : 20;
/** A full run writes bench/results.md; one that skips a part (other than the build) only prints. */
const partial = [...args].some((arg) => arg.startsWith("--no-") && arg !== "--no-build") || args.has("--photo-only");
/** `--photo-only`: Lighthouse of the photo comparison alone: a drawing against an uploaded photo. */
const photoOnly = args.has("--photo-only");
const children = [];

function log(message) {
  console.log(`[bench] ${message}`);
}

/** The machine's load average when a section starts: a busy machine makes every figure after it worse. */
const sectionLoads = new Map();
function startSection(name) {
  const [one, five] = os.loadavg();
  const load = `machine load ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${os.cpus().length} cores`;
  sectionLoads.set(name, load);
  log(`${name}: ${load}`);
}
const loadLine = (name) => (sectionLoads.has(name) ? [`At the start: ${sectionLoads.get(name)}.`, ""] : []);

async function waitFor(url, accept = (status) => status < 500) {
  // Two minutes: a busy machine can take that long to start PGlite and seed it.
  for (let attempt = 0; attempt < 1_200; attempt += 1) {
    try {
      if (accept((await fetch(url)).status)) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

function start(command, argv, options) {
  const child = spawn(command, argv, { stdio: ["ignore", "ignore", "inherit"], ...options });
  children.push(child);
  return child;
}

/**
 * The CPU time a process has used so far, user and system, in milliseconds, from /proc (Linux); undefined
 * elsewhere. Divided by the requests it answered, it is the cost of one request, whatever else shares the
 * machine's cores (the load generator does).
 */
const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / clockTicks : undefined;
  } catch {
    return undefined;
  }
}

/** Starts counting these processes' CPU time; the function returned gives each one's milliseconds since. */
function countCpu(pids) {
  const before = pids.map(cpuMsOf);
  return () =>
    pids.map((pid, index) => {
      const after = cpuMsOf(pid);
      const start = before[index];
      return after === undefined || start === undefined ? undefined : after - start;
    });
}

/** CPU milliseconds per request answered, or undefined when either is unknown. */
const perRequest = (spent, requests) => (spent === undefined || requests === 0 ? undefined : spent / requests);

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));

const environment = {
  ...process.env,
  SITE_URL: webUrl,
  STORE_API_URL: apiUrl,
  PUBLIC_STORE_API_URL: apiUrl,
  STORE_ID: "local",
  ALLOWED_ORIGINS: webUrl,
  LOG_LEVEL: "warn",
  // The load tests check out from one address far faster than any shopper, and leave checkouts unpaid.
  CHECKOUT_RATE_LIMIT: "0",
  CHECKOUT_UNITS_PER_ADDRESS: "0",
  PAYMENT_ATTEMPT_LIMIT: "0",
  // The sign-in flood comes from this machine with a new X-Forwarded-For address on every request.
  TRUST_PROXY: "127.0.0.1,::1",
  // The owner who uploads the photo measured below.
  ADMIN_EMAIL: "bench@herbo.test",
  ADMIN_PASSWORD: "bench owner passphrase",
};

// --- Build and start -------------------------------------------------------------------------------
if (!args.has("--no-build")) {
  log("building the shop");
  await run("npm", ["run", "build"], { env: environment, stdio: ["ignore", "ignore", "inherit"] });
  log("building the empty React Router app (the runtime floor)");
  await run(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: path.join(benchFolder, "empty-app"),
    stdio: ["ignore", "ignore", "inherit"],
  });
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "herbo-bench-db-"));
const storeApiProcess = start(process.execPath, [path.join(root, "apps/store-api/dist/src/server.js")], {
  cwd: path.join(root, "apps/store-api"),
  env: { ...environment, STORE_API_PORT: String(ports.api), DATA_DIR: dataDir },
});
start(process.execPath, [path.join(root, "apps/web/dist/server.js")], {
  cwd: path.join(root, "apps/web"),
  env: { ...environment, PORT: String(ports.web) },
});
// The same web server with its page cache off: every request renders.
const uncachedProcess = start(process.execPath, [path.join(root, "apps/web/dist/server.js")], {
  cwd: path.join(root, "apps/web"),
  env: { ...environment, PORT: String(ports.uncached), PAGE_CACHE_SECONDS: "0" },
});
// The empty app rendered per request by React Router's own listener: what any render costs on this machine.
const emptyRenderProcess = start(process.execPath, [
  path.join(benchFolder, "empty-ssr-server.mjs"),
  String(ports.emptyRender),
  path.join(benchFolder, "empty-app/build"),
]);
// The empty app is served by our own server code path-for-path equivalent: a static file server.
start(process.execPath, [
  path.join(benchFolder, "static-server.mjs"),
  String(ports.empty),
  path.join(benchFolder, "empty-app/build/client"),
]);
await waitFor(`${apiUrl}/health`, (status) => status === 200);
await waitFor(`${webUrl}/`);
await waitFor(`http://localhost:${ports.uncached}/`);
await waitFor(`http://localhost:${ports.empty}/`);
await waitFor(`http://localhost:${ports.emptyRender}/`);
log("servers are up");

const articleSlug = "how-to-take-shilajit-correct-dosage-timing-tips";
const pages = [
  { path: "/", route: "routes/home" },
  { path: "/store", route: "routes/store" },
  { path: "/product/prod_himalayan_resin", route: "routes/product" },
  // A market's copy of the product page: the same module, priced in dollars.
  { path: "/us/product/prod_himalayan_resin", route: "market-us-product" },
  { path: `/blog/${articleSlug}`, route: "routes/blog-article" },
  { path: "/shilajit-in-usa", route: "country-usa" },
  // Two more markets' copies, in dirhams and in rupees: a market's page must cost what Nepal's does.
  { path: "/ae/store", route: "market-ae-store" },
  { path: "/in/product/prod_himalayan_resin", route: "market-in-product" },
];

// --- Bundle floor -----------------------------------------------------------------------------------
const shopClient = path.join(root, "apps/web/build/client");
const emptyClient = path.join(benchFolder, "empty-app/build/client");
const emptyManifest = readManifest(emptyClient);
const emptyJs = sum(
  filesForRoute(emptyManifest, "routes/home").javascript.map((file) => gzippedBytes(emptyClient, file)),
);
const shopManifest = readManifest(shopClient);
const homeJs = sum(filesForRoute(shopManifest, "routes/home").javascript.map((file) => gzippedBytes(shopClient, file)));
const admin = adminBundleSizes(path.join(root, "apps/admin"));

// --- Lighthouse -------------------------------------------------------------------------------------
/** The items starting `round` places further on, the skipped ones at the end: each round a row moves up one place. */
const inTurn = (items, round) => [...items.slice(round % items.length), ...items.slice(0, round % items.length)];

const median = (values) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
};
/** The median, or undefined when any value is unknown (a CPU figure /proc could not give). */
const medianOf = (values) => (values.includes(undefined) ? undefined : median(values));
/** Rounds' ratios against their base, as the tables report them: the median and the range. */
const ratiosOf = (ratios) => {
  const sorted = [...ratios].sort((left, right) => left - right);
  return { ratio: median(sorted), ratioRange: [sorted[0], sorted.at(-1)] };
};

async function gzippedWeight(urls) {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}

/** Gzipped bytes of the CSS a page carries inline, in its <style> elements. */
async function inlineCssWeight(url) {
  const html = await (await fetch(url)).text();
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join("");
  return css === "" ? 0 : gzipSync(Buffer.from(css), { level: 9 }).length;
}

async function audit(url) {
  const runs = [];
  // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) measures nothing: redo it.
  let retriesLeft = 3;
  for (let attempt = 0; attempt < lighthouseRuns; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ["--headless=new", ...chromiumFlags],
    });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      if (lhr.runtimeError !== undefined && retriesLeft > 0) {
        console.warn(`Lighthouse could not measure ${url} (${lhr.runtimeError.code}); running it again.`);
        retriesLeft -= 1;
        attempt -= 1;
        continue;
      }
      const requests = lhr.audits["network-requests"].details.items;
      runs.push({
        performance: lhr.categories.performance.score * 100,
        accessibility: lhr.categories.accessibility.score * 100,
        bestPractices: lhr.categories["best-practices"].score * 100,
        seo: lhr.categories.seo.score * 100,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        scripts: requests.filter((item) => item.resourceType === "Script").map((item) => item.url),
        styles: requests.filter((item) => item.resourceType === "Stylesheet").map((item) => item.url),
        failing: Object.values(lhr.audits)
          .filter(
            (entry) =>
              entry.score !== null &&
              entry.score < 0.9 &&
              entry.scoreDisplayMode !== "informative" &&
              entry.scoreDisplayMode !== "manual" &&
              entry.scoreDisplayMode !== "notApplicable",
          )
          .map((entry) => entry.id),
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(runs.map((entry) => entry[key]));
  const middle = runs[0];
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcp: pick("lcp"),
    tbt: pick("tbt"),
    cls: pick("cls"),
    jsBytes: await gzippedWeight(middle.scripts),
    cssBytes: (await gzippedWeight(middle.styles)) + (await inlineCssWeight(url)),
    failing: [...new Set(runs.flatMap((entry) => entry.failing))],
  };
}

/** A photo-like JPEG: a gradient with grain, so it compresses as a camera's picture does, not as a flat one. */
async function cameraLikeJpeg(width, height) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let at = 0; at < pixels.length; at += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const grain = (seed % 24) - 12;
    const x = (at / 3) % width;
    const y = Math.floor(at / 3 / width);
    pixels[at] = Math.max(0, Math.min(255, 60 + Math.round((x / width) * 150) + grain));
    pixels[at + 1] = Math.max(0, Math.min(255, 40 + Math.round((y / height) * 90) + grain));
    pixels[at + 2] = Math.max(0, Math.min(255, 30 + grain));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Signs in as the bench's owner and makes an uploaded photo the product's first picture. */
async function uploadFirstPhoto(productId) {
  const origin = { origin: apiUrl };
  const signIn = await fetch(`${apiUrl}/admin/api/session`, {
    method: "POST",
    headers: { ...origin, "content-type": "application/json" },
    body: JSON.stringify({ email: environment.ADMIN_EMAIL, password: environment.ADMIN_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`The bench's owner could not sign in: ${signIn.status}`);
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
  const photos = `${apiUrl}/admin/api/products/${productId}/photos`;
  const uploaded = await fetch(photos, {
    method: "POST",
    headers: { ...origin, cookie, "content-type": "image/jpeg" },
    body: await cameraLikeJpeg(2000, 2000),
  });
  if (uploaded.status !== 201)
    throw new Error(`The photo upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const list = await uploaded.json();
  const photo = list.photos.at(-1);
  const ordered = [photo, ...list.photos.slice(0, -1)].map((entry) => ({
    id: entry.id,
    alt: entry.id === photo.id ? "A jar of resin on a wooden table" : entry.alt,
  }));
  const arranged = await fetch(photos, {
    method: "PUT",
    headers: { ...origin, cookie, "content-type": "application/json" },
    body: JSON.stringify({ version: list.version, photos: ordered }),
  });
  if (!arranged.ok) throw new Error(`Putting the photo first answered ${arranged.status}: ${await arranged.text()}`);
  // The web server's page cache keeps pages for a second.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

const lighthouseRows = [];
if (!args.has("--no-lighthouse")) {
  startSection("Lighthouse");
  for (const page of photoOnly ? [] : pages) {
    log(`Lighthouse ${page.path} (${lighthouseRuns} runs)`);
    lighthouseRows.push({ label: page.path, ...(await audit(`${webUrl}${page.path}`)) });
  }
  // The same product page with the catalogue's drawing, then with a photo the owner uploaded
  // (a 2000 px camera-like JPEG, re-encoded by the store API) as its first picture.
  const photoPage = "/product/prod_travel_tin";
  log(`Lighthouse ${photoPage} with its drawing (${lighthouseRuns} runs)`);
  lighthouseRows.push({ label: `${photoPage} (drawing)`, ...(await audit(`${webUrl}${photoPage}`)) });
  await uploadFirstPhoto("prod_travel_tin");
  await waitFor(`${webUrl}${photoPage}`, (status) => status === 200);
  log(`Lighthouse ${photoPage} with an uploaded photo (${lighthouseRuns} runs)`);
  lighthouseRows.push({ label: `${photoPage} (uploaded photo)`, ...(await audit(`${webUrl}${photoPage}`)) });
  if (!photoOnly) log("Lighthouse empty app");
  if (!photoOnly)
    lighthouseRows.push({
      label: "empty React Router app (floor)",
      ...(await audit(`http://localhost:${ports.empty}/`)),
    });
}

// --- Real loads under applied throttling -------------------------------------------------------------
// Lighthouse's simulation estimates; these loads are throttled for real (CDP: 150 ms latency, 1.6 Mbps
// down, 750 kbps up, 4× CPU), so the time until the page is interactive is measured too.
const realRuns = quick ? 1 : 5;

/** One throttled load of the page: when it first painted, its largest paint, and when it hydrated. */
async function realLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      window.__benchLcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__benchLcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated === "true" && window.__benchHydrated === undefined) {
          window.__benchHydrated = performance.now();
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(() => window.__benchHydrated !== undefined, null, { timeout: 60_000 });
    await page.waitForTimeout(500);
    return await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      lcp: window.__benchLcp,
      hydrated: window.__benchHydrated,
    }));
  } finally {
    await context.close();
  }
}

/**
 * Each row's median of `realRuns` loads. The rows take turns, one load each per round, so a spell of load
 * on this shared machine falls on every page and on the empty app alike, not on whichever came last.
 */
async function realLoads(rows) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const samples = rows.map(() => []);
  try {
    for (let round = 0; round < realRuns; round += 1) {
      log(`real loads, round ${round + 1} of ${realRuns}`);
      // One place further up each round, so no page always loads last, after the others have warmed the machine.
      for (const index of inTurn([...rows.keys()], round))
        samples[index].push(await realLoad(browser, rows[index].url));
    }
  } finally {
    await browser.close();
  }
  return rows.map((row, index) => ({
    label: row.label,
    ...(row.floor ? { floor: true } : {}),
    fcp: median(samples[index].map((sample) => sample.fcp)),
    lcp: median(samples[index].map((sample) => sample.lcp)),
    hydrated: median(samples[index].map((sample) => sample.hydrated)),
  }));
}

const realRows = [];
if (!args.has("--no-lighthouse") && !photoOnly) {
  startSection("Real loads");
  realRows.push(
    ...(await realLoads([
      ...pages.map((page) => ({ label: page.path, url: `${webUrl}${page.path}` })),
      { label: "empty React Router app (floor)", url: `http://localhost:${ports.empty}/`, floor: true },
    ])),
  );
}

// --- Throughput ---------------------------------------------------------------------------------------
async function load(options) {
  const result = await autocannon({ connections: 32, duration: loadSeconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function bareCeiling(bytes, contentType, options = {}) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "herbo-bare-")), "body");
  writeFileSync(file, bytes);
  const child = fork(path.join(benchFolder, "bare-server.mjs"), [String(ports.bare), file, contentType], {
    stdio: "inherit",
  });
  await new Promise((resolve) => child.once("message", resolve));
  try {
    return await load({ url: `http://127.0.0.1:${ports.bare}/`, ...options });
  } finally {
    child.kill();
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function bytesOf(url, init) {
  const response = await fetch(url, { ...init, headers: { "accept-encoding": "identity", ...init?.headers } });
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type") ?? "text/plain",
  };
}

const throughputRows = [];
async function compare(label, url, ceilingLabel, ceiling, options = {}) {
  log(`load: ${label}`);
  const measured = await load({ url, ...options });
  throughputRows.push({ label, measured, ceilingLabel, ceiling, ratio: measured.rps / ceiling.rps });
}

const storePath = `${apiUrl}/store/local`;
const checkoutBody = JSON.stringify({
  items: [{ variant_id: "var_travel_tin", quantity: 1 }],
  successUrl: `${webUrl}/success`,
  cancelUrl: `${webUrl}/store`,
});
if (!args.has("--no-throughput")) {
  startSection("Throughput");
  const prerendered = await bytesOf(`${webUrl}/blog`);
  const prerenderedCeiling = await bareCeiling(prerendered.bytes, prerendered.type);
  await compare("prerendered page /blog", `${webUrl}/blog`, "bare node:http, same bytes", prerenderedCeiling);
  const prerenderedMeasured = throughputRows[0].measured;
  await compare(
    "server-rendered /product/prod_himalayan_resin",
    `${webUrl}/product/prod_himalayan_resin`,
    "prerendered /blog",
    prerenderedMeasured,
  );
  await compare("server-rendered /store", `${webUrl}/store`, "prerendered /blog", prerenderedMeasured);

  const apiCalls = [
    ["store API product list", `${storePath}/products`, {}],
    ["store API one product", `${storePath}/products/prod_himalayan_resin`, {}],
    ["store API variants", `${storePath}/variants?fields=inventory_quantity&product_ids[]=prod_himalayan_resin`, {}],
    [
      "store API checkout (POST)",
      `${storePath}/checkout`,
      { method: "POST", body: checkoutBody, headers: { "content-type": "application/json" } },
    ],
  ];
  for (const [label, url, options] of apiCalls) {
    const sample = await bytesOf(url, options);
    const ceiling = await bareCeiling(sample.bytes, sample.type, options);
    await compare(label, url, "bare node:http, same bytes", ceiling, options);
  }
}

// --- Uncached server renders ---------------------------------------------------------------------------
// The server with PAGE_CACHE_SECONDS=0 renders every request. Each request carries a
// query string never sent before (the prerendered page is served by the same process the same way), with
// 10 connections; then single requests one after another, for the render's own latency.
const uncachedUrl = `http://localhost:${ports.uncached}`;
const uncachedRows = [];
let uniqueSerial = 0;
const uniqueTarget = (pathname) => `${pathname}?r=${(uniqueSerial += 1).toString(36)}`;

/** Times of requests sent one at a time (keep-alive, no compression), in milliseconds, and any refusals. */
async function singleRequests(base, pathname, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(`${base}${uniqueTarget(pathname)}`, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode }));
        })
        .on("error", reject);
    });
  for (let index = 0; index < 20; index += 1) await get();
  const samples = [];
  for (let index = 0; index < count; index += 1) samples.push(await get());
  agent.destroy();
  const refused = samples.filter((sample) => sample.status !== 200).map((sample) => sample.status);
  if (refused.length > 0) log(`  single ${pathname}: answers other than 200: ${refused.join(", ")}`);
  return { times: samples.map((sample) => sample.ms), errors: refused.length };
}

const p99 = (values) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
};

const uncachedLoad = (base, pathname, duration) =>
  autocannon({
    url: base,
    connections: 10,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, path: uniqueTarget(pathname) }) }],
  });

// The rows run in turn, round after round, and each round's ratio is taken against the prerendered
// page's figure from the same round: a busy minute then slows both sides of a ratio alike, and the table
// reports the median ratio with the range beside it.
const uncachedRounds = quick ? 1 : 3;
const emptyRenderLabel = "empty React Router app, rendered per request (floor)";
if (!args.has("--no-uncached")) {
  const shop = { base: uncachedUrl, server: uncachedProcess };
  const pages = [
    ["prerendered /blog", "/blog", shop],
    ["/store, page cache off", "/store", shop],
    ["/product/prod_himalayan_resin, page cache off", "/product/prod_himalayan_resin", shop],
    ["/us/product/prod_himalayan_resin, page cache off", "/us/product/prod_himalayan_resin", shop],
    ["/ae/store, page cache off", "/ae/store", shop],
    ["/in/product/prod_himalayan_resin, page cache off", "/in/product/prod_himalayan_resin", shop],
    [emptyRenderLabel, "/", { base: `http://localhost:${ports.emptyRender}`, server: emptyRenderProcess, floor: true }],
  ];
  startSection("Uncached server renders");
  const rounds = pages.map(() => []);
  // The prerendered page opens every round, as the ratios' base; the other rows move up one place each
  // round, so no row always runs last, where one full run found its figure lowest in every round.
  const others = [...pages.keys()].slice(1);
  for (let round = 0; round < uncachedRounds; round += 1) {
    for (const index of [0, ...inTurn(others, round)]) {
      const [label, pathname, { base, server }] = pages[index];
      log(`uncached: ${label} (round ${round + 1} of ${uncachedRounds})`);
      if (round === 0) await uncachedLoad(base, pathname, warmUpSeconds);
      const cpuSpent = countCpu([server.pid, storeApiProcess.pid]);
      const result = await uncachedLoad(base, pathname, loadSeconds);
      const [serverCpu, apiCpu] = cpuSpent().map((spent) => perRequest(spent, result.requests.total));
      if (result.non2xx + result.errors + result.timeouts > 0) {
        log(
          `  ${label}: answers ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
      }
      log(`  ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
      rounds[index].push({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        serverCpu,
        apiCpu,
        single: await singleRequests(base, pathname, Math.ceil((quick ? 100 : 300) / uncachedRounds)),
      });
    }
  }
  for (const [index, [label, , { floor }]] of pages.entries()) {
    const runs = rounds[index];
    const times = runs.flatMap((run) => run.single.times);
    uncachedRows.push({
      label,
      rps: median(runs.map((run) => run.rps)),
      p50: median(runs.map((run) => run.p50)),
      p99: Math.max(...runs.map((run) => run.p99)),
      errors: runs.reduce((sum, run) => sum + run.errors + run.single.errors, 0),
      ...ratiosOf(runs.map((run, round) => run.rps / rounds[0][round].rps)),
      single: { p50: median(times), p99: p99(times) },
      serverCpu: medianOf(runs.map((run) => run.serverCpu)),
      apiCpu: medianOf(runs.map((run) => run.apiCpu)),
      floor: floor === true,
    });
  }
}

// --- Checkout at scale ------------------------------------------------------------------------------------
// The checkout load against PGlite (the store API above), then against PostgreSQL with
// one store API process and with two, the same connections split between them.
const scaleRows = [];
let scaleNote;
const checkoutConnections = 32;
const checkoutRounds = quick ? 1 : 3;
/** The checkout load on these URLs; with `servers`, also the CPU those store API processes spent per checkout. */
async function checkoutLoad(urls, servers = []) {
  const cpuSpent = countCpu(servers.map((server) => server.pid));
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}/store/local/checkout`,
        connections: Math.round(checkoutConnections / urls.length),
        duration: loadSeconds,
        method: "POST",
        body: checkoutBody,
        headers: { "content-type": "application/json" },
      }),
    ),
  );
  const spent = cpuSpent();
  const requests = sum(results.map((result) => result.requests.total));
  return {
    rps: sum(results.map((result) => result.requests.average)),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    errors: sum(results.map((result) => result.errors + result.timeouts + result.non2xx)),
    cpu: servers.length === 0 || spent.includes(undefined) ? undefined : perRequest(sum(spent), requests),
  };
}

async function withBenchDatabase(use) {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres:postgres@127.0.0.1:5432/postgres";
  const name = `herbo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

const caddyInstalled = spawnSync("caddy", ["version"], { stdio: "ignore" }).error === undefined;

/** Caddy on plain http at `port`, in front of the store APIs on `upstreamPorts` (round robin), until `stop`. */
async function startCaddy(port, upstreamPorts) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "herbo-bench-caddy-"));
  const caddyfile = path.join(folder, "Caddyfile");
  writeFileSync(
    caddyfile,
    [
      "{",
      "\tadmin off",
      "\tauto_https off",
      "}",
      `http://127.0.0.1:${port} {`,
      `\treverse_proxy ${upstreamPorts.map((each) => `127.0.0.1:${each}`).join(" ")} {`,
      "\t\tlb_policy round_robin",
      "\t}",
      "}",
      "",
    ].join("\n"),
  );
  const child = start("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH ?? "", HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder },
    stdio: ["ignore", "ignore", "ignore"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, (status) => status === 200);
  return {
    url,
    stop: () =>
      child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve).kill("SIGTERM")) : undefined,
  };
}

if (!args.has("--no-scale")) {
  startSection("Checkout at scale");
  // The guard rail's row runs in rounds against the prerendered page, the two taking turns at going first, and
  // each round's ratio is taken within the round: the throughput table's prerendered figure was measured minutes
  // apart, under another load, and moved a fifth between runs of the same code.
  const pglite = [];
  for (let round = 0; round < checkoutRounds; round += 1) {
    const run = {};
    for (const which of inTurn(["checkout", "prerendered"], round)) {
      log(
        `checkout at scale: ${which === "checkout" ? "PGlite checkout" : "prerendered /blog"}, round ${round + 1} of ${checkoutRounds}`,
      );
      if (which === "checkout") Object.assign(run, await checkoutLoad([apiUrl], [storeApiProcess]));
      else run.prerendered = await load({ url: `${webUrl}/blog`, connections: checkoutConnections });
    }
    pglite.push(run);
  }
  scaleRows.push({
    label: "PGlite, one store API",
    rps: median(pglite.map((run) => run.rps)),
    p50: median(pglite.map((run) => run.p50)),
    p99: Math.max(...pglite.map((run) => run.p99)),
    errors: sum(pglite.map((run) => run.errors)),
    cpu: medianOf(pglite.map((run) => run.cpu)),
    prerenderedRps: median(pglite.map((run) => run.prerendered.rps)),
    ...ratiosOf(pglite.map((run) => run.rps / run.prerendered.rps)),
  });
  try {
    await withBenchDatabase(async (databaseUrl) => {
      const started = [];
      try {
        for (const port of ports.postgresApis) {
          // One at a time: the first migrates and seeds the empty database.
          started.push(
            start(process.execPath, [path.join(root, "apps/store-api/dist/src/server.js")], {
              cwd: path.join(root, "apps/store-api"),
              env: { ...environment, STORE_API_PORT: String(port), DATABASE_URL: databaseUrl },
            }),
          );
          await waitFor(`http://localhost:${port}/health`, (status) => status === 200);
          const urls = ports.postgresApis.slice(0, started.length).map((each) => `http://localhost:${each}`);
          log(`checkout at scale: PostgreSQL, ${urls.length} store API process(es), ${loadSeconds} s`);
          scaleRows.push({
            label: `PostgreSQL, ${urls.length === 1 ? "one store API" : "two store APIs (load split)"}`,
            ...(await checkoutLoad(urls, started)),
          });
          // The same store APIs behind one Caddy, as deploy/Caddyfile runs them: every connection goes through
          // it, and Caddy shares the requests between the copies.
          if (caddyInstalled) {
            const proxy = await startCaddy(
              ports.caddy + started.length - 1,
              ports.postgresApis.slice(0, started.length),
            );
            try {
              log(`checkout at scale: PostgreSQL, ${urls.length} store API process(es) behind Caddy, ${loadSeconds} s`);
              scaleRows.push({
                label: `PostgreSQL, ${urls.length === 1 ? "one store API" : "two store APIs"} behind Caddy`,
                ...(await checkoutLoad([proxy.url], started)),
              });
            } finally {
              await proxy.stop();
            }
          }
        }
        if (!caddyInstalled) scaleNote = "Caddy is not installed: no rows behind Caddy (apt-get install caddy).";
      } finally {
        await Promise.all(
          started.map((child) =>
            child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve).kill("SIGTERM")) : undefined,
          ),
        );
      }
    });
  } catch (error) {
    scaleNote = `PostgreSQL rows missing: ${error instanceof Error ? error.message : String(error)}`;
    log(scaleNote);
  }
}

// --- Mixed traffic ------------------------------------------------------------------------------------
const mixedRows = [];
if (!args.has("--no-mixed")) {
  startSection("Mixed traffic");
  log(`mixed traffic for ${mixedSeconds} s (browse 90 %, checkout 10 %)`);
  const browse = [
    "/",
    "/store",
    "/product/prod_himalayan_resin",
    "/product/prod_starter_kit",
    `/blog/${articleSlug}`,
    "/shilajit-in-usa",
    "/blog",
  ];
  const requests = [];
  for (let index = 0; index < 9; index += 1) requests.push({ method: "GET", path: browse[index % browse.length] });
  const [web, api] = await Promise.all([
    autocannon({ url: webUrl, connections: 24, duration: mixedSeconds, requests }),
    autocannon({
      url: apiUrl,
      connections: 4,
      duration: mixedSeconds,
      requests: [
        {
          method: "POST",
          path: "/store/local/checkout",
          body: checkoutBody,
          headers: { "content-type": "application/json" },
        },
      ],
    }),
  ]);
  for (const [label, result] of [
    ["web pages (browse)", web],
    ["store API checkout", api],
  ]) {
    mixedRows.push({
      label,
      rps: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    });
  }
}

// --- Attacks -------------------------------------------------------------------------------------------
// 100 connections send requests no cache can answer (unique query strings, unknown product ids
// and paths, POSTs). Then 40 connections sign in to the back office with unknown emails, each request
// from its own address, so every one would cost a password check. Meanwhile a second client loads pages
// and the catalogue, alone and then during each attack. Target: that client's p99 stays under 200 ms.
const attackRuns = [];
if (!args.has("--no-shedding")) {
  const summary = (result) => ({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses: result.statusCodeStats,
    errors: result.errors + result.timeouts,
  });
  const attacks = [
    {
      name: "cache-busting",
      title: `Cache-busting attack (${sheddingSeconds} s: 100 connections, a second client with 2 connections per row)`,
      about: [
        "The attack cycles through `/store?r=<unique>`, `/product/prod_<unique>`, `/no-such-page-<unique>` and",
        "`POST /store`. Target: the second client's p99 under 200 ms.",
      ],
      target: webUrl,
      shopper: {
        "/store (server-rendered, cached)": { url: webUrl, requests: [{ method: "GET", path: "/store" }] },
        "prerendered pages (/blog, an article)": {
          url: webUrl,
          requests: [
            { method: "GET", path: "/blog" },
            { method: "GET", path: `/blog/${articleSlug}` },
          ],
        },
        "/ (server-rendered from the catalogue, cached)": { url: webUrl, requests: [{ method: "GET", path: "/" }] },
        "/shilajit-in-usa (server-rendered from the catalogue, cached)": {
          url: webUrl,
          requests: [{ method: "GET", path: "/shilajit-in-usa" }],
        },
      },
    },
    {
      name: "sign-in",
      title: `Sign-in flood (${sheddingSeconds} s: 40 connections, a second client with 2 connections per row)`,
      about: [
        "Each request signs in to the back office (`POST /admin/api/session`) with an unknown email from its own",
        "address (`X-Forwarded-For`, the API trusting this machine as its proxy), so no per-address limit stops it",
        "and each would cost a scrypt check; the API runs `SIGN_IN_CONCURRENCY` (2) at once and answers 503",
        "beyond them. Target: the second client's p99 under 200 ms.",
      ],
      target: apiUrl,
      shopper: {
        "store API catalogue (/store/local/products)": {
          url: apiUrl,
          requests: [{ method: "GET", path: "/store/local/products" }],
        },
        "/store (server-rendered, cached)": { url: webUrl, requests: [{ method: "GET", path: "/store" }] },
      },
    },
  ];
  const shopperLoad = ({ url, requests }, seconds) =>
    autocannon({ url, connections: 2, duration: seconds, requests, headers: { "accept-encoding": "br" } });
  for (const attack of attacks) {
    startSection(attack.title);
    const rows = [];
    for (const [label, load] of Object.entries(attack.shopper)) {
      log(`shopper alone: ${label}`);
      rows.push({ label, when: "alone", ...summary(await shopperLoad(load, Math.min(10, sheddingSeconds))) });
    }
    log(`${attack.name} attack for ${sheddingSeconds} s, a shopper alongside`);
    const attacker = fork(path.join(benchFolder, "attack.mjs"), [attack.name, attack.target, String(sheddingSeconds)], {
      stdio: "inherit",
    });
    children.push(attacker);
    const finished = new Promise((resolve) => attacker.once("message", resolve));
    // The shopper starts once the attack is under way and stops before it ends.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const during = await Promise.all(
      Object.entries(attack.shopper).map(async ([label, load]) => ({
        label,
        when: "during the attack",
        ...summary(await shopperLoad(load, sheddingSeconds - 4)),
      })),
    );
    rows.push(...during);
    attackRuns.push({ ...attack, rows, result: await finished });
  }
}

// --- Report -------------------------------------------------------------------------------------------
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;
const percent = (ratio) => `${(ratio * 100).toFixed(1)} %`;
const percentRange = ([low, high]) => `${percent(low)}–${percent(high)}`;
const yesNo = (held) => (held ? "yes" : "**no**");
/** A CPU time per request, or a dash where /proc gave none. */
const cpuMs = (value) => (value === undefined ? "–" : `${value.toFixed(2)} ms`);
const lines = [
  "# Benchmark results",
  "",
  `Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}, with \`npm run bench${quick ? " -- --quick" : ""}\`.`,
  "",
  "## Page weight",
  "",
  `Home page JavaScript: ${kb(homeJs)} gzipped; an empty React 19 + React Router 7 app built the same way: ${kb(emptyJs)}; difference ${kb(homeJs - emptyJs)} (target ≤ 25 KB).`,
  "",
  `Back office JavaScript (gzipped): main script ${kb(admin.main.bytes)}; largest of its ${admin.pages} page chunks ${kb(admin.largestPage?.bytes ?? 0)} (${admin.largestPage?.file ?? "none"}); rich-text editor, loaded on demand, ${kb(admin.editor?.bytes ?? 0)}.`,
  "",
];
if (lighthouseRows.length > 0) {
  lines.push(
    `## Lighthouse (mobile defaults: simulated slow 4G, 4× CPU; median of ${lighthouseRuns})`,
    "",
    ...loadLine("Lighthouse"),
    `Guard rail: the home page scores at least ${guardRails.homeLighthouse}.`,
    "",
    "| page | Perf | A11y | Best pr. | SEO | LCP | TBT | CLS | JS (gz) | CSS (gz, with inline) |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |",
    ...lighthouseRows.map(
      (row) =>
        `| ${row.label} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.lcp / 1000).toFixed(2)} s | ${ms(row.tbt)} | ${row.cls.toFixed(3)} | ${kb(row.jsBytes)} | ${kb(row.cssBytes)} |`,
    ),
    "",
  );
  const failing = lighthouseRows.filter((row) => row.failing.length > 0);
  if (failing.length > 0) {
    lines.push(
      "Audits scoring below 0.9:",
      "",
      ...failing.map((row) => `- ${row.label}: ${row.failing.join(", ")}`),
      "",
    );
  }
}
if (realRows.length > 0) {
  const floor = realRows.find((row) => row.floor === true);
  const versus = (row) =>
    row.floor === true || floor === undefined
      ? "| | |"
      : `| ${(row.lcp / floor.lcp).toFixed(2)}× ${yesNo(row.lcp <= floor.lcp * guardRails.largestPaintVsEmpty)} | ${(row.hydrated / floor.hydrated).toFixed(2)}× ${yesNo(row.hydrated <= floor.hydrated * guardRails.interactiveVsEmpty)} |`;
  lines.push(
    `## Real loads (applied throttling: 150 ms latency, 1.6 Mbps, 4× CPU; median of ${realRuns})`,
    "",
    ...loadLine("Real loads"),
    'Lighthouse simulates; these loads are throttled in Chromium itself. "Interactive" is when React has',
    `hydrated the page, so its buttons work. Guard rails: largest paint at most ${guardRails.largestPaintVsEmpty}× the empty app's,`,
    `interactive at most ${guardRails.interactiveVsEmpty}× the empty app's. The empty app is served compressed, like the shop.`,
    "Every round loads each page and the empty app once, in turn, each one place further up than in the round before,",
    "so the machine's load falls on all rows alike.",
    "",
    `| page | first paint | largest paint | interactive | largest paint vs empty app (≤ ${guardRails.largestPaintVsEmpty}×) | interactive vs empty app (≤ ${guardRails.interactiveVsEmpty}×) |`,
    "| --- | --: | --: | --: | --: | --- |",
    ...realRows.map((row) => `| ${row.label} | ${ms(row.fcp)} | ${ms(row.lcp)} | ${ms(row.hydrated)} ${versus(row)}`),
    "",
  );
}
if (uncachedRows.length > 0) {
  const ms1 = (value) => `${value.toFixed(1)} ms`;
  const floorCpu = uncachedRows.find((candidate) => candidate.floor)?.serverCpu;
  lines.push(
    `## Uncached server renders (PAGE_CACHE_SECONDS=0; unique query strings, 10 connections, ${loadSeconds} s each)`,
    "",
    ...loadLine("Uncached server renders"),
    `Each row first runs the same load for ${warmUpSeconds} s without counting it, so that every figure is of a`,
    "warm process, as a server is after its first minute; the prerendered row is warmed the same way.",
    `The rows then run in turn, ${uncachedRounds} ${uncachedRounds === 1 ? "round" : "rounds"}, the prerendered page first and the others one place`,
    "further up each round, so that no row always runs last; each round's ratio is taken",
    "against the prerendered page in the same round. Each row shows the median of its rounds' req/s and p50,",
    "the median and range of its ratios, its worst p99, and its single requests of all rounds together.",
    "",
    `Guard rail: the median ratio at least ${percent(guardRails.uncachedVsPrerendered)} of the prerendered page's requests/s. Single`,
    "requests are sent one after another (no compression, as in every load here).",
    "",
    "CPU per request is the rendering process's own CPU time (user and system, from /proc) over the counted load,",
    "divided by the requests it answered, and the store API's beside it: unlike req/s, it does not depend on",
    "what else shares the cores (the load generator does). The last row is the floor: the empty app's server",
    "build rendering every request through React Router's own listener, so the last column weighs each page",
    "against what React and React Router cost on this machine.",
    "",
    `| page | req/s | p50 | p99 | errors | vs prerendered (≥ ${percent(guardRails.uncachedVsPrerendered)}) | rounds' range | single request p50 | single p99 | CPU per request | store API CPU | CPU vs the floor's render |`,
    "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |",
    ...uncachedRows.map((row, index) => {
      const shopRender = index > 0 && !row.floor;
      const versus = shopRender ? `${percent(row.ratio)} ${yesNo(row.ratio >= guardRails.uncachedVsPrerendered)}` : "";
      const range = shopRender ? percentRange(row.ratioRange) : "";
      const single = ms1(row.single.p50);
      const versusFloor =
        row.floor || row.serverCpu === undefined || floorCpu === undefined
          ? ""
          : `${(row.serverCpu / floorCpu).toFixed(2)}×`;
      return `| ${row.label} | ${Math.round(row.rps)} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.errors} | ${versus} | ${range} | ${single} | ${ms1(row.single.p99)} | ${cpuMs(row.serverCpu)} | ${cpuMs(row.apiCpu)} | ${versusFloor} |`;
    }),
    "",
  );
}
if (scaleRows.length > 0 || scaleNote !== undefined) {
  lines.push(
    `## Checkout at scale (${checkoutConnections} connections, ${loadSeconds} s each; two processes get half each)`,
    "",
    ...loadLine("Checkout at scale"),
    "Store API checkout (POST) on each database. With two processes reached directly, req/s is their sum, p50",
    "and p99 the worse of the two. Behind Caddy, every connection goes to Caddy (plain http, round robin), as",
    "deploy/Caddyfile runs the copies. All processes, the database server, Caddy and the load generator share",
    "this machine's cores.",
    `Guard rail: PGlite with one store API at least ${percent(guardRails.checkoutVsPrerendered)} of the prerendered page's requests/s (/blog, the`,
    `same ${checkoutConnections} connections). That row runs in ${checkoutRounds} rounds, each with the prerendered page beside it, the two taking`,
    "turns at going first; it shows the median of the rounds, and the median and range of their ratios.",
    "",
    "Store API CPU is the store API processes' own CPU time (from /proc) per checkout answered; the database",
    "server's and Caddy's are not in it.",
    "",
    `| database and processes | req/s | p50 | p99 | errors | store API CPU per checkout | vs prerendered (≥ ${percent(guardRails.checkoutVsPrerendered)}) | rounds' range |`,
    "| --- | --: | --: | --: | --: | --: | --: | --: |",
    ...scaleRows.map((row) => {
      const versus =
        row.ratio === undefined
          ? ""
          : `${percent(row.ratio)} of ${Math.round(row.prerenderedRps)} ${row.ratio >= guardRails.checkoutVsPrerendered ? "yes" : "**no**"}`;
      const range = row.ratio === undefined ? "" : percentRange(row.ratioRange);
      return `| ${row.label} | ${Math.round(row.rps)} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.errors} | ${cpuMs(row.cpu)} | ${versus} | ${range} |`;
    }),
    "",
    ...(scaleNote === undefined ? [] : [scaleNote, ""]),
  );
}
lines.push(
  `## Throughput (autocannon, 32 connections, ${loadSeconds} s each, loopback)`,
  "",
  ...loadLine("Throughput"),
  "| measured | req/s | p50 | p99 | errors | ceiling | req/s | p50 | p99 | ratio |",
  "| --- | --: | --: | --: | --: | --- | --: | --: | --: | --: |",
  ...throughputRows.map(
    (row) =>
      `| ${row.label} | ${Math.round(row.measured.rps)} | ${ms(row.measured.p50)} | ${ms(row.measured.p99)} | ${row.measured.errors} | ${row.ceilingLabel} | ${Math.round(row.ceiling.rps)} | ${ms(row.ceiling.p50)} | ${ms(row.ceiling.p99)} | ${(row.ratio * 100).toFixed(0)} % |`,
  ),
  "",
);
if (mixedRows.length > 0) {
  lines.push(
    `## Mixed traffic (${mixedSeconds} s: 24 connections browsing pages, 4 checking out)`,
    "",
    ...loadLine("Mixed traffic"),
    "| traffic | req/s | requests | p50 | p99 | errors |",
    "| --- | --: | --: | --: | --: | --: |",
    ...mixedRows.map(
      (row) =>
        `| ${row.label} | ${Math.round(row.rps)} | ${row.total} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.errors} |`,
    ),
    "",
  );
}
if (attackRuns.length > 0) {
  const statuses = (counts) =>
    Object.entries(counts)
      .map(([status, { count }]) => `${count} × ${status}`)
      .join(", ");
  for (const run of attackRuns) {
    lines.push(
      `## ${run.title}`,
      "",
      ...loadLine(run.title),
      ...run.about,
      "",
      `Attack: ${Math.round(run.result.rps)} req/s, p50 ${ms(run.result.p50)}, p99 ${ms(run.result.p99)}; answers: ${statuses(run.result.statuses)}; ${run.result.errors} connection errors.`,
      "",
      "| second client | when | req/s | p50 | p99 | max | answers | p99 < 200 ms |",
      "| --- | --- | --: | --: | --: | --: | --- | --- |",
      ...run.rows.map(
        (row) =>
          `| ${row.label} | ${row.when} | ${Math.round(row.rps)} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ${statuses(row.statuses)}${row.errors > 0 ? `, ${row.errors} errors` : ""} | ${row.p99 < 200 ? "yes" : "**no**"} |`,
      ),
      "",
    );
  }
}

// --- Guard rails: one line each, in the order of the sections above ---------------------------------
const rails = [];
const homeAudit = lighthouseRows.find((row) => row.label === "/");
if (homeAudit !== undefined) {
  rails.push({
    rule: `Lighthouse performance of / at least ${guardRails.homeLighthouse}`,
    figure: `${homeAudit.performance} (TBT ${ms(homeAudit.tbt)})`,
    held: homeAudit.performance >= guardRails.homeLighthouse,
  });
}
const realFloor = realRows.find((row) => row.floor === true);
if (realFloor !== undefined) {
  const shopRows = realRows.filter((row) => row.floor !== true);
  const worst = (key) => shopRows.reduce((most, row) => (row[key] > most[key] ? row : most));
  const paint = worst("lcp");
  const interactive = worst("hydrated");
  rails.push(
    {
      rule: `largest paint at most ${guardRails.largestPaintVsEmpty}× the empty app's, every page`,
      figure: `worst ${(paint.lcp / realFloor.lcp).toFixed(2)}× (${paint.label})`,
      held: paint.lcp <= realFloor.lcp * guardRails.largestPaintVsEmpty,
    },
    {
      rule: `interactive at most ${guardRails.interactiveVsEmpty}× the empty app's, every page`,
      figure: `worst ${(interactive.hydrated / realFloor.hydrated).toFixed(2)}× (${interactive.label})`,
      held: interactive.hydrated <= realFloor.hydrated * guardRails.interactiveVsEmpty,
    },
  );
}
for (const row of uncachedRows.slice(1).filter((candidate) => !candidate.floor)) {
  rails.push({
    rule: `uncached ${row.label.replace(", page cache off", "")} at least ${percent(guardRails.uncachedVsPrerendered)} of the prerendered page`,
    figure: percent(row.ratio),
    held: row.ratio >= guardRails.uncachedVsPrerendered,
  });
}
const checkoutRail = scaleRows.find((row) => row.ratio !== undefined);
if (checkoutRail !== undefined) {
  rails.push({
    rule: `checkout (PGlite, one store API) at least ${percent(guardRails.checkoutVsPrerendered)} of the prerendered page`,
    figure: `${percent(checkoutRail.ratio)} (${Math.round(checkoutRail.rps)} against ${Math.round(checkoutRail.prerenderedRps)} req/s)`,
    held: checkoutRail.ratio >= guardRails.checkoutVsPrerendered,
  });
}
const crossed = rails.filter((rail) => !rail.held);
lines.splice(
  lines.indexOf("## Page weight"),
  0,
  "## Guard rails",
  "",
  crossed.length === 0
    ? "Every guard rail measured in this run holds."
    : `${crossed.length} of ${rails.length} guard rails crossed in this run.`,
  "",
  "| guard rail | this run | held |",
  "| --- | --: | --- |",
  ...rails.map((rail) => `| ${rail.rule} | ${rail.figure} | ${yesNo(rail.held)} |`),
  "",
);

// The profile of an uncached render is written by hand (bench/render-profile.md) and kept with the results.
lines.push(readFileSync(path.join(benchFolder, "render-profile.md"), "utf8").trim(), "");
const report = `${lines.join("\n")}\n`;
if (!quick && !partial) writeFileSync(path.join(benchFolder, "results.md"), report);
console.log(`\n${report}`);
console.log("Guard rails:");
for (const rail of rails) console.log(`  ${rail.held ? "yes" : "NO "}  ${rail.rule}: ${rail.figure}`);
stopAll();
// A quick run measures too little to judge by; a full one fails when it crosses a guard rail.
process.exit(!quick && crossed.length > 0 ? 1 : 0);

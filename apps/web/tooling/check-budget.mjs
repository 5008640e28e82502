// Part of `npm test`: fails when a page's JavaScript grows past its budget or a page loads code it does
// not use. It reads the built client manifest and file sizes; it never times anything.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { developmentBuildsIn } from "./admin-bundle.mjs";
import { filesForRoute, gzippedBytes, readManifest, sum } from "./bundle-report.mjs";

const clientFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/client");
const manifest = readManifest(clientFolder);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Gzipped JavaScript a page may load beyond the bare React 19 + React Router 7 runtime: an empty app built
 * the same way loads 109 KB (measured by `npm run bench`, which prints it beside ours).
 */
const runtimeFloorBytes = 109 * 1024;
/** Budget per page, above that floor. */
const budgets = {
  "routes/home": 25 * 1024,
  "routes/store": 25 * 1024,
  "routes/product": 30 * 1024,
  "routes/blog": 25 * 1024,
  "routes/blog-article": 25 * 1024,
  "country-usa": 25 * 1024,
  "routes/nepal": 35 * 1024,
  "routes/success": 25 * 1024,
  "routes/shipping": 25 * 1024,
  "routes/returns": 25 * 1024,
  "routes/terms": 25 * 1024,
  "routes/privacy": 25 * 1024,
  "routes/review-policy": 25 * 1024,
};
const cssBudget = 15 * 1024;

/** Code that belongs to one kind of page, found by a string only that code contains. */
const markers = {
  carousel: "Previous image",
  accordion: '"AccordionTrigger"',
  "dialog (cart drawer, mobile menu)": '"DialogContent"',
  "cart drawer": "Proceed to Checkout",
  "mobile menu": "View Cart",
  toasts: '"ToastAction"',
  "markdown renderer": "marked",
  "shipping table": "business days from your order",
  "returns summary": "Time to ask",
  // Wire names only the server's readers of reviews and of the shop's rating know (`*.server.ts`).
  "reviews reader": "display_name",
  "rating reader": "average_rating",
};
/** Loaded on demand only (first open, first toast) or never in the browser, on any page. */
const onDemand = [
  "dialog (cart drawer, mobile menu)",
  "cart drawer",
  "mobile menu",
  "toasts",
  "markdown renderer",
  "reviews reader",
  "rating reader",
];
const mustNotLoad = {
  "routes/home": ["carousel", "accordion", ...onDemand],
  "routes/store": ["carousel", "accordion", ...onDemand],
  "routes/blog": ["carousel", "accordion", ...onDemand],
  "routes/blog-article": ["carousel", "accordion", ...onDemand],
  "routes/product": ["accordion", ...onDemand],
  "country-usa": ["carousel", "accordion", ...onDemand],
  "routes/nepal": ["carousel", ...onDemand],
  "routes/success": ["carousel", "accordion", "shipping table", "returns summary", ...onDemand],
  // Each help page loads its own live block only; their Markdown arrives as HTML, compiled at build time.
  "routes/shipping": ["carousel", "accordion", "returns summary", ...onDemand],
  "routes/returns": ["carousel", "accordion", "shipping table", ...onDemand],
  "routes/terms": ["carousel", "accordion", "shipping table", "returns summary", ...onDemand],
  "routes/privacy": ["carousel", "accordion", "shipping table", "returns summary", ...onDemand],
  "routes/review-policy": ["carousel", "accordion", "shipping table", "returns summary", ...onDemand],
};
/** Positive controls: a marker that finds nothing anywhere would make the check above meaningless. */
const mustLoad = {
  "routes/product": ["carousel"],
  "routes/nepal": ["accordion"],
  "routes/shipping": ["shipping table"],
  "routes/returns": ["returns summary"],
};

const failures = [];
const stylesheets = readdirSync(path.join(clientFolder, "assets"))
  .filter((name) => name.endsWith(".css"))
  .map((name) => `/assets/${name}`);
// The site's stylesheet is written into each page's <head>; measure it from the prerendered blog list.
const inlineStyles = [
  ...readFileSync(path.join(clientFolder, "blog", "index.html"), "utf8").matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g),
]
  .map((match) => match[1] ?? "")
  .join("");
const inlineCssBytes = gzipSync(inlineStyles, { level: 9 }).length;
if (inlineCssBytes < 1024) failures.push("the inline stylesheet is missing from the blog list");
const contents = (file) => readFileSync(path.join(clientFolder, file), "utf8");

for (const [routeId, budget] of Object.entries(budgets)) {
  const { javascript, css } = filesForRoute(manifest, routeId);
  const totalBytes = sum(javascript.map((file) => gzippedBytes(clientFolder, file)));
  const pageBytes = totalBytes - runtimeFloorBytes;
  // The stylesheet is linked from the root route, not listed in the manifest.
  const cssBytes = inlineCssBytes + sum([...css, ...stylesheets].map((file) => gzippedBytes(clientFolder, file)));
  console.log(
    `${routeId.padEnd(20)} JavaScript ${kb(totalBytes)} in ${javascript.length} files, ${kb(pageBytes)} above the floor (budget ${kb(budget)})  css ${kb(cssBytes)}`,
  );
  if (pageBytes > budget) failures.push(`${routeId}: page JavaScript ${kb(pageBytes)} exceeds ${kb(budget)}`);
  if (cssBytes > cssBudget) failures.push(`${routeId}: CSS ${kb(cssBytes)} exceeds ${kb(cssBudget)}`);
  const loaded = javascript.map(contents).join("\n");
  for (const name of mustNotLoad[routeId] ?? []) {
    if (loaded.includes(markers[name])) failures.push(`${routeId} loads the ${name}, which it does not use`);
  }
  for (const name of mustLoad[routeId] ?? []) {
    if (!loaded.includes(markers[name])) failures.push(`${routeId} should load the ${name}, but its marker is missing`);
  }
}

// The back office (apps/admin) is served by the store API at /admin: none of its code may reach the shop.
// Its markers: the address of its API, which every admin bundle holds and no storefront code needs, and
// the rich-text editor's engine (ProseMirror), the largest thing the back office loads.
const adminMarkers = ["/admin/api", "ProseMirror"];
const adminAssets = path.resolve(clientFolder, "../../../admin/dist/assets");
const adminSources = readdirSync(adminAssets)
  .filter((name) => name.endsWith(".js"))
  .map((name) => readFileSync(path.join(adminAssets, name), "utf8"));
for (const marker of adminMarkers) {
  if (!adminSources.some((source) => source.includes(marker))) {
    failures.push(`the back office's bundle lacks its marker ${marker}, so the check below would prove nothing`);
  }
}
failures.push(...developmentBuildsIn(adminSources));
const shopFiles = readdirSync(clientFolder, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(js|html)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
for (const file of shopFiles) {
  const source = readFileSync(file, "utf8");
  for (const marker of adminMarkers) {
    if (source.includes(marker))
      failures.push(`${path.relative(clientFolder, file)} holds back-office code (${marker})`);
  }
}
console.log(`Back office: none of its code in the shop's ${shopFiles.length} scripts and pages.`);

if (failures.length > 0) {
  console.error(`\nBundle budget failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("Bundle budget: every page within budget and free of code it does not use.");

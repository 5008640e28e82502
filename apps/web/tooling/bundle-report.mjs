// Reads React Router's client manifest: which JavaScript files each page loads, and their gzipped size.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export function readManifest(clientFolder) {
  const assets = path.join(clientFolder, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (file === undefined) throw new Error(`No React Router manifest in ${assets}; build the web app first.`);
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
}

/** The route ids from root down to a route. */
export function routeChain(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id !== undefined; id = manifest.routes[id]?.parentId) {
    if (manifest.routes[id] === undefined) throw new Error(`Unknown route ${id}`);
    chain.unshift(id);
  }
  return chain;
}

/** Every JavaScript and CSS file a first visit to the route loads, with the entry's runtime listed apart. */
export function filesForRoute(manifest, routeId) {
  const runtime = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const files = new Set(runtime);
  const css = new Set(manifest.entry.css ?? []);
  for (const id of routeChain(manifest, routeId)) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
    for (const sheet of route.css ?? []) css.add(sheet);
  }
  return { runtime: [...runtime], javascript: [...files], css: [...css] };
}

export function gzippedBytes(clientFolder, urlPath) {
  return gzipSync(readFileSync(path.join(clientFolder, urlPath)), { level: 9 }).length;
}

export function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * The back office's build (`adminFolder` is apps/admin): its main script (named by dist/index.html), its
 * largest page chunk (page-*.js, one per lazily loaded module of src/routes) and the rich-text editor's
 * chunk, each with its gzipped size.
 */
export function adminBundleSizes(adminFolder) {
  const dist = path.join(adminFolder, "dist");
  const main = /<script type="module"[^>]* src="\/admin\/([^"]+)"/.exec(
    readFileSync(path.join(dist, "index.html"), "utf8"),
  )?.[1];
  if (main === undefined) throw new Error("apps/admin/dist/index.html names no main script");
  const chunks = readdirSync(path.join(dist, "assets")).filter((name) => name.endsWith(".js"));
  const sized = (name) => ({ file: `assets/${name}`, bytes: gzippedBytes(dist, `assets/${name}`) });
  const pageChunks = chunks.filter((name) => name.startsWith("page-")).map(sized);
  const editor = chunks.find((name) => name.startsWith("rich-text-editor-"));
  return {
    main: sized(path.basename(main)),
    largestPage: pageChunks.toSorted((left, right) => right.bytes - left.bytes)[0],
    pages: pageChunks.length,
    editor: editor === undefined ? undefined : sized(editor),
  };
}

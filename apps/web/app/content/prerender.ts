import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { shopPageSlugs } from "./shop-pages";

const blogFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "blog");

/**
 * Paths written to static HTML at build time: everything that does not read the live catalogue. Not
 * /success: it asks the store API about the order from the browser, at the address the running server's
 * settings name (and its Content-Security-Policy allows), which a build-time page could not know. Not the
 * country pages either (issue 26): they quote the catalogue's price in their market's currency, so they
 * render on the server and share /store's page cache. Nor the other markets' homes (`/us` and the like),
 * whose hero quotes the catalogue too. Nepal's home keeps SPEC's fixed price and stays static.
 */
export function prerenderPaths(): string[] {
  const articles = readdirSync(blogFolder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => `/blog/${file.slice(0, -".md".length)}`);
  return ["/", "/blog", ...articles, "/shilajit-nepal", ...shopPageSlugs.map((slug) => `/${slug}`), "/404"];
}

import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countrySlugs } from "./country-slugs";
import { shopPageSlugs } from "./shop-pages";

const blogFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "blog");

/**
 * Paths written to static HTML at build time: everything that does not read the live catalogue. Not
 * /success: it asks the store API about the order from the browser, at the address the running server's
 * settings name (and its Content-Security-Policy allows), which a build-time page could not know.
 */
export function prerenderPaths(): string[] {
  const articles = readdirSync(blogFolder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => `/blog/${file.slice(0, -".md".length)}`);
  return [
    "/",
    "/blog",
    ...articles,
    "/shilajit-nepal",
    ...countrySlugs.map((slug) => `/shilajit-in-${slug}`),
    ...shopPageSlugs.map((slug) => `/${slug}`),
    "/404",
  ];
}

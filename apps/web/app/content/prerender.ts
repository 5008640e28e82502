import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countrySlugs } from "./country-slugs";
import { shopPageSlugs } from "./shop-pages";

const blogFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "blog");

/** Paths written to static HTML at build time: everything that does not read the live catalogue. */
export function prerenderPaths(): string[] {
  const articles = readdirSync(blogFolder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => `/blog/${file.slice(0, -".md".length)}`);
  return [
    "/",
    "/success",
    "/blog",
    ...articles,
    "/shilajit-nepal",
    ...countrySlugs.map((slug) => `/shilajit-in-${slug}`),
    ...shopPageSlugs.map((slug) => `/${slug}`),
    "/404",
  ];
}

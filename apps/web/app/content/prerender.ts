import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { shopPageSlugs, type ShopPageSlug } from "./shop-pages";

const blogFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "blog");

/** The help pages that quote the store's live figures (its delivery rates), so render per request. */
export const liveShopPages: readonly ShopPageSlug[] = ["shipping"];

/**
 * Paths written to static HTML at build time: everything that does not read the live catalogue. Not
 * /success: it asks the store API about the order from the browser, at the address the running server's
 * settings name (and its Content-Security-Policy allows), which a build-time page could not know. Not the
 * country pages either (issue 26): they quote the catalogue's price in their market's currency, so they
 * render on the server and share /store's page cache. Nor the other markets' homes (`/us` and the like),
 * whose hero quotes the catalogue too. Nepal's home keeps SPEC's fixed price and stays static. Not the
 * pages that state the store's delivery rates, which the owner changes in the back office (issue 28): the
 * shipping page and the Nepal page, whose structured data offers delivery to Nepal.
 */
export function prerenderPaths(): string[] {
  const articles = readdirSync(blogFolder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => `/blog/${file.slice(0, -".md".length)}`);
  const staticPages = shopPageSlugs.filter((slug) => !liveShopPages.includes(slug)).map((slug) => `/${slug}`);
  return ["/", "/blog", ...articles, ...staticPages, "/404"];
}

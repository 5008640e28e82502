import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { quotesLivePrices } from "./article-tokens";
import { shopPageSlugs, type ShopPageSlug } from "./shop-pages";

const blogFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "blog");

/** The help pages that quote the store's live figures (its delivery rates), so render per request. */
export const liveShopPages: readonly ShopPageSlug[] = ["shipping"];

/**
 * Paths written to static HTML at build time: everything that states nothing the owner can change. Not
 * /success: it asks the store API about the order from the browser, at the address the running server's
 * settings name (and its Content-Security-Policy allows), which a build-time page could not know. Not the
 * pages that state a catalogue price, which the owner changes in the back office and which must show the
 * change at once: every market's home (its hero and About text), the country pages and the Nepal page (their
 * price lines and offers), and the articles that quote a price. They render on the server and share /store's
 * page cache. Nor the pages that state the store's delivery rates, such as the shipping page.
 */
export function prerenderPaths(): string[] {
  const articles = readdirSync(blogFolder)
    .filter((file) => file.endsWith(".md"))
    .filter((file) => !quotesLivePrices(readFileSync(path.join(blogFolder, file), "utf8")))
    .map((file) => `/blog/${file.slice(0, -".md".length)}`);
  const staticPages = shopPageSlugs.filter((slug) => !liveShopPages.includes(slug)).map((slug) => `/${slug}`);
  return ["/blog", ...articles, ...staticPages, "/404"];
}

import { countrySlugs } from "~/content/country-slugs";
import { shopPageSlugs } from "~/content/shop-pages";
import { articleSummaries } from "~/lib/blog/articles.server";
import { serverEnvironment } from "~/lib/env.server";
import { marketPath, markets } from "~/lib/markets";
import { buildSitemap, type SitemapEntry } from "~/lib/seo/sitemap";
import { storeApiFor } from "~/lib/store-api/context.server";
import type { Route } from "./+types/sitemap";

/**
 * Every public page; products are read from the store when the sitemap is asked for. Each market's copy
 * of the catalogue pages is listed too: Nepal's (the unprefixed URLs) first, then `/us`, `/in` and on.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const articles = articleSummaries();
  const entries: SitemapEntry[] = [
    ...markets.flatMap((market) => [{ path: marketPath(market, "/") }, { path: marketPath(market, "/store") }]),
    { path: "/blog", ...(articles[0] === undefined ? {} : { lastModified: articles[0].isoDate }) },
    ...articles.map((article) => ({ path: `/blog/${article.slug}`, lastModified: article.isoDate })),
    { path: "/shilajit-nepal" },
    ...countrySlugs.map((slug) => ({ path: `/shilajit-in-${slug}` })),
    ...shopPageSlugs.map((slug) => ({ path: `/${slug}` })),
  ];
  let complete = true;
  try {
    const { products } = await storeApiFor(context).listProducts({ limit: 100 }, request.signal);
    for (const market of markets) {
      entries.push(
        ...products.map((product) => ({ path: marketPath(market, `/product/${encodeURIComponent(product.id)}`) })),
      );
    }
  } catch {
    // The pages we know of are still worth listing; the short cache lets products return soon.
    complete = false;
  }
  return new Response(buildSitemap(serverEnvironment().siteUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": complete ? "public, max-age=3600" : "public, max-age=60",
    },
  });
}

import { index, route, type RouteConfig } from "@react-router/dev/routes";
// From the contract's source: React Router reads this file before Vite's aliases apply.
import { markets } from "../../../packages/hosted-api/src/markets.ts";
import { countrySlugs } from "./content/country-slugs";
import { shopPageSlugs } from "./content/shop-pages";

/**
 * The other markets' copies of the catalogue pages (docs/storefront.md#markets): `/us`, `/us/store`,
 * `/us/product/:id` and so on, served by the same modules; the page reads its market from its URL.
 */
const marketRoutes = markets
  .filter((market) => market.pathPrefix !== "")
  .flatMap((market) => {
    const prefix = market.pathPrefix.slice(1);
    return [
      route(prefix, "routes/home.tsx", { id: `market-${market.code}-home` }),
      route(`${prefix}/store`, "routes/store.tsx", { id: `market-${market.code}-store` }),
      route(`${prefix}/product/:id`, "routes/product.tsx", { id: `market-${market.code}-product` }),
    ];
  });

/** The route table (docs/storefront.md#routes), with the help and policy pages and the other markets' copies. */
export default [
  index("routes/home.tsx"),
  route("store", "routes/store.tsx"),
  route("product/:id", "routes/product.tsx"),
  ...marketRoutes,
  route("success", "routes/success.tsx"),
  route("shilajit-nepal", "routes/nepal.tsx"),
  ...countrySlugs.map((slug) => route(`shilajit-in-${slug}`, "routes/country.tsx", { id: `country-${slug}` })),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-article.tsx"),
  ...shopPageSlugs.map((slug) => route(slug, `routes/${slug}.tsx`)),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blog/feed.xml", "routes/feed.ts"),
  // The shopping feeds, one per market (`/feeds/google/us.xml`, `/feeds/meta/us.csv`).
  route("feeds/google/:file", "routes/google-feed.ts"),
  route("feeds/meta/:file", "routes/meta-feed.ts"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;

import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { countrySlugs } from "./content/country-slugs";
import { shopPageSlugs } from "./content/shop-pages";

/** The route table of SPEC §2, with the help and policy pages of issue 12. */
export default [
  index("routes/home.tsx"),
  route("store", "routes/store.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("success", "routes/success.tsx"),
  route("shilajit-nepal", "routes/nepal.tsx"),
  ...countrySlugs.map((slug) => route(`shilajit-in-${slug}`, "routes/country.tsx", { id: `country-${slug}` })),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-article.tsx"),
  ...shopPageSlugs.map((slug) => route(slug, `routes/${slug}.tsx`)),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blog/feed.xml", "routes/feed.ts"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;

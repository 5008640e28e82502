import type { MetaDescriptor } from "react-router";
import type { ShopPage } from "virtual:shop-pages";
import { site } from "~/content/site";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";

/** Title, description, canonical and social tags of a help or policy page; indexed like any page. */
export function shopPageMeta(
  page: Pick<ShopPage, "slug" | "title" | "metaDescription"> | undefined,
  matches: Parameters<typeof siteUrlOf>[0],
): MetaDescriptor[] {
  if (page === undefined) return [];
  return pageMeta({
    siteUrl: siteUrlOf(matches),
    path: `/${page.slug}`,
    title: `${page.title} | ${site.brand}`,
    description: page.metaDescription,
  });
}

import { pages, type PageSection, type ShopPage } from "virtual:shop-pages";
import type { ShopPageSlug } from "~/content/shop-pages";
import { fillTokens, pageTokenValues } from "~/lib/shop-offer/page-tokens";

/** A help or policy page with the shop's current figures written into its text. */
export function findPage(slug: ShopPageSlug): ShopPage {
  const page = pages.find((candidate) => candidate.slug === slug);
  // Every slug has a file (the build checks), so a miss is a programming error, not a 404.
  if (page === undefined) throw new Error(`No page ${slug} in app/content/pages`);
  const values = pageTokenValues();
  const sections: PageSection[] = page.sections.map((section) =>
    "html" in section ? { html: fillTokens(section.html, values) } : section,
  );
  return { ...page, sections };
}

export type { PageSection, ShopPage };

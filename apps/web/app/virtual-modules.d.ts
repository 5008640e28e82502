declare module "virtual:blog-articles" {
  export interface Article {
    slug: string;
    title: string;
    /** For the <title> when `title` is over 60 characters. */
    shortTitle?: string;
    /** As written, e.g. 'July 17, 2025'. */
    date: string;
    /** ISO date, e.g. '2025-07-17'. */
    isoDate: string;
    author: string;
    excerpt: string;
    metaDescription: string;
    keywords: string[];
    html: string;
    wordCount: number;
  }
  /** Every article, newest first. */
  export const articles: readonly Article[];
}

declare module "virtual:shop-pages" {
  import type { ShopPageBlock, ShopPageSlug } from "~/content/shop-pages";

  /** HTML from the Markdown, or a block the page's route renders from live data. */
  export type PageSection = { html: string } | { block: ShopPageBlock };

  export interface ShopPage {
    slug: ShopPageSlug;
    /** The page's heading. */
    title: string;
    /** One sentence under the heading. */
    summary: string;
    metaDescription: string;
    /** Inline `{{token}}`s are still in the HTML; `pages.server.ts` fills them. */
    sections: PageSection[];
  }
  /** The help and policy pages, in the order of `shopPageSlugs`. */
  export const pages: readonly ShopPage[];
}

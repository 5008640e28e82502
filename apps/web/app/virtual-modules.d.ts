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

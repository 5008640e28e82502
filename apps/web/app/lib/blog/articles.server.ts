import { articles, type Article } from "virtual:blog-articles";

export type ArticleSummary = Omit<Article, "html" | "wordCount">;

/** Every article without its body, newest first: what the blog list and feeds need. */
export function articleSummaries(): ArticleSummary[] {
  return articles.map(({ html: _html, wordCount: _wordCount, ...summary }) => summary);
}

export function findArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}

export { articles };
export type { Article };

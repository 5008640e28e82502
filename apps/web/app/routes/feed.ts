import { site } from "~/content/site";
import { articleSummaries } from "~/lib/blog/articles.server";
import { serverEnvironment } from "~/lib/env.server";
import { buildRssFeed } from "~/lib/seo/sitemap";

export function loader() {
  const feed = buildRssFeed({
    siteUrl: serverEnvironment().siteUrl,
    title: `The ${site.brand} Blog`,
    description: "Benefits, research and wellness tips on Himalayan shilajit.",
    items: articleSummaries().map((article) => ({
      slug: article.slug,
      title: article.title,
      description: article.excerpt,
      isoDate: article.isoDate,
      author: article.author,
    })),
  });
  return new Response(feed, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

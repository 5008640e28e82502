import type { CSSProperties } from "react";
import { Link } from "react-router";
import { site } from "~/content/site";
import { useRevealOnScroll } from "~/hooks/use-reveal-on-scroll";
import { articleSummaries, type ArticleSummary } from "~/lib/blog/articles.server";
import { brandCardSize, pageMeta, siteUrlOf } from "~/lib/seo/meta";
import type { Route } from "./+types/blog";

/** Blog cards animate in 0.05 s apart (docs/storefront.md#blog). */
export const blogCardStaggerSeconds = 0.05;
export const blogTitle = `The ${site.brand} Blog`;

export function loader() {
  return { articles: articleSummaries() };
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: blogTitle, href: "/blog/feed.xml" },
];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    siteUrl: siteUrlOf(matches),
    path: "/blog",
    title: `${blogTitle}: Benefits, Research and Tips`,
    description:
      "Guides on Himalayan shilajit: benefits, dosage, safety, how to spot fakes, and what research says, written by the Herbo Shilajit team.",
    image: "/images/og-blog.png",
    imageSize: brandCardSize,
    imageAlt: blogTitle,
  });
}

function ArticleCard({ article, index }: { article: ArticleSummary; index: number }) {
  const ref = useRevealOnScroll<HTMLLIElement>();
  const href = `/blog/${article.slug}`;
  return (
    <li
      ref={ref}
      className="reveal flex"
      style={{ "--stagger-delay": `${(index * blogCardStaggerSeconds).toFixed(2)}s` } as CSSProperties}
    >
      <article className="flex w-full flex-col rounded-2xl border border-line bg-white p-6 shadow-sm transition-shadow hover:shadow-lg">
        <h2 className="text-xl leading-snug font-bold">
          <Link to={href} className="hover:text-gold-dark">
            {article.title}
          </Link>
        </h2>
        <p className="mt-3 text-sm text-bark">
          <time dateTime={article.isoDate}>{article.date}</time>
          <span aria-hidden="true"> · </span>
          <span>{article.author}</span>
        </p>
        <p className="mt-3 flex-1 text-bark">{article.excerpt}</p>
        <Link
          to={href}
          className="mt-5 inline-flex items-center gap-1 font-semibold text-gold-dark hover:text-resin"
          aria-label={`Read More: ${article.title}`}
        >
          Read More <span aria-hidden="true">→</span>
        </Link>
      </article>
    </li>
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-12 md:py-16">
      <h1 className="text-center text-4xl font-bold sm:text-5xl">{blogTitle}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-bark">
        Benefits, research and wellness tips on Himalayan shilajit, from how to take it to how to spot a fake.
      </p>
      <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {loaderData.articles.map((article, index) => (
          <ArticleCard key={article.slug} article={article} index={index} />
        ))}
      </ul>
    </section>
  );
}

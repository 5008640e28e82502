import { HealthDisclaimer } from "~/components/content/health-disclaimer";
import { fdaDisclaimer } from "~/content/health-disclaimer.server";
import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, useNavigate } from "react-router";
import { NotFoundContent } from "~/components/content/not-found-content";
import { BackLink } from "~/components/ui/back-link";
import { site } from "~/content/site";
import { flagshipPriceToken, quotesLivePrices } from "~/content/article-tokens";
import { findArticle } from "~/lib/blog/articles.server";
import { useShoppingMarket } from "~/lib/last-market";
import { marketPath, markets } from "~/lib/markets";
import { fillTokens } from "~/lib/shop-offer/page-tokens";
import { flagshipPricesByMarket, priceInCopy } from "~/lib/stated-price";
import { storeApiFor } from "~/lib/store-api/context.server";
import { brandCardSize, documentTitle, pageMeta, siteUrlOf } from "~/lib/seo/meta";
import { blogPostingJsonLd, breadcrumbJsonLd } from "~/lib/seo/page-structured-data";
import type { Route } from "./+types/blog-article";

/**
 * Most articles are written to HTML at build time. One that quotes a price (`{{flagship-price-np}}`) gets
 * the catalogue's price written in per request, so it never promises an old one; when the store cannot
 * answer it reads "the price listed" instead, and that answer is not cached.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = findArticle(params.slug);
  if (found === undefined) throw data(null, { status: 404 });
  // Articles speak of what shilajit may do, and US readers read them too.
  const healthDisclaimer = fdaDisclaimer;
  if (!quotesLivePrices(found.html)) return data({ article: found, healthDisclaimer });
  const prices = await storeApiFor(context)
    .listProducts({}, request.signal)
    .then(
      (list) => flagshipPricesByMarket(list.products),
      () => null,
    );
  const values = Object.fromEntries(
    markets.map((market) => {
      const quoted = prices?.get(market.code);
      return [flagshipPriceToken(market.code), quoted === undefined ? "the price listed" : priceInCopy(quoted)];
    }),
  );
  const article = { ...found, html: fillTokens(found.html, values) };
  return data(
    { article, healthDisclaimer },
    prices === null ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const article = loaderData?.article;
  if (article === undefined)
    return [{ title: `Page Not Found | ${site.brand}` }, { name: "robots", content: "noindex" }];
  const siteUrl = siteUrlOf(matches);
  return [
    ...pageMeta({
      siteUrl,
      path: `/blog/${article.slug}`,
      title: article.title,
      documentTitle: documentTitle(article.title, article.shortTitle),
      description: article.metaDescription,
      type: "article",
      image: "/images/og-blog.png",
      imageSize: brandCardSize,
      imageAlt: article.title,
    }),
    { name: "keywords", content: article.keywords.join(", ") },
    { name: "author", content: article.author },
    { property: "article:published_time", content: article.isoDate },
    { property: "article:author", content: article.author },
    { "script:ld+json": blogPostingJsonLd({ siteUrl, ...article, description: article.metaDescription }) },
    {
      "script:ld+json": breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: article.title, path: `/blog/${article.slug}` },
      ]),
    },
  ];
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  // The shop of the market the reader last shopped in, once the page has hydrated; else the home page.
  const shop = marketPath(useShoppingMarket(), "/");
  return (
    <article className="container-page max-w-3xl py-10 md:py-14">
      <BackLink to="/blog">Back to Blog</BackLink>
      <header className="mt-6 border-b border-line pb-6">
        <h1 className="text-3xl leading-tight font-bold sm:text-4xl md:text-5xl">{article.title}</h1>
        <p className="mt-4 text-bark">
          <time dateTime={article.isoDate}>{article.date}</time>
          <span aria-hidden="true"> · </span>
          By {article.author}
        </p>
      </header>
      <div className="prose-shop mt-8" dangerouslySetInnerHTML={{ __html: article.html }} />
      <HealthDisclaimer text={loaderData.healthDisclaimer} />
      <aside className="mt-14 rounded-3xl bg-resin p-8 text-center text-cream sm:p-10">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready to experience the benefits?</h2>
        <p className="mx-auto mt-3 max-w-lg text-cream/80">
          Pure Himalayan shilajit resin, purified in small batches and lab-tested for purity.
        </p>
        <Link to={shop} className="button-gold mt-6">
          Shop {site.brand}
        </Link>
      </aside>
    </article>
  );
}

/** An unknown slug: the server answers 404 with the not-found page, and the browser moves to /404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const navigate = useNavigate();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (missing) void navigate("/404", { replace: true });
  }, [missing, navigate]);
  if (missing) return <NotFoundContent />;
  throw error;
}

import { site } from "~/content/site";
import { absoluteUrl } from "./meta";

/**
 * The structured data of pages other than the product offers (structured-data.ts): the shop and the site, the
 * breadcrumb trail, an article and a FAQ. Kept apart so a country page, which states only its offer, does not
 * load these.
 */
type JsonLd = Record<string, unknown>;

function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#organization`;
}

/** The shop as an organisation, for the home page. */
export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: site.brand,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, "/apple-touch-icon.png"),
    email: site.email,
    address: { "@type": "PostalAddress", addressLocality: site.address.locality, addressCountry: site.address.country },
    sameAs: [site.social.facebook, site.social.instagram],
  };
}

/** The site itself, for the home page. */
export function webSiteJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.brand,
    url: absoluteUrl(siteUrl, "/"),
    inLanguage: "en",
    publisher: { "@id": organizationId(siteUrl) },
  };
}

/** The trail from the home page to this page; the last crumb is the page itself. */
export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

export interface BlogPostingInput {
  siteUrl: string;
  slug: string;
  title: string;
  description: string;
  isoDate: string;
  author: string;
  keywords: readonly string[];
  wordCount: number;
}

export function blogPostingJsonLd(article: BlogPostingInput): JsonLd {
  const url = absoluteUrl(article.siteUrl, `/blog/${article.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    datePublished: article.isoDate,
    dateModified: article.isoDate,
    author: { "@type": "Organization", name: article.author, url: absoluteUrl(article.siteUrl, "/") },
    publisher: {
      "@type": "Organization",
      name: site.brand,
      logo: { "@type": "ImageObject", url: absoluteUrl(article.siteUrl, "/apple-touch-icon.png") },
    },
    image: absoluteUrl(article.siteUrl, "/images/og-blog.png"),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    keywords: article.keywords.join(", "),
    wordCount: article.wordCount,
    inLanguage: "en",
  };
}

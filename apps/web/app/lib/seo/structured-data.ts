import type { CountryLanding, FaqItem } from "~/content/types";
import { site } from "~/content/site";
import { absoluteUrl } from "./meta";

type JsonLd = Record<string, unknown>;

/** SPEC §3: the shipping destination of a country record: UK is GB, the rest their upper-case slug. */
export function shippingCountryCode(slug: string): string {
  return slug === "uk" ? "GB" : slug.toUpperCase();
}

export function countrySku(slug: string): string {
  return `${site.skuPrefix}${slug.toUpperCase()}`;
}

/** Structured product data for a country landing page (SPEC §3 and §9). */
export function countryProductJsonLd(country: CountryLanding, siteUrl: string): JsonLd {
  const pageUrl = absoluteUrl(siteUrl, `/shilajit-in-${country.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `${site.brand} ${site.tagline} in ${country.country}`,
    image: absoluteUrl(siteUrl, "/images/og-default.png"),
    description: country.metaDescription,
    sku: countrySku(country.slug),
    brand: { "@type": "Brand", name: site.brand },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: String(site.rating.value),
      bestRating: String(site.rating.best),
      reviewCount: String(site.rating.countryReviewCount),
    },
    offers: {
      "@type": "Offer",
      url: pageUrl,
      priceCurrency: country.currency,
      price: country.price,
      priceValidUntil: site.priceValidUntil,
      itemCondition: "https://schema.org/NewCondition",
      availability: "https://schema.org/InStock",
      seller: { "@type": "Organization", name: site.brand },
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingDestination: { "@type": "DefinedRegion", addressCountry: shippingCountryCode(country.slug) },
      },
    },
  };
}

/** Structured product data for the Nepal page: NPR 1200, 150 reviews, free shipping to Nepal. */
export function nepalProductJsonLd(input: { siteUrl: string; description: string }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `${site.brand} ${site.tagline}`,
    image: absoluteUrl(input.siteUrl, "/images/og-default.png"),
    description: input.description,
    sku: countrySku("nepal"),
    brand: { "@type": "Brand", name: site.brand },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: String(site.rating.value),
      bestRating: String(site.rating.best),
      reviewCount: String(site.rating.nepalReviewCount),
    },
    offers: {
      "@type": "Offer",
      url: absoluteUrl(input.siteUrl, "/shilajit-nepal"),
      priceCurrency: site.nepalOffer.currency,
      price: site.nepalOffer.price,
      priceValidUntil: site.priceValidUntil,
      itemCondition: "https://schema.org/NewCondition",
      availability: "https://schema.org/InStock",
      seller: { "@type": "Organization", name: site.brand },
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: {
          "@type": "MonetaryAmount",
          value: site.nepalOffer.shippingRate,
          currency: site.nepalOffer.currency,
        },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "NP" },
      },
    },
  };
}

export function faqJsonLd(items: readonly FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
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

/**
 * JSON for a `<script type="application/ld+json">` body that no content can close early:
 * `<`, `>`, `&` and the JavaScript line separators are written as unicode escapes.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

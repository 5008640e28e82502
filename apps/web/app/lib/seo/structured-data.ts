import type { CountryLanding, FaqItem } from "~/content/types";
import { displayedVariant, effectivePrice } from "~/lib/money";
import type { Product } from "~/lib/store-api/types";
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

interface LandingOffer {
  name: string;
  description: string;
  sku: string;
  reviewCount: number;
  pageUrl: string;
  currency: string;
  price: string;
  shippingDetails: JsonLd;
}

/** The brand's product as a landing page offers it: fixed rating, price valid to the end of 2025, in stock. */
function landingProductJsonLd(siteUrl: string, offer: LandingOffer): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: offer.name,
    image: absoluteUrl(siteUrl, "/images/og-default.png"),
    description: offer.description,
    sku: offer.sku,
    brand: { "@type": "Brand", name: site.brand },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: String(site.rating.value),
      bestRating: String(site.rating.best),
      reviewCount: String(offer.reviewCount),
    },
    offers: {
      "@type": "Offer",
      url: offer.pageUrl,
      priceCurrency: offer.currency,
      price: offer.price,
      priceValidUntil: site.priceValidUntil,
      itemCondition: "https://schema.org/NewCondition",
      availability: "https://schema.org/InStock",
      seller: { "@type": "Organization", name: site.brand },
      shippingDetails: { "@type": "OfferShippingDetails", ...offer.shippingDetails },
    },
  };
}

/** Structured product data for a country landing page (SPEC §3 and §9). */
export function countryProductJsonLd(country: CountryLanding, siteUrl: string): JsonLd {
  return landingProductJsonLd(siteUrl, {
    name: `${site.brand} ${site.tagline} in ${country.country}`,
    description: country.metaDescription,
    sku: countrySku(country.slug),
    reviewCount: site.rating.countryReviewCount,
    pageUrl: absoluteUrl(siteUrl, `/shilajit-in-${country.slug}`),
    currency: country.currency,
    price: country.price,
    shippingDetails: {
      shippingDestination: { "@type": "DefinedRegion", addressCountry: shippingCountryCode(country.slug) },
    },
  });
}

/** Structured product data for the Nepal page: NPR 1200, 150 reviews, free shipping to Nepal. */
export function nepalProductJsonLd(input: { siteUrl: string; description: string }): JsonLd {
  return landingProductJsonLd(input.siteUrl, {
    name: `${site.brand} ${site.tagline}`,
    description: input.description,
    sku: countrySku("nepal"),
    reviewCount: site.rating.nepalReviewCount,
    pageUrl: absoluteUrl(input.siteUrl, "/shilajit-nepal"),
    currency: site.nepalOffer.currency,
    price: site.nepalOffer.price,
    shippingDetails: {
      shippingRate: {
        "@type": "MonetaryAmount",
        value: site.nepalOffer.shippingRate,
        currency: site.nepalOffer.currency,
      },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "NP" },
    },
  });
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

/** Product data for a catalogue product page, from the store's live price and stock. */
export function productJsonLd(product: Product, input: { siteUrl: string; description: string }): JsonLd {
  const variant = displayedVariant(product);
  const inStock =
    product.purchasable &&
    variant !== undefined &&
    (!variant.manageInventory || variant.inventoryQuantity === null || variant.inventoryQuantity > 0);
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: input.description,
    brand: { "@type": "Brand", name: site.brand },
    url: absoluteUrl(input.siteUrl, `/product/${encodeURIComponent(product.id)}`),
  };
  const image = product.images[0]?.url;
  if (image !== undefined) data.image = image;
  if (variant?.sku !== null && variant?.sku !== undefined) data.sku = variant.sku;
  if (variant !== undefined) {
    const digits = variant.currency.decimalDigits;
    data.offers = {
      "@type": "Offer",
      url: absoluteUrl(input.siteUrl, `/product/${encodeURIComponent(product.id)}`),
      priceCurrency: variant.currency.code.toUpperCase(),
      price: (effectivePrice(variant) / 10 ** digits).toFixed(digits),
      itemCondition: "https://schema.org/NewCondition",
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    };
  }
  return data;
}

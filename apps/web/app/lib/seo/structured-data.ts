import { decimalAmount as exactDecimal } from "@herbo/hosted-api";
import { returnPolicy } from "~/content/shipping";
import { site } from "~/content/site";
import type { CountryLanding, FaqItem } from "~/content/types";
import { endOfYear } from "~/lib/calendar";
import type { ShippingRate } from "~/lib/store-api/types";
import { absoluteUrl, defaultSocialImage } from "./meta";

type JsonLd = Record<string, unknown>;

export function countrySku(slug: string): string {
  return `${site.skuPrefix}${slug.toUpperCase()}`;
}

/** Minor units as the decimal string structured data wants, e.g. 1299 → "12.99". */
function decimalAmount(minorUnits: number, digits: number): string {
  return exactDecimal(minorUnits, digits);
}

/**
 * An offer's price as a decimal string, without a zero minor part: 2999 → "29.99", 149900 → "1499",
 * 11000 → "110", 120050 → "1200.50".
 */
export function offerPrice(minorUnits: number, digits: number): string {
  return exactDecimal(minorUnits, digits).replace(/\.0+$/, "");
}

function days(range: { min: number; max: number }): JsonLd {
  return { "@type": "QuantitativeValue", minValue: range.min, maxValue: range.max, unitCode: "DAY" };
}

/** One destination's flat rate and delivery time, as the store charges them. */
export function shippingDetailsJsonLd(rate: ShippingRate): JsonLd {
  return {
    "@type": "OfferShippingDetails",
    shippingRate: {
      "@type": "MonetaryAmount",
      value: decimalAmount(rate.amount, rate.decimalDigits),
      currency: rate.currency,
    },
    shippingDestination: { "@type": "DefinedRegion", addressCountry: rate.country },
    deliveryTime: {
      "@type": "ShippingDeliveryTime",
      handlingTime: days(rate.handlingDays),
      transitTime: days(rate.transitDays),
    },
  };
}

/** The satisfaction guarantee as a return policy: 30 days, by post, full refund, return postage paid by the shopper. */
export function returnPolicyJsonLd(): JsonLd {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: [...returnPolicy.countries],
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: returnPolicy.days,
    returnMethod: "https://schema.org/ReturnByMail",
    returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
    refundType: "https://schema.org/FullRefund",
  };
}

interface LandingOffer {
  name: string;
  description: string;
  sku: string;
  reviewCount: number;
  pageUrl: string;
  /** The offer's price and currency; null when the store could not say, and then no offer is made. */
  price: { currency: string; amount: string } | null;
  /** The store's rate to the page's country; null when it could not say, and then no shipping is stated. */
  shipping: ShippingRate | null;
}

/** The brand's product as a landing page offers it: fixed rating, valid to the end of the year, in stock. */
function landingProductJsonLd(siteUrl: string, year: number, offer: LandingOffer): JsonLd {
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: offer.name,
    image: absoluteUrl(siteUrl, defaultSocialImage),
    description: offer.description,
    sku: offer.sku,
    brand: { "@type": "Brand", name: site.brand },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: String(site.rating.value),
      bestRating: String(site.rating.best),
      reviewCount: String(offer.reviewCount),
    },
  };
  if (offer.price === null) return data;
  data.offers = {
    "@type": "Offer",
    url: offer.pageUrl,
    priceCurrency: offer.price.currency,
    price: offer.price.amount,
    priceValidUntil: endOfYear(year),
    itemCondition: "https://schema.org/NewCondition",
    availability: "https://schema.org/InStock",
    seller: { "@type": "Organization", name: site.brand },
    ...(offer.shipping === null ? {} : { shippingDetails: shippingDetailsJsonLd(offer.shipping) }),
    hasMerchantReturnPolicy: returnPolicyJsonLd(),
  };
  return data;
}

export interface PageContext {
  siteUrl: string;
  /** The current year on the shop's calendar, from the root loader. */
  year: number;
}

/** A price from the catalogue: minor units in a currency (upper-case ISO code) with its minor digits. */
export interface CataloguePrice {
  amount: number;
  currency: string;
  decimalDigits: number;
}

/**
 * Structured product data for a country landing page (docs/storefront.md#country-pages), with ISO country
 * codes as search engines expect. The offer's price is the catalogue's, the one the page shows; without one
 * there is no offer. Its shipping is the store's rate to the country.
 */
export function countryProductJsonLd(
  country: CountryLanding,
  page: PageContext & { price: CataloguePrice | null; shipping: ShippingRate | null },
): JsonLd {
  return landingProductJsonLd(page.siteUrl, page.year, {
    name: `${site.brand} ${site.tagline} in ${country.country}`,
    description: country.metaDescription,
    sku: countrySku(country.slug),
    reviewCount: site.rating.countryReviewCount,
    pageUrl: absoluteUrl(page.siteUrl, `/shilajit-in-${country.slug}`),
    price:
      page.price === null
        ? null
        : { currency: page.price.currency, amount: offerPrice(page.price.amount, page.price.decimalDigits) },
    shipping: page.shipping,
  });
}

/**
 * Structured product data for the Nepal page: 150 reviews, the flagship's rupee price from the catalogue (the
 * one the page states; without one there is no offer), and the store's rate to Nepal.
 */
export function nepalProductJsonLd(
  page: PageContext & { description: string; price: CataloguePrice | null; shipping: ShippingRate | null },
): JsonLd {
  return landingProductJsonLd(page.siteUrl, page.year, {
    name: `${site.brand} ${site.tagline}`,
    description: page.description,
    sku: countrySku("nepal"),
    reviewCount: site.rating.nepalReviewCount,
    pageUrl: absoluteUrl(page.siteUrl, "/shilajit-nepal"),
    price:
      page.price === null
        ? null
        : { currency: page.price.currency, amount: offerPrice(page.price.amount, page.price.decimalDigits) },
    shipping: page.shipping,
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

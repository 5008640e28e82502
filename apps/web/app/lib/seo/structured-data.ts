import { decimalAmount as exactDecimal } from "@herbo/hosted-api";
import { returnPolicy } from "~/content/shipping";
import { site } from "~/content/site";
import type { CountryLanding, FaqItem } from "~/content/types";
import { endOfYear } from "~/lib/calendar";
import type { ShippingRate } from "~/lib/store-api/types";
import { absoluteUrl, defaultSocialImage } from "./meta";

export type JsonLd = Record<string, unknown>;

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
  /** The rating stated: the fixed or measured figures; null states none. */
  rating: LandingRating | null;
  pageUrl: string;
  /** The offer's price and currency; null when the store could not say, and then no offer is made. */
  price: { currency: string; amount: string } | null;
  /** The store's rate to the page's country; null when it could not say, and then no shipping is stated. */
  shipping: ShippingRate | null;
}

/**
 * The brand's product as a landing page offers it: the rating the shop states, valid to the end of the year, in
 * stock. Null when it would state neither a rating nor an offer (a measured rating without reviews, and a store
 * that could not say the price), which search engines refuse as a product.
 */
function landingProductJsonLd(siteUrl: string, year: number, offer: LandingOffer): JsonLd | null {
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: offer.name,
    image: absoluteUrl(siteUrl, defaultSocialImage),
    description: offer.description,
    sku: offer.sku,
    brand: { "@type": "Brand", name: site.brand },
    ...(offer.rating === null
      ? {}
      : {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: offer.rating.ratingValue,
            bestRating: String(site.rating.best),
            reviewCount: String(offer.rating.reviewCount),
          },
        }),
  };
  if (offer.price === null) return offer.rating === null ? null : data;
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

/** The figures of a landing page's aggregate rating. */
export interface LandingRating {
  ratingValue: string;
  reviewCount: number;
}

/** The shop's fixed rating, 4.9, with a page's fixed count of reviews (500 on the country pages, 150 on Nepal's). */
export function fixedLandingRating(reviewCount: number): LandingRating {
  return { ratingValue: String(site.rating.value), reviewCount };
}

/** What a landing page's product data states of the page: its price, its shipping and the shop's rating. */
interface LandingPage extends PageContext {
  price: CataloguePrice | null;
  shipping: ShippingRate | null;
  /**
   * The rating the shop states, as the page's loader found it (`landingRating`): the fixed figures when not
   * given, the measured ones, or none (null).
   */
  rating?: LandingRating | null;
}

/**
 * Structured product data for a country landing page (docs/storefront.md#country-pages), with ISO country
 * codes as search engines expect. The offer's price is the catalogue's, the one the page shows; without one
 * there is no offer. Its shipping is the store's rate to the country. The rating is the fixed 4.9 from 500
 * reviews, or the measured one the page shows.
 */
export function countryProductJsonLd(country: CountryLanding, page: LandingPage): JsonLd | null {
  return landingProductJsonLd(page.siteUrl, page.year, {
    name: `${site.brand} ${site.tagline} in ${country.country}`,
    description: country.metaDescription,
    sku: countrySku(country.slug),
    rating: page.rating === undefined ? fixedLandingRating(site.rating.countryReviewCount) : page.rating,
    pageUrl: absoluteUrl(page.siteUrl, `/shilajit-in-${country.slug}`),
    price:
      page.price === null
        ? null
        : { currency: page.price.currency, amount: offerPrice(page.price.amount, page.price.decimalDigits) },
    shipping: page.shipping,
  });
}

/**
 * Structured product data for the Nepal page: the fixed rating's 150 reviews (or the measured rating the page
 * shows), the flagship's rupee price from the catalogue (the one the page states; without one there is no
 * offer), and the store's rate to Nepal.
 */
export function nepalProductJsonLd(page: LandingPage & { description: string }): JsonLd | null {
  return landingProductJsonLd(page.siteUrl, page.year, {
    name: `${site.brand} ${site.tagline}`,
    description: page.description,
    sku: countrySku("nepal"),
    rating: page.rating === undefined ? fixedLandingRating(site.rating.nepalReviewCount) : page.rating,
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

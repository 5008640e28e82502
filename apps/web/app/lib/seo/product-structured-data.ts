import { bestRating, saleApplies } from "@herbo/hosted-api";
import { site } from "~/content/site";
import { endOfYear } from "~/lib/calendar";
import { displayedVariant, effectivePrice } from "~/lib/money";
import type { Product, ProductReview, ProductReviews, ShippingRate, Variant } from "~/lib/store-api/types";
import { absoluteUrl, defaultSocialImage } from "./meta";
import { offerPrice, returnPolicyJsonLd, shippingDetailsJsonLd, type PageContext } from "./structured-data";

type JsonLd = Record<string, unknown>;

export interface ProductPageInput extends PageContext {
  description: string;
  /** The page's own path: a market's copy (`/us/product/…`) offers its prices there. */
  path?: string;
  /** The store's delivery rates; null when it could not say, and then no shipping is stated. */
  shippingRates: readonly ShippingRate[] | null;
}

/**
 * Whether a shopper can buy the variant now: the product is for sale and its stock, if counted, is not gone.
 * The shopping feeds state availability by the same rule.
 */
export function variantInStock(product: Pick<Product, "purchasable">, variant: Variant): boolean {
  return (
    product.purchasable &&
    (!variant.manageInventory || variant.inventoryQuantity === null || variant.inventoryQuantity > 0)
  );
}

/**
 * One variant's offer at the price the page shows, in the page's currency. A sale is marked as Google's
 * merchant listings ask: the price is what the shopper pays, and the regular price follows as a
 * `StrikethroughPrice` price specification. Shipping is the store's rates in that currency (Google wants
 * them in the offer's), returns the shop's policy.
 */
function offerJsonLd(product: Product, variant: Variant, url: string, input: ProductPageInput): JsonLd {
  const digits = variant.currency.decimalDigits;
  const currency = variant.currency.code.toUpperCase();
  const shipping = (input.shippingRates ?? []).filter((rate) => rate.currency === currency);
  return {
    "@type": "Offer",
    url,
    priceCurrency: currency,
    price: offerPrice(effectivePrice(variant), digits),
    ...(saleApplies(variant.salePriceInCents)
      ? {
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            priceType: "https://schema.org/StrikethroughPrice",
            price: offerPrice(variant.priceInCents, digits),
            priceCurrency: currency,
          },
        }
      : {}),
    priceValidUntil: endOfYear(input.year),
    itemCondition: "https://schema.org/NewCondition",
    availability: variantInStock(product, variant) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    ...(shipping.length === 0 ? {} : { shippingDetails: shipping.map(shippingDetailsJsonLd) }),
    hasMerchantReturnPolicy: returnPolicyJsonLd(),
  };
}

/** A size's own name, as its structured data and the shopping feeds give it: "Pure Himalayan Shilajit Resin, 20 g". */
export function variantName(product: Pick<Product, "title">, variant: Pick<Variant, "title">): string {
  return `${product.title}, ${variant.title}`;
}

function imagesOf(product: Product, siteUrl: string): string[] {
  const images = [
    ...(product.socialImage === null ? [] : [product.socialImage.url]),
    ...product.images.map((image) => image.url),
  ];
  return images.length > 0 ? images : [absoluteUrl(siteUrl, defaultSocialImage)];
}

function reviewJsonLd(review: ProductReview): JsonLd {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: review.displayName },
    ...(review.writtenOn === null ? {} : { datePublished: review.writtenOn }),
    ...(review.title === null ? {} : { name: review.title }),
    reviewBody: review.body,
    reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: String(bestRating) },
  };
}

/**
 * The product's rating and the reviews the page shows, as Google's review snippets describe them: the average and
 * count of all its published reviews, and each review on the page with its stars, author and date (Google wants
 * the rated reviews visible where the markup is, and the page's reviews section shows exactly these). Nothing at
 * all without a published review: the page states no rating it cannot back.
 */
export function reviewsJsonLd(reviews: ProductReviews | undefined): JsonLd {
  if (reviews === undefined || reviews.count < 1 || reviews.averageRating === null) return {};
  return {
    // The figures as numbers (4.5, 12), the scale as Google's examples write it ("5", "1").
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.averageRating,
      reviewCount: reviews.count,
      bestRating: String(bestRating),
      worstRating: "1",
    },
    ...(reviews.reviews.length === 0 ? {} : { review: reviews.reviews.map(reviewJsonLd) }),
  };
}

/**
 * Product data for a catalogue product page, from the store's live prices and stock, in the page's market.
 * A product sold in one variant is a `Product` with that variant's offer. A product in several sizes is a
 * `ProductGroup` whose `hasVariant` lists each size as its own `Product` with its own SKU, price and
 * stock, as Google's product-variant structured data describes it; the sizes are chosen on the one page,
 * so every variant's offer has the page's URL. A product without pictures shows the brand's card. Its rating and
 * the reviews on the page (`product.details.reviews`) belong to the product, or to the group of sizes.
 */
export function productJsonLd(product: Product, input: ProductPageInput): JsonLd {
  const url = absoluteUrl(input.siteUrl, input.path ?? `/product/${encodeURIComponent(product.id)}`);
  const images = imagesOf(product, input.siteUrl);
  const common: JsonLd = {
    "@context": "https://schema.org",
    name: product.title,
    description: input.description,
    brand: { "@type": "Brand", name: site.brand },
    url,
    image: images,
    ...reviewsJsonLd(product.details?.reviews),
  };
  if (product.variants.length > 1) {
    return {
      ...common,
      "@type": "ProductGroup",
      productGroupID: product.id,
      // The shop's variants are sizes and pack sizes of one resin (10 g, 20 g, 2 × 20 g).
      variesBy: ["https://schema.org/size"],
      hasVariant: product.variants.map((variant) => ({
        "@type": "Product",
        name: variantName(product, variant),
        description: input.description,
        ...(variant.sku === null ? {} : { sku: variant.sku }),
        size: variant.title,
        image: variant.imageUrl === null ? images : [variant.imageUrl],
        inProductGroupWithID: product.id,
        offers: offerJsonLd(product, variant, url, input),
      })),
    };
  }
  const variant = displayedVariant(product);
  return {
    ...common,
    "@type": "Product",
    ...(variant?.sku === null || variant?.sku === undefined ? {} : { sku: variant.sku }),
    ...(variant === undefined ? {} : { offers: offerJsonLd(product, variant, url, input) }),
  };
}

import { decimalAmount, saleApplies } from "@herbo/hosted-api";
import { site } from "~/content/site";
import { effectivePrice } from "~/lib/money";
import { marketPath, type Market } from "~/lib/markets";
import { absoluteUrl, defaultSocialImage } from "~/lib/seo/meta";
import { variantInStock, variantName } from "~/lib/seo/product-structured-data";
import { priceInCurrency } from "~/lib/store-api/reshape";
import type { Product, ShippingRate, Variant } from "~/lib/store-api/types";

/**
 * One line of a shopping feed: a variant as Google Merchant Center and Meta's catalogue read it, stated from
 * the same answers, with the same rules, as the product page and its structured data.
 */
export interface FeedItem {
  /** The variant's id: stable while the variant exists, the same in every market's feed. */
  id: string;
  /** The product's id, when it is sold in several sizes that share one page. */
  groupId: string | null;
  /** The size, when the product has several. */
  size: string | null;
  title: string;
  description: string;
  /** The market's product page, as its structured data names it. */
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** The regular price and, when a sale applies, the sale price, in minor units of `currency`. */
  price: number;
  salePrice: number | null;
  currency: string;
  decimalDigits: number;
  brand: string;
  gtin: string | null;
  mpn: string | null;
  /** The delivery rates in the item's currency, one per country, as checkout charges them. */
  shipping: ShippingRate[];
}

/** Google and Meta limit a title to 150 characters and a description to 5,000. */
export const maxFeedTitle = 150;
export const maxFeedDescription = 5_000;

/** A feed's price: the amount with its currency's decimals, a space and the ISO code ("12.99 USD"). */
export function feedPrice(minorUnits: number, decimalDigits: number, currency: string): string {
  return `${decimalAmount(minorUnits, decimalDigits)} ${currency}`;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const rasterUrl = (url: string) => !/\.svg(\?|#|$)/i.test(url);

/**
 * The pictures a feed may send, first the one that stands for the variant. Google and Meta refuse SVG, so a
 * drawing is skipped for the product's social card (a PNG), and that for the brand's card.
 */
function imagesFor(product: Product, variant: Variant, siteUrl: string): { first: string; more: string[] } {
  const pictures = [
    ...(variant.imageUrl === null ? [] : [variant.imageUrl]),
    ...product.images.map((image) => image.url),
    ...(product.socialImage === null ? [] : [product.socialImage.url]),
  ].filter(rasterUrl);
  const [first, ...more] = new Set(pictures);
  // Both platforms read at most ten more pictures.
  return first === undefined
    ? { first: absoluteUrl(siteUrl, defaultSocialImage), more: [] }
    : { first, more: more.slice(0, 10) };
}

export interface FeedInput {
  siteUrl: string;
  market: Market;
  /** Every published product, priced for the market (`pricedForMarket`). */
  products: readonly Product[];
  /** Each product's description as plain text, by product id; the subtitle or title stands in without one. */
  descriptions: ReadonlyMap<string, string>;
  /** The store's delivery rates, every currency. */
  shippingRates: readonly ShippingRate[];
}

/**
 * The market's feed items: one per variant that has a price in the market's currency. A variant without one is
 * left out rather than listed in another currency, which Google would refuse for the market's country.
 */
export function feedItems(input: FeedInput): FeedItem[] {
  const { market, siteUrl } = input;
  const currency = market.currencyCode.toUpperCase();
  const shipping = input.shippingRates.filter((rate) => rate.currency === currency);
  return input.products.flatMap((product) => {
    const link = absoluteUrl(siteUrl, marketPath(market, `/product/${encodeURIComponent(product.id)}`));
    const several = product.variants.length > 1;
    const description = clip(
      input.descriptions.get(product.id) || product.subtitle || product.title,
      maxFeedDescription,
    );
    return product.variants.flatMap((variant): FeedItem[] => {
      if (priceInCurrency(variant.prices, currency) === undefined) return [];
      const images = imagesFor(product, variant, siteUrl);
      return [
        {
          id: variant.id,
          groupId: several ? product.id : null,
          size: several ? variant.title : null,
          title: clip(several ? variantName(product, variant) : product.title, maxFeedTitle),
          description,
          link,
          imageLink: images.first,
          additionalImageLinks: images.more,
          inStock: variantInStock(product, variant),
          price: variant.priceInCents,
          // The structured data's rule: with a sale, the shopper pays the sale price and the regular one is struck through.
          salePrice: saleApplies(variant.salePriceInCents) ? effectivePrice(variant) : null,
          currency,
          decimalDigits: variant.currency.decimalDigits,
          brand: site.brand,
          gtin: variant.gtin,
          mpn: variant.mpn,
          shipping,
        },
      ];
    });
  });
}

import type { MarketCode, QuantityPrice } from "@herbo/hosted-api";
/** Our own shapes of the catalogue; only lib/store-api knows the backend's JSON. */

export interface Currency {
  /** Lower-case ISO code; 'eur' when the backend gives none. */
  code: string;
  symbol: string | null;
  /** Display template with a `$1` placeholder for the amount, e.g. 'Rs. $1'. */
  template: string | null;
  decimalDigits: number;
}

/** One of a variant's prices: the store lists one per currency it sells in. */
export interface VariantPrice {
  /** Minor units. */
  amount: number;
  /** Minor units; null when not on sale. */
  sale: number | null;
  currency: Currency;
}

export interface Variant {
  id: string;
  title: string;
  imageUrl: string | null;
  sku: string | null;
  /** The barcode number (GTIN) and manufacturer part number the owner set, if any: the shopping feeds send them. */
  gtin: string | null;
  mpn: string | null;
  /**
   * The price shown: the store's first price (docs/storefront.md#prices) as read, the market's after
   * `productInCurrency` (the price in the market's currency, else still the first).
   */
  priceInCents: number;
  /** Null when the variant is not on sale. */
  salePriceInCents: number | null;
  currency: Currency;
  /** Every price the store lists for the variant, in its order: the first is Nepal's. */
  prices: VariantPrice[];
  manageInventory: boolean;
  /** Units available; null only when the backend did not say. Zero means none. */
  inventoryQuantity: number | null;
  weight: number | null;
}

export interface ProductImage {
  url: string;
  order: number;
  /** What the picture shows; null when the backend gives none (the product's title stands in). */
  alt: string | null;
  /** `url`'s size in pixels, both or neither; null for drawings, which scale. */
  width: number | null;
  height: number | null;
  /** The same picture at each width it is served at, ascending, for `srcset`; empty when there is one only. */
  sources: ImageSource[];
}

/** One width a picture is served at. */
export interface ImageSource {
  url: string;
  width: number;
}

/** A raster picture made for link previews, with its size when the backend gives it. */
export interface SocialImage {
  url: string;
  width: number | null;
  height: number | null;
}

export interface ProductOption {
  id: string;
  title: string;
  values: { id: string; variantId: string; value: string }[];
}

export interface ProductSection {
  title: string;
  descriptionHtml: string;
}

export interface Product {
  id: string;
  title: string;
  subtitle: string | null;
  ribbonText: string | null;
  /** Untrusted HTML from the backend: sanitise before rendering. */
  descriptionHtml: string;
  /** The titled sections below the description ("How to use", "Storage"), in order; untrusted HTML too. */
  sections: ProductSection[];
  thumbnail: string | null;
  /** The thumbnail with its sizes and alt text, when it is one of the images; null without a thumbnail. */
  thumbnailImage: ProductImage | null;
  /** In display order; the thumbnail alone when the backend lists no images. */
  images: ProductImage[];
  /** The product's social card (our store API's `metadata.social_image`), if the backend offers one. */
  socialImage: SocialImage | null;
  purchasable: boolean;
  order: number;
  siteProductSelection: string | null;
  options: ProductOption[];
  variants: Variant[];
  /**
   * What only the product page shows: its supplement facts, its current batch and a page of its reviews. Read
   * by the server's store client alone (`readProductDetails`), so the browser's bundle never carries the
   * reader; absent elsewhere.
   */
  details?: ProductDetails;
}

/** One row of a supplement-facts panel: what a serving holds of one thing. */
export interface FactsAmount {
  name: string;
  amount: string;
  /** Its share of the daily value ("10%"), "†" when none is established; null when not given. */
  dailyValue: string | null;
}

/** A supplement-facts panel as the owner wrote it: plain text throughout, shown escaped. */
export interface ProductFacts {
  servingSize: string;
  servingsPerContainer: string | null;
  amounts: FactsAmount[];
  ingredients: string | null;
  warnings: string[];
}

/** The batch (lot) on sale now, with its lab certificate. */
export interface ProductBatch {
  lot: string;
  /** YYYY-MM-DD; null when the owner did not give it. */
  testedOn: string | null;
  /** A PDF on the store's own media address; null when there is none. */
  certificateUrl: string | null;
}

export interface ProductDetails {
  facts: ProductFacts | null;
  batch: ProductBatch | null;
  /** The page of published reviews the product page shows: the first, newest first, as the store sends it. */
  reviews: ProductReviews;
}

/**
 * A published review, by a buyer whose order of the product was delivered. Every text is the buyer's or the
 * shop's plain text, shown escaped.
 */
export interface ProductReview {
  id: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** Null when the store sent none: the review is shown without a title. */
  title: string | null;
  /** Paragraphs separated by an empty line. */
  body: string;
  /** The name the buyer chose to show. */
  displayName: string;
  /** The market the buyer ordered in; null when the store named none the shop sells in. */
  market: MarketCode | null;
  /** The day it was written on the shop's calendar (YYYY-MM-DD); null when the store did not say. */
  writtenOn: string | null;
  /** The shop's public reply and the day it was written (YYYY-MM-DD); null when there is none. */
  reply: string | null;
  repliedOn: string | null;
}

/** One page of a product's published reviews, with the count and average of all of them. */
export interface ProductReviews {
  /** Published reviews on every page; 0 when there are none. */
  count: number;
  /** Their average to one decimal, 1 to 5; null exactly when the count is 0. */
  averageRating: number | null;
  /** From 1. */
  page: number;
  /** At least 1. */
  pageCount: number;
  /** Newest first; empty past the last page. */
  reviews: ProductReview[];
}

/** What a product card shows, and what its Add to Cart puts in the cart, of one variant. */
export type CardVariant = Pick<
  Variant,
  | "id"
  | "title"
  | "imageUrl"
  | "priceInCents"
  | "salePriceInCents"
  | "currency"
  | "manageInventory"
  | "inventoryQuantity"
>;

/** A price as the shopper reads it. */
export interface DisplayPrice {
  /** What the shopper pays, formatted. */
  price: string;
  /** The regular price, struck through, when the variant is on sale. */
  regularPrice: string | null;
}

/**
 * A product as a card needs it: the list's answer without what only the detail page reads (the
 * description, the gallery, the options, the social card). A server-rendered list sends only these
 * fields in its hydration data.
 */
export interface CardProduct extends Pick<
  Product,
  "id" | "title" | "subtitle" | "ribbonText" | "thumbnail" | "thumbnailImage" | "purchasable" | "siteProductSelection"
> {
  variants: CardVariant[];
  /**
   * The price the card shows (its displayed variant's), written on the server. A market's prices are written
   * with Intl, whose first use costs a cheap phone a long task; taking the server's text lets the page hydrate
   * without it (lib/money.ts).
   */
  price: DisplayPrice | null;
}

export interface ProductList {
  count: number;
  offset: number;
  limit: number;
  products: Product[];
}

export interface CheckoutRequest {
  items: { variantId: string; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  timeZone?: string;
  locale?: string;
  /** The browser's cart token: only a checkout with the same token may replace this cart's unpaid one. */
  cartToken: string;
  /** The currency the cart was shown in (ISO 4217, upper case): the store prices every line in it. */
  currency?: string;
}

export interface ProductListQuery {
  ids?: readonly string[];
  offset?: number;
  limit?: number;
  order?: "asc" | "desc";
  sortBy?: string;
  /**
   * The currency of the page's market (ISO 4217, any case): our store API then lists only each variant's
   * price in it, else its first, which is all such a page shows. A backend without this query lists every
   * price, and the page picks the same one (`pricedForMarket`).
   */
  priceCurrency?: string;
}

export interface DayRange {
  min: number;
  max: number;
}

/**
 * One country's delivery charge and time: our store API's live rates, which the owner sets in the back
 * office, or the shop's published offer against a backend without them.
 */
export interface ShippingRate {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** English name, as pages print it ("United States"). */
  countryName: string;
  /** ISO 4217 code of the currency the rate is charged in, upper case. */
  currency: string;
  /** Flat rate per order, in minor units of the currency (0 is free delivery). */
  amount: number;
  /** Digits after the decimal point in the currency. */
  decimalDigits: number;
  /** Business days from the order to dispatch from Kathmandu. */
  handlingDays: DayRange;
  /** Business days from dispatch to the shopper's door. */
  transitDays: DayRange;
}

/**
 * What the store's shipping call says: the delivery rates, and whether each market's prices include tax as
 * the owner last set it, by market code; a market it does not name keeps the contract's flag.
 */
export interface StoreShipping {
  rates: ShippingRate[];
  pricesIncludeTax: Readonly<Partial<Record<string, boolean>>>;
  /**
   * Each market's free-shipping threshold in minor units of its currency, by lower-case market code: from this
   * subtotal checkout charges no shipping. A market without one (or an older store API) is absent.
   */
  freeShippingOver: Readonly<Partial<Record<string, number>>>;
  /**
   * Each market's quantity prices ("Buy 2, save 10 %"), by lower-case market code, then product id, sorted by
   * units. A product or market without any (or an older store API) is absent.
   */
  quantityPrices: Readonly<Partial<Record<string, Readonly<Partial<Record<string, readonly QuantityPrice[]>>>>>>;
  /**
   * Which rating the home and landing pages state: the fixed one unless the owner chose the measured one. Read by
   * the server's store client only (`readShopRating`), so absent from the browser's, whose cart states no rating;
   * absent too from a store without the call, and then the pages state the fixed one.
   */
  rating?: ShopRating;
}

/**
 * The rating the home and landing pages state: the shop's fixed figures, or the measured average and count of
 * every published review (averageRating null when there are none).
 */
export type ShopRating = { shown: "fixed" } | { shown: "measured"; count: number; averageRating: number | null };

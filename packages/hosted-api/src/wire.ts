/**
 * The JSON of the four calls, as our store API sends it. The hosted backend sends the same field names
 * and may leave fields out or send more; the storefront reads every answer leniently (apps/web
 * lib/store-api), keyed by these types so that a renamed field is a type error on both sides.
 */

export interface WireCurrency {
  code: string;
  decimal_digits: number;
  /** Display template with `$1` for the amount, e.g. "Rs. $1". */
  template: string;
  name: string;
  symbol: string;
  symbol_native: string;
  name_plural: string;
  rounding: number;
  min_amount: number;
}

export interface WirePrice {
  /** Minor units. */
  amount: number;
  /** Minor units; null (or 0 from some backends) when not on sale. */
  sale_amount: number | null;
  currency_code: string;
  currency: WireCurrency | null;
}

export interface WireOptionValue {
  id: string;
  option_id: string;
  variant_id: string;
  value: string;
}

export interface WireOption {
  id: string;
  title: string;
  values: WireOptionValue[];
}

export interface WireVariant {
  id: string;
  title: string;
  image_url: string | null;
  sku: string | null;
  /**
   * The barcode's number (GTIN-8, -12, -13 or -14, digits only) and the manufacturer part number, as the owner
   * set them for product feeds; null when not set (a feed then says the product has no identifiers). The hosted
   * backend sends neither, which reads as not set.
   */
  gtin: string | null;
  mpn: string | null;
  /**
   * One price per currency the shop sells in. The first is the default market's (NPR), the one the unprefixed
   * pages show; a market's pages show the price in its currency, and fall back to the first when a backend lists
   * only one.
   */
  prices: WirePrice[];
  manage_inventory: boolean;
  weight: number | null;
  options: WireOptionValue[];
  /** Units a shopper can buy now. */
  inventory_quantity: number;
}

export interface WireImage {
  url: string;
  order: number;
  type: string;
  /** What the picture shows; empty when not given, and then the product's title stands in. Ours only. */
  alt?: string;
  /** `url`'s size in pixels, when known (uploaded photos; drawings scale and have none). Ours only. */
  width?: number | null;
  height?: number | null;
  /** The same picture at each width it is served at, ascending, for `srcset`; empty for drawings. Ours only. */
  sizes?: WireImageSize[];
}

export interface WireImageSize {
  url: string;
  width: number;
}

interface WireProductFields {
  id: string;
  title: string;
  subtitle: string | null;
  ribbon_text: string | null;
  /** Untrusted HTML. */
  description: string;
  thumbnail: string | null;
  purchasable: boolean;
  order: number;
  site_product_selection: string | null;
  status: string;
  options: WireOption[];
  variants: WireVariant[];
  product_collections: { product_id: string; collection_id: string; order: number }[];
  additional_info: { id: string; order: number; title: string; description: string }[];
  type: { value: string };
  custom_fields: { id: string; title: string; is_required: boolean }[];
  related_products: {
    id: string;
    section_title: string;
    related_type: string;
    related_id: string;
    position: number;
  }[];
  updated_at: string;
  created_at: string;
  deleted_at: string | null;
  metadata: Record<string, unknown>;
}

/** A product in a list answer: its pictures are `images`. */
export interface WireListProduct extends WireProductFields {
  images: WireImage[];
}

/** One row of a supplement-facts panel: what a serving holds of one thing. */
export interface WireProductFactsAmount {
  name: string;
  /** "300 mg" */
  amount: string;
  /** Its share of the daily value ("10%"), "†" when none is established; null when the owner left it empty. */
  daily_value: string | null;
}

/**
 * A product's supplement-facts panel as the owner set it in the back office. Every field is plain text, never
 * HTML: a page shows it escaped.
 */
export interface WireProductFacts {
  serving_size: string;
  servings_per_container: string | null;
  amounts: WireProductFactsAmount[];
  /** May hold line breaks (`\n`). */
  ingredients: string | null;
  warnings: string[];
}

/** The batch (lot) of a product on sale now, with the lab's certificate for it. */
export interface WireBatch {
  /** The lot number printed on the jar: letters, digits, `-`, `/` and `.`. */
  lot: string;
  /** The day the lab tested it, YYYY-MM-DD; null when the owner did not give it. */
  tested_on: string | null;
  /** The lab's certificate for this lot, a PDF on the store's own media address; null when there is none. */
  certificate_url: string | null;
}

/** The product of a single-product answer: its pictures are `media`. */
export interface WireDetailProduct extends WireProductFields {
  media: WireImage[];
  /**
   * Its supplement facts and its current batch; null when the owner set none. The hosted backend sends
   * neither, which reads as null. Only the single-product answer has them, never the list.
   */
  facts: WireProductFacts | null;
  batch: WireBatch | null;
  /**
   * Its published reviews' first page (newest first) with their count and average. The hosted backend sends
   * none, which reads as no reviews. Only the single-product answer has them.
   */
  reviews?: WireReviewPage;
}

/** A published review of a product, by a buyer whose order of it was delivered. */
export interface WireReview {
  id: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  title: string;
  /** Plain text; paragraphs are separated by an empty line. */
  body: string;
  /** The name the buyer chose to show. */
  display_name: string;
  /** The market the buyer ordered in, by its code (`us`). */
  market: string;
  /** When the buyer wrote it, ISO 8601. */
  created_at: string;
  /** The shop's public reply, and when it was written; null when there is none. */
  reply: string | null;
  replied_at: string | null;
}

/** GET /store/{storeId}/products/{id}/reviews?page=N, and the first page inside the single-product answer. */
export interface WireReviewPage {
  /** Published reviews of the product, all pages. */
  count: number;
  /** Their average to one decimal; null when there are none. */
  average_rating: number | null;
  /** From 1. */
  page: number;
  /** At least 1. */
  page_count: number;
  reviews: WireReview[];
}

/**
 * The rating the home and landing pages state: the shop's fixed line (`fixed`), or, when the owner chose it in
 * the back office, the measured average and count of every published review (`measured`).
 */
export interface WireShopRating {
  shown: "fixed" | "measured";
  count: number;
  average_rating: number | null;
}

/** GET /store/{storeId}/products */
export interface ProductListResponse {
  count: number;
  offset: number;
  limit: number;
  products: WireListProduct[];
}

/** GET /store/{storeId}/products/{id} */
export interface ProductResponse {
  product: WireDetailProduct;
}

/** The fields GET /store/{storeId}/variants can return besides the id (chosen with `fields=`). */
export interface WireVariantFields {
  inventory_quantity: number;
  title: string;
  sku: string | null;
  manage_inventory: boolean;
  product_id: string;
}

export const variantFieldNames = [
  "inventory_quantity",
  "title",
  "sku",
  "manage_inventory",
  "product_id",
] as const satisfies readonly (keyof WireVariantFields)[];

/** GET /store/{storeId}/variants?fields=inventory_quantity&product_ids[]=… */
export interface VariantsResponse {
  variants: ({ id: string } & Partial<WireVariantFields>)[];
}

/**
 * One country's delivery charge, in the currency of the market that delivers there (the owner sets it
 * in the back office). Our store API's own call; the hosted backend has none.
 */
export interface WireShippingRate {
  /** ISO 3166-1 alpha-2, upper case. */
  country_code: string;
  /** English name, as addresses and pages print it ("United States"). */
  country_name: string;
  /** ISO 4217, upper case: the delivering market's currency. */
  currency_code: string;
  /** Flat rate per order in minor units; 0 is free delivery. */
  amount: number;
  /** Business days from dispatch to the door. */
  min_days: number;
  max_days: number;
}

/** A market's settings as the owner last saved them: whether its prices include tax, its free-shipping threshold. */
export interface WireMarketTax {
  /** The market's code, lower case (`np`, `us`). */
  code: string;
  prices_include_tax: boolean;
  /**
   * The order subtotal (minor units of the market's currency, after discounts) from which checkout charges no
   * shipping; null when the market has none. Absent from older store APIs: then no threshold is stated.
   */
  free_shipping_over?: number | null;
}

/** An automatic quantity price of one product in one market: `min_quantity` units or more save `percent` %. */
export interface WireQuantityPrice {
  product_id: string;
  /** The market's code, lower case (`uk`). */
  market: string;
  min_quantity: number;
  /** Whole percent, 1 to 100. */
  percent: number;
}

/** GET /store/{storeId}/shipping-rates */
export interface ShippingRatesResponse {
  /** Business days between the order and its dispatch. */
  handling_days: { min: number; max: number };
  /** In the order of the shop's published offer (`shippingCountries`), other countries after. */
  shipping_rates: WireShippingRate[];
  /**
   * Each market's live tax setting, in the markets' order, so pages say "duties may be due" as the owner set
   * it. Absent from older store APIs: the storefront then keeps the contract's `Market.pricesIncludeTax`.
   */
  markets?: WireMarketTax[];
  /**
   * Every published product's quantity prices per market, as checkout applies them. Absent from older store
   * APIs: then no quantity price is stated.
   */
  quantity_prices?: WireQuantityPrice[];
  /** Which rating the home and landing pages state. Absent from older store APIs: the fixed one. */
  rating?: WireShopRating;
}

export interface CheckoutItem {
  variant_id: string;
  quantity: number;
}

/** POST /store/{storeId}/checkout */
export interface CheckoutRequestBody {
  items: CheckoutItem[];
  successUrl: string;
  cancelUrl: string;
  locale?: string;
  timeZone?: string;
  /**
   * A random token the browser keeps for its cart (see `cartTokenPattern`). Only a checkout sent with the
   * same token may replace that cart's earlier unpaid checkout; without one, nothing is replaced. Other
   * backends ignore it.
   */
  cartToken?: string;
  /**
   * The currency the cart was shown in (ISO 4217, the market's: "USD" on /us pages). The store prices every
   * line from its own price list in it and refuses a currency it has none for; without it, the shop's
   * default market (NPR). Other backends ignore it.
   */
  currency?: string;
}

/** A cart token: 22 to 64 URL-safe characters (128 random bits or more, base64url). */
export const cartTokenPattern = /^[A-Za-z0-9_-]{22,64}$/;

/** The hosted payment page's address; it may already carry a query string. */
export interface CheckoutResponse {
  url: string;
}

/** Untrusted JSON keyed like a wire type: every field may be missing or of another type. */
export type Unchecked<Wire> = { readonly [Field in keyof Wire]?: unknown };

/**
 * Where each store API copy streams the owner's changes (Server-Sent Events: `ready` on connecting, `change`
 * after each), for the storefront servers' page caches. Under /ops/, which the proxy keeps from the public.
 */
export const changeStreamPath = "/ops/changes";

import {
  decimalDigitsOf,
  saleApplies,
  type CheckoutResponse,
  type ProductListResponse,
  type ProductResponse,
  type Unchecked,
  type VariantsResponse,
  type WireCurrency,
  type WireDetailProduct,
  type WireImage,
  type WireImageSize,
  type WireListProduct,
  type WireOption,
  type WireOptionValue,
  type WirePrice,
  type WireVariant,
} from "@herbo/hosted-api";
import { asArray, asBoolean, asFiniteNumber, asId, asRecord, asString, asText } from "../json-guards";
import { productPrice } from "../money";
import type {
  CardProduct,
  Currency,
  ImageSource,
  Product,
  ProductSection,
  ProductImage,
  ProductList,
  ProductOption,
  SocialImage,
  Variant,
  VariantPrice,
} from "./types";

/**
 * The only code that reads the backend's JSON. It is read leniently: missing or null fields get our
 * defaults, a wrong type counts as missing, and only a missing id or title makes a product unusable.
 * Fields are read by the contract's names (`Unchecked<Wire…>`), so a renamed wire field is a type error.
 */
export function fields<Wire>(value: unknown): Unchecked<Wire> | undefined {
  return asRecord(value) as Unchecked<Wire> | undefined;
}

export class UnexpectedResponseError extends Error {
  constructor(what: string) {
    super(`Unexpected response from the store (${what})`);
    this.name = "UnexpectedResponseError";
  }
}

/** Minor units from a number or a digit string; anything else (empty string, negative, NaN) is absent. */
export function minorUnits(value: unknown): number | null {
  const number = typeof value === "string" ? (/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN) : value;
  return typeof number === "number" && Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
}

function toCurrency(price: Unchecked<WirePrice> | undefined): Currency {
  const currency = fields<WireCurrency>(price?.currency);
  const code = asText(price?.currency_code) ?? asText(currency?.code) ?? "eur";
  return {
    code: code.toLowerCase(),
    symbol: asText(currency?.symbol),
    template: asText(currency?.template),
    decimalDigits: decimalDigitsOf({ decimalDigits: asFiniteNumber(currency?.decimal_digits) ?? null }),
  };
}

/** Stock as a whole number of units; 0 stays 0, only a missing value is null. */
function stockOf(value: unknown): number | null {
  const quantity = asFiniteNumber(value);
  return quantity === undefined ? null : Math.max(0, Math.floor(quantity));
}

function toPrice(json: unknown): VariantPrice {
  const price = fields<WirePrice>(json);
  const sale = minorUnits(price?.sale_amount);
  return {
    amount: minorUnits(price?.amount) ?? 0,
    sale: saleApplies(sale) ? sale : null,
    currency: toCurrency(price),
  };
}

function toVariant(json: unknown): Variant | undefined {
  const raw = fields<WireVariant>(json);
  const id = asId(raw?.id);
  if (raw === undefined || id === undefined) return undefined;
  const prices = (asArray(raw.prices) ?? []).map(toPrice);
  // The first price is shown (docs/storefront.md#prices) until a market's page picks its own (`productInCurrency`).
  const first = prices[0] ?? toPrice(undefined);
  return {
    id,
    title: asString(raw.title) ?? "",
    imageUrl: asText(raw.image_url),
    sku: asText(raw.sku),
    gtin: asText(raw.gtin),
    mpn: asText(raw.mpn),
    priceInCents: first.amount,
    salePriceInCents: first.sale,
    currency: first.currency,
    prices,
    manageInventory: asBoolean(raw.manage_inventory) ?? false,
    inventoryQuantity: stockOf(raw.inventory_quantity),
    weight: asFiniteNumber(raw.weight) ?? null,
  };
}

/** The variant's price in a currency (ISO code, any case), if the store lists one. */
export function priceInCurrency(prices: readonly VariantPrice[], currencyCode: string): VariantPrice | undefined {
  const code = currencyCode.toLowerCase();
  return prices.find((price) => price.currency.code === code);
}

/**
 * The price a market's pages show (docs/storefront.md#markets): the one in the market's currency, else the first,
 * so a backend that lists one price keeps the shop as it was. Undefined only when there is no price at all.
 */
export function chosenPrice(prices: readonly VariantPrice[], currencyCode: string): VariantPrice | undefined {
  return priceInCurrency(prices, currencyCode) ?? prices[0];
}

/** The variant as a market's pages show it: its shown price is the one `chosenPrice` picks. */
export function variantInCurrency<V extends Variant>(variant: V, currencyCode: string): V {
  const price = chosenPrice(variant.prices, currencyCode);
  if (price === undefined) return variant;
  return { ...variant, priceInCents: price.amount, salePriceInCents: price.sale, currency: price.currency };
}

/** The product as a market's pages show it: every variant priced by `variantInCurrency`. */
export function productInCurrency(product: Product, currencyCode: string): Product {
  return { ...product, variants: product.variants.map((variant) => variantInCurrency(variant, currencyCode)) };
}

type UncheckedProduct = Unchecked<WireListProduct & WireDetailProduct>;

function pixels(value: unknown): number | null {
  const number = asFiniteNumber(value);
  return number !== undefined && Number.isInteger(number) && number > 0 ? number : null;
}

/** A picture known only by its URL (a thumbnail, another backend's image). */
function plainImage(url: string, order: number): ProductImage {
  return { url, order, alt: null, width: null, height: null, sources: [] };
}

/** The widths an image is served at: whole positive widths with a URL, ascending, each width once. */
function toSources(value: unknown): ImageSource[] {
  const sources = new Map<number, ImageSource>();
  for (const entry of asArray(value) ?? []) {
    const size = fields<WireImageSize>(entry);
    const url = asText(size?.url);
    const width = pixels(size?.width);
    if (url !== null && width !== null && !sources.has(width)) sources.set(width, { url, width });
  }
  return [...sources.values()].sort((left, right) => left.width - right.width);
}

function toImage(entry: unknown, index: number): ProductImage | undefined {
  const image = fields<WireImage>(entry);
  const url = asText(image?.url);
  if (url === null) return undefined;
  const width = pixels(image?.width);
  const height = pixels(image?.height);
  const sized = width !== null && height !== null;
  return {
    ...plainImage(url, asFiniteNumber(image?.order) ?? index + 1),
    alt: asText(image?.alt)?.trim() ?? null,
    width: sized ? width : null,
    height: sized ? height : null,
    sources: toSources(image?.sizes),
  };
}

function toImages(raw: UncheckedProduct): ProductImage[] {
  const listed: ProductImage[] = [];
  (asArray(raw.media) ?? asArray(raw.images) ?? []).forEach((entry, index) => {
    const image = toImage(entry, index);
    if (image !== undefined) listed.push(image);
  });
  listed.sort((left, right) => left.order - right.order);
  const thumbnail = asText(raw.thumbnail);
  return listed.length === 0 && thumbnail !== null ? [plainImage(thumbnail, 1)] : listed;
}

/** `metadata.social_image`: an absolute http(s) URL, with its width and height when they are whole pixels. */
function toSocialImage(metadata: unknown): SocialImage | null {
  const image = asRecord(asRecord(metadata)?.social_image);
  const url = asText(image?.url);
  if (url === null || !/^https?:\/\//i.test(url)) return null;
  return { url, width: pixels(image?.width), height: pixels(image?.height) };
}

function toOptions(value: unknown): ProductOption[] {
  const options: ProductOption[] = [];
  for (const entry of asArray(value) ?? []) {
    const option = fields<WireOption>(entry);
    const id = asId(option?.id);
    if (option === undefined || id === undefined) continue;
    const values: ProductOption["values"] = [];
    for (const valueEntry of asArray(option.values) ?? []) {
      const item = fields<WireOptionValue>(valueEntry);
      const valueId = asId(item?.id);
      const variantId = asId(item?.variant_id);
      if (valueId !== undefined && variantId !== undefined)
        values.push({ id: valueId, variantId, value: asString(item?.value) ?? "" });
    }
    options.push({ id, title: asString(option.title) ?? "", values });
  }
  return options;
}

/** The product's titled sections in their order; one without a title is left out. */
function toSections(json: unknown): ProductSection[] {
  const sections: { order: number; section: ProductSection }[] = [];
  for (const entry of asArray(json) ?? []) {
    const item = asRecord(entry);
    const title = asText(item?.title);
    if (title === null) continue;
    sections.push({
      order: asFiniteNumber(item?.order) ?? sections.length,
      section: { title, descriptionHtml: asString(item?.description) ?? "" },
    });
  }
  return sections.sort((left, right) => left.order - right.order).map((entry) => entry.section);
}

export function reshapeProduct(json: unknown): Product {
  const raw: UncheckedProduct | undefined = asRecord(json);
  const id = asId(raw?.id);
  const title = asString(raw?.title);
  if (raw === undefined || id === undefined || title === undefined) throw new UnexpectedResponseError("product");
  const images = toImages(raw);
  const thumbnail = asText(raw.thumbnail) ?? images[0]?.url ?? null;
  const variants: Variant[] = [];
  for (const entry of asArray(raw.variants) ?? []) {
    const variant = toVariant(entry);
    if (variant !== undefined) variants.push(variant);
  }
  return {
    id,
    title,
    subtitle: asText(raw.subtitle),
    ribbonText: asText(raw.ribbon_text),
    descriptionHtml: asString(raw.description) ?? "",
    sections: toSections(raw.additional_info),
    thumbnail,
    thumbnailImage:
      thumbnail === null ? null : (images.find((image) => image.url === thumbnail) ?? plainImage(thumbnail, 1)),
    images,
    socialImage: toSocialImage(raw.metadata),
    purchasable: asBoolean(raw.purchasable) ?? true,
    order: asFiniteNumber(raw.order) ?? 0,
    siteProductSelection: asText(raw.site_product_selection),
    options: toOptions(raw.options),
    variants,
  };
}

/** A product list; a malformed product is left out rather than failing the whole page. */
export function reshapeProductList(json: unknown): ProductList {
  const raw = fields<ProductListResponse>(json);
  const entries = asArray(raw?.products);
  if (raw === undefined || entries === undefined) throw new UnexpectedResponseError("product list");
  const products: Product[] = [];
  for (const entry of entries) {
    try {
      products.push(reshapeProduct(entry));
    } catch {
      // Skipped: one broken record must not hide the rest of the catalogue.
    }
  }
  return {
    count: asFiniteNumber(raw.count) ?? products.length,
    offset: asFiniteNumber(raw.offset) ?? 0,
    limit: asFiniteNumber(raw.limit) ?? products.length,
    products,
  };
}

/** The product of a single-product answer, which the backend wraps in `product`. */
export function reshapeProductResponse(json: unknown): Product {
  return reshapeProduct(fields<ProductResponse>(json)?.product);
}

/** Variant id → available units, for the variants the backend reported a number for. */
export function reshapeVariantStock(json: unknown): Map<string, number> {
  const entries = asArray(fields<VariantsResponse>(json)?.variants);
  if (entries === undefined) throw new UnexpectedResponseError("variants");
  const stock = new Map<string, number>();
  for (const entry of entries) {
    const variant = fields<WireVariant>(entry);
    const id = asId(variant?.id);
    const quantity = stockOf(variant?.inventory_quantity);
    if (id !== undefined && quantity !== null) stock.set(id, quantity);
  }
  return stock;
}

/** Overwrites each variant's stock with the fresher value, keeping the original where none came back. */
export function withFreshStock(product: Product, stock: ReadonlyMap<string, number>): Product {
  return {
    ...product,
    variants: product.variants.map((variant) => {
      const fresh = stock.get(variant.id);
      return fresh === undefined ? variant : { ...variant, inventoryQuantity: fresh };
    }),
  };
}

/**
 * Only what a product card reads, so a server-rendered list does not send the detail page's fields, with the
 * card's price already written (a loader calls this on the server).
 */
export function cardProductOf(product: Product): CardProduct {
  return {
    price: productPrice(product),
    id: product.id,
    title: product.title,
    subtitle: product.subtitle,
    ribbonText: product.ribbonText,
    thumbnail: product.thumbnail,
    thumbnailImage: product.thumbnailImage,
    purchasable: product.purchasable,
    siteProductSelection: product.siteProductSelection,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      title: variant.title,
      imageUrl: variant.imageUrl,
      priceInCents: variant.priceInCents,
      salePriceInCents: variant.salePriceInCents,
      currency: variant.currency,
      manageInventory: variant.manageInventory,
      inventoryQuantity: variant.inventoryQuantity,
    })),
  };
}

export function reshapeCheckout(json: unknown): { url: string } {
  const url = asString(fields<CheckoutResponse>(json)?.url);
  if (url === undefined || !/^https?:\/\//i.test(url)) throw new UnexpectedResponseError("checkout");
  return { url };
}

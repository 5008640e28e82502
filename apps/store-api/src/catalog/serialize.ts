import type { ProductFacts } from "@herbo/hosted-api/product-facts";
import type {
  WireBatch,
  WireCurrency,
  WireDetailProduct,
  WireProductFacts,
  WireImage,
  WireListProduct,
  WireVariant,
  WireVariantFields,
} from "@herbo/hosted-api";
import { cardFileName, certificatePath, mediaFileOfUrl, mediaPath, photoFileName } from "../media/media-names.ts";
import type { BatchRow, CurrencyRow, DetailAggregate, PriceRow, ProductAggregate, VariantRow } from "./repository.ts";
import { socialCardSize } from "../media/social-card.ts";

/** Turns a stored path such as /images/x.svg into an absolute URL on this API; leaves absolute URLs alone. */
export type AssetUrl = (stored: string) => string;

export function assetUrlOn(publicUrl: string): AssetUrl {
  return (stored) =>
    /^https?:\/\//i.test(stored) ? stored : `${publicUrl}${stored.startsWith("/") ? "" : "/"}${stored}`;
}

/**
 * The product's metadata, plus `social_image` (a 1200×630 card drawn from its thumbnail) when the thumbnail
 * is one of our own SVG pictures (social networks show no SVG previews) or an uploaded photo.
 */
export function productMetadata(
  metadata: Record<string, unknown>,
  thumbnail: string | null,
  assetUrl: AssetUrl,
): Record<string, unknown> {
  if (thumbnail === null) return metadata;
  const photo = mediaFileOfUrl(thumbnail);
  if (photo !== undefined) {
    return { ...metadata, social_image: { url: assetUrl(mediaPath(cardFileName(photo.id))), ...socialCardSize } };
  }
  const name = /^\/images\/([a-z0-9][a-z0-9-]*)\.svg$/.exec(thumbnail)?.[1];
  if (name === undefined) return metadata;
  return { ...metadata, social_image: { url: assetUrl(`/images/cards/${name}.png`), ...socialCardSize } };
}

export function serializeCurrency(currency: CurrencyRow): WireCurrency {
  return {
    code: currency.code,
    decimal_digits: currency.decimalDigits,
    template: currency.template,
    name: currency.name,
    symbol: currency.symbol,
    symbol_native: currency.symbolNative,
    name_plural: currency.namePlural,
    rounding: 0,
    min_amount: 0,
  };
}

export function availableUnits(variant: VariantRow): number {
  return variant.stockOnHand - variant.stockReserved;
}

/**
 * Which of a variant's prices an answer lists: all of them, or for a storefront page that shows one market
 * only the price in that market's currency, else the first (the price that page would show anyway).
 */
export type PriceSelection = { currency: string } | "all";

function selectedPrices(prices: readonly PriceRow[], selection: PriceSelection): readonly PriceRow[] {
  if (selection === "all") return prices;
  const code = selection.currency.toUpperCase();
  const chosen = prices.find((price) => price.currencyCode === code) ?? prices[0];
  return chosen === undefined ? [] : [chosen];
}

function serializeVariant(
  variant: VariantRow,
  aggregate: ProductAggregate,
  currencies: ReadonlyMap<string, CurrencyRow>,
  assetUrl: AssetUrl,
  selection: PriceSelection,
): WireVariant {
  const optionValues = aggregate.product.extras.options.flatMap((option) =>
    option.values.filter((value) => value.variant_id === variant.id),
  );
  const variantPrices = aggregate.prices.filter((price) => price.variantId === variant.id);
  return {
    id: variant.id,
    title: variant.title,
    image_url: variant.imageUrl === null ? null : assetUrl(variant.imageUrl),
    sku: variant.sku,
    gtin: variant.gtin,
    mpn: variant.mpn,
    prices: selectedPrices(variantPrices, selection).map((price) => {
      const currency = currencies.get(price.currencyCode);
      return {
        amount: price.amount,
        sale_amount: price.saleAmount,
        currency_code: price.currencyCode,
        currency: currency === undefined ? null : serializeCurrency(currency),
      };
    }),
    manage_inventory: variant.manageInventory,
    weight: variant.weight,
    options: optionValues,
    inventory_quantity: availableUnits(variant),
  };
}

/** The fields a product has in both answers; only the key of its pictures differs. */
function serializeProductFields(
  aggregate: ProductAggregate,
  currencies: ReadonlyMap<string, CurrencyRow>,
  assetUrl: AssetUrl,
  selection: PriceSelection,
): Omit<WireListProduct, "images"> {
  const { product } = aggregate;
  return {
    id: product.id,
    title: product.title,
    subtitle: product.subtitle,
    ribbon_text: product.ribbonText,
    description: product.description,
    thumbnail: product.thumbnail === null ? null : assetUrl(product.thumbnail),
    purchasable: product.purchasable,
    order: product.sortOrder,
    site_product_selection: product.siteProductSelection,
    status: product.status,
    options: product.extras.options,
    variants: aggregate.variants.map((variant) =>
      serializeVariant(variant, aggregate, currencies, assetUrl, selection),
    ),
    product_collections: product.extras.product_collections,
    additional_info: product.extras.additional_info,
    type: { value: product.typeValue },
    custom_fields: product.extras.custom_fields,
    related_products: product.extras.related_products,
    updated_at: product.updatedAt.toISOString(),
    created_at: product.createdAt.toISOString(),
    deleted_at: product.deletedAt === null ? null : product.deletedAt.toISOString(),
    metadata: productMetadata(product.extras.metadata, product.thumbnail, assetUrl),
  };
}

/** Each picture with its alt text; an uploaded photo also with its size and every width it is served at. */
function serializeImages(aggregate: ProductAggregate, assetUrl: AssetUrl): WireImage[] {
  const mediaById = new Map(aggregate.media.map((row) => [row.id, row]));
  return aggregate.images.map((image) => {
    const photo = image.mediaId === null ? undefined : mediaById.get(image.mediaId);
    return {
      url: assetUrl(image.url),
      order: image.sortOrder,
      type: image.type,
      alt: image.alt,
      width: photo?.width ?? null,
      height: photo?.height ?? null,
      sizes:
        photo === undefined
          ? []
          : photo.widths.map((width) => ({ url: assetUrl(mediaPath(photoFileName(photo.id, width))), width })),
    };
  });
}

/** A product of a list answer, its pictures under `images`. */
export function serializeListProduct(
  aggregate: ProductAggregate,
  currencies: ReadonlyMap<string, CurrencyRow>,
  assetUrl: AssetUrl,
  selection: PriceSelection = "all",
): WireListProduct {
  return {
    ...serializeProductFields(aggregate, currencies, assetUrl, selection),
    images: serializeImages(aggregate, assetUrl),
  };
}

/** The supplement-facts panel in the wire's field names. */
export function serializeFacts(facts: ProductFacts): WireProductFacts {
  return {
    serving_size: facts.servingSize,
    servings_per_container: facts.servingsPerContainer,
    amounts: facts.amounts.map((row) => ({ name: row.name, amount: row.amount, daily_value: row.dailyValue })),
    ingredients: facts.ingredients,
    warnings: facts.warnings,
  };
}

/** The current batch, its certificate at an absolute address on this API like the pictures'. */
export function serializeBatch(batch: BatchRow, assetUrl: AssetUrl): WireBatch {
  return {
    lot: batch.lot,
    tested_on: batch.testedOn,
    certificate_url: assetUrl(certificatePath(batch.certificateSha256)),
  };
}

/** The product of a single-product answer, its pictures under `media`, with its facts and current batch. */
export function serializeDetailProduct(
  aggregate: DetailAggregate,
  currencies: ReadonlyMap<string, CurrencyRow>,
  assetUrl: AssetUrl,
  selection: PriceSelection = "all",
): WireDetailProduct {
  const { facts } = aggregate.product;
  return {
    ...serializeProductFields(aggregate, currencies, assetUrl, selection),
    media: serializeImages(aggregate, assetUrl),
    facts: facts === null ? null : serializeFacts(facts),
    batch: aggregate.currentBatch === null ? null : serializeBatch(aggregate.currentBatch, assetUrl),
  };
}

/** Every field the variants call can return for one variant; the route picks those asked for. */
export function serializeVariantFields(variant: VariantRow): WireVariantFields {
  return {
    inventory_quantity: availableUnits(variant),
    title: variant.title,
    sku: variant.sku,
    manage_inventory: variant.manageInventory,
    product_id: variant.productId,
  };
}

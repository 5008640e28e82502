import * as z from "zod/mini";
import type { Currency, Product, ProductImage, ProductList, Variant } from "./types";

/** Raw JSON of the hosted backend, read leniently: absent or null fields get our defaults below. */
const text = z.nullish(z.string());
const rawCurrency = z.object({
  code: text,
  symbol: text,
  template: text,
  decimal_digits: z.nullish(z.number()),
});
const rawPrice = z.object({
  amount: z.nullish(z.union([z.number(), z.string()])),
  sale_amount: z.nullish(z.union([z.number(), z.string()])),
  currency_code: text,
  currency: z.nullish(rawCurrency),
});
const rawImage = z.object({ url: z.string(), order: z.nullish(z.number()) });
const rawVariant = z.object({
  id: z.union([z.string(), z.number()]),
  title: text,
  image_url: text,
  sku: text,
  prices: z.nullish(z.array(rawPrice)),
  manage_inventory: z.nullish(z.boolean()),
  weight: z.nullish(z.number()),
  inventory_quantity: z.nullish(z.number()),
});
const rawOption = z.object({
  id: z.union([z.string(), z.number()]),
  title: text,
  values: z.nullish(
    z.array(z.object({ id: z.union([z.string(), z.number()]), variant_id: z.union([z.string(), z.number()]), value: text })),
  ),
});
const rawProduct = z.object({
  id: z.union([z.string(), z.number()]),
  title: z.string(),
  subtitle: text,
  ribbon_text: text,
  description: text,
  thumbnail: text,
  purchasable: z.nullish(z.boolean()),
  order: z.nullish(z.number()),
  site_product_selection: text,
  images: z.nullish(z.array(rawImage)),
  media: z.nullish(z.array(rawImage)),
  options: z.nullish(z.array(rawOption)),
  variants: z.nullish(z.array(rawVariant)),
});
const rawList = z.object({
  count: z.nullish(z.number()),
  offset: z.nullish(z.number()),
  limit: z.nullish(z.number()),
  products: z.array(z.unknown()),
});
const rawVariantStock = z.object({
  variants: z.array(z.object({ id: z.union([z.string(), z.number()]), inventory_quantity: z.nullish(z.number()) })),
});

export class UnexpectedResponseError extends Error {
  constructor(what: string) {
    super(`Unexpected response from the store (${what})`);
    this.name = "UnexpectedResponseError";
  }
}

/** Minor units from a number or a digit string; anything else (empty string, negative, NaN) is absent. */
function minorUnits(value: number | string | null | undefined): number | null {
  const number = typeof value === "string" ? (/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN) : value;
  return typeof number === "number" && Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
}

function blankToNull(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === "" ? null : value;
}

function toCurrency(price: z.infer<typeof rawPrice> | undefined): Currency {
  const code = blankToNull(price?.currency_code) ?? blankToNull(price?.currency?.code) ?? "eur";
  const digits = price?.currency?.decimal_digits;
  return {
    code: code.toLowerCase(),
    symbol: blankToNull(price?.currency?.symbol),
    template: blankToNull(price?.currency?.template),
    decimalDigits: typeof digits === "number" && Number.isInteger(digits) && digits >= 0 && digits <= 4 ? digits : 2,
  };
}

function toVariant(raw: z.infer<typeof rawVariant>): Variant {
  const price = raw.prices?.[0];
  const sale = minorUnits(price?.sale_amount);
  const quantity = raw.inventory_quantity;
  return {
    id: String(raw.id),
    title: raw.title ?? "",
    imageUrl: blankToNull(raw.image_url),
    sku: blankToNull(raw.sku),
    priceInCents: minorUnits(price?.amount) ?? 0,
    salePriceInCents: sale !== null && sale > 0 ? sale : null,
    currency: toCurrency(price),
    manageInventory: raw.manage_inventory ?? false,
    inventoryQuantity: typeof quantity === "number" && Number.isFinite(quantity) ? Math.max(0, Math.floor(quantity)) : null,
    weight: raw.weight ?? null,
  };
}

function toImages(raw: z.infer<typeof rawProduct>): ProductImage[] {
  const listed = (raw.media ?? raw.images ?? [])
    .filter((image) => image.url.trim() !== "")
    .map((image, index) => ({ url: image.url, order: image.order ?? index + 1 }))
    .sort((left, right) => left.order - right.order);
  const thumbnail = blankToNull(raw.thumbnail);
  if (listed.length === 0 && thumbnail !== null) return [{ url: thumbnail, order: 1 }];
  return listed;
}

export function reshapeProduct(json: unknown): Product {
  const parsed = rawProduct.safeParse(json);
  if (!parsed.success) throw new UnexpectedResponseError("product");
  const raw = parsed.data;
  const images = toImages(raw);
  return {
    id: String(raw.id),
    title: raw.title,
    subtitle: blankToNull(raw.subtitle),
    ribbonText: blankToNull(raw.ribbon_text),
    descriptionHtml: raw.description ?? "",
    thumbnail: blankToNull(raw.thumbnail) ?? images[0]?.url ?? null,
    images,
    purchasable: raw.purchasable ?? true,
    order: raw.order ?? 0,
    siteProductSelection: blankToNull(raw.site_product_selection),
    options: (raw.options ?? []).map((option) => ({
      id: String(option.id),
      title: option.title ?? "",
      values: (option.values ?? []).map((value) => ({
        id: String(value.id),
        variantId: String(value.variant_id),
        value: value.value ?? "",
      })),
    })),
    variants: (raw.variants ?? []).map(toVariant),
  };
}

/** A product list; a malformed product is left out rather than failing the whole page. */
export function reshapeProductList(json: unknown): ProductList {
  const parsed = rawList.safeParse(json);
  if (!parsed.success) throw new UnexpectedResponseError("product list");
  const products: Product[] = [];
  for (const entry of parsed.data.products) {
    try {
      products.push(reshapeProduct(entry));
    } catch {
      // Skipped: one broken record must not hide the rest of the catalogue.
    }
  }
  return {
    count: parsed.data.count ?? products.length,
    offset: parsed.data.offset ?? 0,
    limit: parsed.data.limit ?? products.length,
    products,
  };
}

/** The product JSON of a single-product answer, which the backend wraps in `product`. */
export function reshapeProductResponse(json: unknown): Product {
  if (typeof json !== "object" || json === null || !("product" in json)) throw new UnexpectedResponseError("product");
  return reshapeProduct(json.product);
}

/** Variant id → available units, for the variants the backend reported a number for. */
export function reshapeVariantStock(json: unknown): Map<string, number> {
  const parsed = rawVariantStock.safeParse(json);
  if (!parsed.success) throw new UnexpectedResponseError("variants");
  const stock = new Map<string, number>();
  for (const variant of parsed.data.variants) {
    const quantity = variant.inventory_quantity;
    if (typeof quantity === "number" && Number.isFinite(quantity)) stock.set(String(variant.id), Math.max(0, Math.floor(quantity)));
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

export function reshapeCheckout(json: unknown): { url: string } {
  const parsed = z.object({ url: z.string() }).safeParse(json);
  if (!parsed.success || !/^https?:\/\//i.test(parsed.data.url)) throw new UnexpectedResponseError("checkout");
  return { url: parsed.data.url };
}

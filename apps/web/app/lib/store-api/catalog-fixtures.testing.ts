import type { Currency, Product, Variant } from "./types";

/** For tests: Nepal's rupees, as the store lists them. */
export const rupees: Currency = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };

/**
 * For tests: a variant as the storefront holds it after reading the store's answer, priced in rupees, not on
 * sale and without stock tracking; a test names only the fields its rule is about.
 */
export function testVariant(changes: Partial<Variant> = {}): Variant {
  return {
    id: "v",
    title: "10 g",
    imageUrl: null,
    sku: null,
    gtin: null,
    mpn: null,
    priceInCents: 120000,
    salePriceInCents: null,
    currency: rupees,
    prices: [],
    manageInventory: false,
    inventoryQuantity: null,
    weight: null,
    ...changes,
  };
}

/** For tests: a buyable product with one plain variant and no pictures; a test names what its rule needs. */
export function testProduct(changes: Partial<Product> = {}): Product {
  return {
    id: "p",
    title: "Resin",
    subtitle: null,
    ribbonText: null,
    descriptionHtml: "",
    sections: [],
    thumbnail: null,
    thumbnailImage: null,
    images: [],
    socialImage: null,
    purchasable: true,
    order: 1,
    siteProductSelection: null,
    options: [],
    variants: [testVariant()],
    ...changes,
  };
}

import type { Product, Variant } from "~/lib/store-api/types";

export interface StockStatus {
  /** What the detail page says about stock, if anything. */
  message: string | null;
  canAdd: boolean;
}

/** Issue 16: a managed variant with no stock left says so, rather than "Only 0 left". */
export const soldOutMessage = "Sold out";

/** SPEC §4 stock messages on the detail page and when Add to Cart is disabled. */
export function stockStatus(
  product: Pick<Product, "purchasable">,
  variant: Variant | undefined,
  quantity: number,
): StockStatus {
  if (!product.purchasable || variant === undefined) return { message: "Currently unavailable", canAdd: false };
  if (!variant.manageInventory || variant.inventoryQuantity === null) return { message: null, canAdd: true };
  const stock = variant.inventoryQuantity;
  if (stock === 0) return { message: soldOutMessage, canAdd: false };
  if (quantity <= stock) return { message: `${stock} in stock!`, canAdd: true };
  return { message: `Not enough stock. Only ${stock} left.`, canAdd: false };
}

/**
 * What a product card says and whether its Add to Cart works: not purchasable, or every variant sold
 * out, disables it (a card adds one unit, or opens a product with several variants).
 */
export function cardStockStatus(product: Pick<Product, "purchasable" | "variants">): StockStatus {
  if (!product.purchasable || product.variants.length === 0) return { message: "Currently unavailable", canAdd: false };
  const soldOut = product.variants.every(
    (variant) => variant.manageInventory && variant.inventoryQuantity !== null && variant.inventoryQuantity <= 0,
  );
  return soldOut ? { message: soldOutMessage, canAdd: false } : { message: null, canAdd: true };
}

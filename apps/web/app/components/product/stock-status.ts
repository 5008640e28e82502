import type { CardProduct, Product, Variant } from "~/lib/store-api/types";
import { messages } from "~/content/messages";

export interface StockStatus {
  /** What the detail page says about stock, if anything. */
  message: string | null;
  canAdd: boolean;
}

/** The product page's stock messages and when Add to Cart is disabled (docs/storefront.md#product-page). */
export function stockStatus(
  product: Pick<Product, "purchasable">,
  variant: Variant | undefined,
  quantity: number,
): StockStatus {
  if (!product.purchasable || variant === undefined) return { message: messages.unavailable, canAdd: false };
  if (!variant.manageInventory || variant.inventoryQuantity === null) return { message: null, canAdd: true };
  const stock = variant.inventoryQuantity;
  if (stock === 0) return { message: messages.soldOutStatus, canAdd: false };
  if (quantity <= stock) return { message: messages.inStock(stock), canAdd: true };
  return { message: messages.notEnoughStock(stock), canAdd: false };
}

/**
 * What a product card says and whether its Add to Cart works: not purchasable, or every variant sold
 * out, disables it (a card adds one unit, or opens a product with several variants).
 */
export function cardStockStatus(product: Pick<CardProduct, "purchasable" | "variants">): StockStatus {
  if (!product.purchasable || product.variants.length === 0) return { message: messages.unavailable, canAdd: false };
  const soldOut = product.variants.every(
    (variant) => variant.manageInventory && variant.inventoryQuantity !== null && variant.inventoryQuantity <= 0,
  );
  return soldOut ? { message: messages.soldOutStatus, canAdd: false } : { message: null, canAdd: true };
}

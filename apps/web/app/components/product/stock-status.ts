import type { Product, Variant } from "~/lib/store-api/types";

export interface StockStatus {
  /** What the detail page says about stock, if anything. */
  message: string | null;
  canAdd: boolean;
}

/** SPEC §4 stock messages on the detail page and when Add to Cart is disabled. */
export function stockStatus(
  product: Pick<Product, "purchasable">,
  variant: Variant | undefined,
  quantity: number,
): StockStatus {
  if (!product.purchasable || variant === undefined) return { message: "Currently unavailable", canAdd: false };
  if (!variant.manageInventory || variant.inventoryQuantity === null) return { message: null, canAdd: true };
  const stock = variant.inventoryQuantity;
  if (quantity <= stock) return { message: `${stock} in stock!`, canAdd: true };
  return { message: `Not enough stock. Only ${stock} left.`, canAdd: false };
}

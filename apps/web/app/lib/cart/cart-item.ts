import type { CardProduct, CardVariant } from "../store-api/types";
import type { CartItem } from "./cart";

/** The cart line for a quantity of one variant of a product. */
export function cartItemFor(
  product: Pick<CardProduct, "id" | "title" | "thumbnail">,
  variant: CardVariant,
  quantity: number,
): CartItem {
  return {
    product: { id: product.id, title: product.title, imageUrl: variant.imageUrl ?? product.thumbnail },
    variant: {
      id: variant.id,
      title: variant.title,
      manageInventory: variant.manageInventory,
      priceInCents: variant.priceInCents,
      salePriceInCents: variant.salePriceInCents,
      currency: variant.currency,
    },
    quantity,
  };
}

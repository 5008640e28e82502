import { maxCheckoutLines, maxLineQuantity } from "@herbo/hosted-api";
import { lineName, messages } from "~/content/messages";
import { effectivePrice } from "../money";
import type { Currency } from "../store-api/types";

/** One cart line (docs/storefront.md#cart), identified by its variant id. */
export interface CartItem {
  product: { id: string; title: string; imageUrl: string | null };
  variant: {
    id: string;
    title: string;
    manageInventory: boolean;
    priceInCents: number;
    salePriceInCents: number | null;
    currency: Pick<Currency, "code" | "symbol" | "template" | "decimalDigits">;
  };
  quantity: number;
}

export type CartAction =
  | { type: "add"; item: CartItem }
  | { type: "remove"; variantId: string }
  | { type: "setQuantity"; variantId: string; quantity: number }
  | { type: "clear" }
  | { type: "replace"; items: CartItem[] };

/**
 * The pure cart rules (docs/storefront.md#cart): adding merges by variant id; quantities stay whole, at least 1 and
 * at most the contract's per-line limit.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case "add": {
      const existing = items.find((item) => item.variant.id === action.item.variant.id);
      if (existing === undefined) return [...items, action.item];
      return items.map((item) =>
        item === existing ? { ...item, quantity: item.quantity + action.item.quantity } : item,
      );
    }
    case "remove":
      return items.filter((item) => item.variant.id !== action.variantId);
    case "setQuantity": {
      if (!Number.isFinite(action.quantity)) return items;
      const quantity = Math.min(maxLineQuantity, Math.max(1, Math.floor(action.quantity)));
      return items.map((item) => (item.variant.id === action.variantId ? { ...item, quantity } : item));
    }
    case "clear":
      return [];
    case "replace":
      return action.items;
  }
}

/**
 * The stock rule (docs/storefront.md#cart): with managed inventory, what is already in the cart plus what is
 * added may not exceed the available stock. Returns the refusal message when it would, else null. Untracked
 * stock is never checked.
 */
export function stockProblem(items: readonly CartItem[], adding: CartItem, available: number | null): string | null {
  if (!adding.variant.manageInventory || available === null) return null;
  const inCart = items.find((item) => item.variant.id === adding.variant.id)?.quantity ?? 0;
  if (inCart + adding.quantity <= available) return null;
  const name = lineName(adding.product.title, adding.variant.title);
  if (available <= 0) return messages.soldOut(name);
  return messages.stockExceeded(name, available);
}

/**
 * The contract's checkout limits: at most `maxLineQuantity` of one variant and `maxCheckoutLines`
 * different variants, so the cart never holds what checkout would refuse. Returns the message, or null.
 */
export function limitProblem(items: readonly CartItem[], adding: CartItem): string | null {
  const existing = items.find((item) => item.variant.id === adding.variant.id);
  if ((existing?.quantity ?? 0) + adding.quantity > maxLineQuantity) {
    return messages.lineLimitReached(lineName(adding.product.title, adding.variant.title));
  }
  if (existing === undefined && items.length >= maxCheckoutLines) return messages.cartLinesLimitReached;
  return null;
}

/** Why `adding` may not go into the cart (stock first, then the checkout limits), or null when it may. */
export function addProblem(items: readonly CartItem[], adding: CartItem, available: number | null): string | null {
  return stockProblem(items, adding, available) ?? limitProblem(items, adding);
}

/** The sum over lines of (sale price if present, else price) × quantity, in minor units (docs/storefront.md#cart). */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + effectivePrice(item.variant) * item.quantity, 0);
}

export function cartQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

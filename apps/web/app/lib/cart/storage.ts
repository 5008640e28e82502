import * as z from "zod/mini";
import type { CartItem } from "./cart";

/** The localStorage key SPEC §4 keeps the cart under. */
export const cartStorageKey = "e-commerce-cart";
/** A cart longer than this is not a shopper's cart; what is past it is dropped. */
export const maxCartLines = 100;
export const maxLineQuantity = 999;

const shortText = z.string().check(z.maxLength(500));
const storedItem = z.object({
  product: z.object({ id: shortText, title: shortText, imageUrl: z.optional(z.nullable(shortText)) }),
  variant: z.object({
    id: shortText.check(z.minLength(1)),
    title: shortText,
    manageInventory: z.boolean(),
    priceInCents: z.number().check(z.int(), z.minimum(0)),
    salePriceInCents: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
    currency: z.optional(
      z.object({
        code: shortText,
        symbol: z.nullable(shortText),
        template: z.nullable(shortText),
        decimalDigits: z.number().check(z.int(), z.minimum(0), z.maximum(4)),
      }),
    ),
  }),
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(maxLineQuantity)),
});

const fallbackCurrency = { code: "eur", symbol: null, template: null, decimalDigits: 2 };

/**
 * Reads a stored cart. Missing, unreadable or malformed data gives an empty cart; malformed lines are
 * dropped one by one, repeated variants merged, so a damaged entry never breaks a page.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (raw === null || raw.length > 1_000_000) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const items: CartItem[] = [];
  for (const entry of json.slice(0, maxCartLines)) {
    const parsed = storedItem.safeParse(entry);
    if (!parsed.success) continue;
    const { product, variant, quantity } = parsed.data;
    if (items.some((item) => item.variant.id === variant.id)) continue;
    items.push({
      product: { id: product.id, title: product.title, imageUrl: product.imageUrl ?? null },
      variant: {
        id: variant.id,
        title: variant.title,
        manageInventory: variant.manageInventory,
        priceInCents: variant.priceInCents,
        salePriceInCents: variant.salePriceInCents ?? null,
        currency: variant.currency ?? fallbackCurrency,
      },
      quantity,
    });
  }
  return items;
}

export function readCart(storage: Pick<Storage, "getItem"> | undefined): CartItem[] {
  try {
    return parseStoredCart(storage?.getItem(cartStorageKey) ?? null);
  } catch {
    // Storage can throw (disabled cookies, privacy modes): an empty cart is the honest answer.
    return [];
  }
}

export function writeCart(storage: Pick<Storage, "setItem" | "getItem"> | undefined, items: readonly CartItem[]): void {
  try {
    const serialised = JSON.stringify(items);
    if (storage?.getItem(cartStorageKey) !== serialised) storage?.setItem(cartStorageKey, serialised);
  } catch {
    // A full or blocked storage keeps the cart for this page only.
  }
}

import { maxCheckoutLines, maxLineQuantity } from "@herbo/hosted-api";
import { asBoolean, asRecord, asString, isWholeNumber } from "../json-guards";
import type { CartItem } from "./cart";

/** The localStorage key the cart is kept under (docs/storefront.md#cart). */
export const cartStorageKey = "e-commerce-cart";
/** Stored entries looked at; a longer list is not a shopper's cart. */
const maxStoredEntries = 1_000;
/** A stored quantity above this is not a shopper's; the line is dropped rather than clamped. */
const maxStoredQuantity = 1_000_000;
const maxTextLength = 500;
const maxMinorUnits = 1_000_000_000;

const fallbackCurrency = { code: "eur", symbol: null, template: null, decimalDigits: 2 };

function shortText(value: unknown): string | undefined {
  const text = asString(value);
  return text !== undefined && text.length <= maxTextLength ? text : undefined;
}

function nullableText(value: unknown): string | null | undefined {
  return value === null || value === undefined ? null : shortText(value);
}

function parseCurrency(value: unknown): CartItem["variant"]["currency"] | undefined {
  if (value === undefined) return fallbackCurrency;
  const currency = asRecord(value);
  const code = shortText(currency?.code);
  const symbol = nullableText(currency?.symbol);
  const template = nullableText(currency?.template);
  const decimalDigits = currency?.decimalDigits;
  if (code === undefined || symbol === undefined || template === undefined || !isWholeNumber(decimalDigits, 0, 4))
    return undefined;
  return { code, symbol, template, decimalDigits };
}

/** One stored line, or undefined when any part of it is not what the shop wrote. */
function parseLine(entry: unknown): CartItem | undefined {
  const line = asRecord(entry);
  const product = asRecord(line?.product);
  const variant = asRecord(line?.variant);
  const productId = shortText(product?.id);
  const productTitle = shortText(product?.title);
  const imageUrl = nullableText(product?.imageUrl);
  const variantId = shortText(variant?.id);
  const variantTitle = shortText(variant?.title);
  const manageInventory = asBoolean(variant?.manageInventory);
  const priceInCents = variant?.priceInCents;
  const salePriceInCents = variant?.salePriceInCents ?? null;
  const currency = parseCurrency(variant?.currency);
  const quantity = line?.quantity;
  if (
    productId === undefined ||
    productTitle === undefined ||
    imageUrl === undefined ||
    variantId === undefined ||
    variantId === "" ||
    variantTitle === undefined ||
    manageInventory === undefined ||
    !isWholeNumber(priceInCents, 0, maxMinorUnits) ||
    (salePriceInCents !== null && !isWholeNumber(salePriceInCents, 0, maxMinorUnits)) ||
    currency === undefined ||
    !isWholeNumber(quantity, 1, maxStoredQuantity)
  ) {
    return undefined;
  }
  return {
    product: { id: productId, title: productTitle, imageUrl },
    variant: { id: variantId, title: variantTitle, manageInventory, priceInCents, salePriceInCents, currency },
    // A cart saved before the checkout limit existed, or edited by hand, keeps its line at the limit.
    quantity: Math.min(quantity, maxLineQuantity),
  };
}

/**
 * Reads a stored cart. Missing, unreadable or malformed data gives an empty cart; malformed lines are
 * dropped one by one, and a repeated variant keeps its first line, so a damaged entry never breaks a page.
 * Quantities above the checkout limit are lowered to it, and lines past the checkout's line limit dropped.
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
  for (const entry of json.slice(0, maxStoredEntries)) {
    if (items.length === maxCheckoutLines) break;
    const item = parseLine(entry);
    if (item !== undefined && !items.some((existing) => existing.variant.id === item.variant.id)) items.push(item);
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

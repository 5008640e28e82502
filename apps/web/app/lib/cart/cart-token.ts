import { cartTokenPattern } from "@herbo/hosted-api";

/** The cart token's storage key: beside the cart, not inside its fixed stored format (docs/storefront.md#cart). */
export const cartTokenStorageKey = "e-commerce-cart-token";

/** 128 random bits, as the contract asks: 22 characters of base64url. */
const tokenBytes = 16;

type TokenStorage = Pick<Storage, "getItem" | "setItem">;

/** This page's token, used when storage cannot keep one, so one page still sends one token. */
let pageToken: string | undefined;

/** A fresh token: 16 random bytes as base64url without padding. */
export function newCartToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(tokenBytes));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
}

function keep(storage: TokenStorage | undefined, token: string): string {
  pageToken = token;
  try {
    storage?.setItem(cartTokenStorageKey, token);
  } catch {
    // A blocked or full storage: the token lasts as long as this page.
  }
  return token;
}

/**
 * This browser's cart token: the stored one, or a new one, stored, when none is stored, the stored value is
 * not a token, or storage cannot be read. Never throws.
 */
export function readCartToken(storage: TokenStorage | undefined): string {
  let stored: unknown;
  try {
    stored = storage?.getItem(cartTokenStorageKey);
  } catch {
    // Storage that cannot be read (privacy modes) falls back to this page's token.
  }
  if (typeof stored === "string" && cartTokenPattern.test(stored)) return stored;
  return keep(storage, pageToken ?? newCartToken());
}

/** Starts a new cart's token (a paid cart is emptied): the next checkout cannot replace the old cart's. */
export function renewCartToken(storage: TokenStorage | undefined): string {
  return keep(storage, newCartToken());
}

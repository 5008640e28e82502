import { publishedShippingRates } from "~/content/shipping";
import { isStoreApiError, type StoreApi } from "./client";
import type { StoreShipping } from "./types";

/**
 * What the store says of delivery and tax: its live rates and markets' tax settings; the shop's
 * published rates, and no tax settings, when the store has no such call (the hosted backend answers 404);
 * null when the store cannot answer now, and then the page states no rate and is not cached. The store
 * API caches this answer, so a page may ask it beside its catalogue call, and the cart from the browser.
 */
export async function loadShipping(storeApi: StoreApi, signal?: AbortSignal): Promise<StoreShipping | null> {
  try {
    return await storeApi.getShipping(signal);
  } catch (error) {
    if (isStoreApiError(error) && error.status === 404)
      return { rates: [...publishedShippingRates], pricesIncludeTax: {}, freeShippingOver: {}, quantityPrices: {} };
    return null;
  }
}

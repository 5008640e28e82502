import { publishedShippingRates } from "~/content/shipping";
import { isStoreApiError, type StoreApi } from "./client";
import type { ShippingRate } from "./types";

/**
 * The delivery rates a page quotes (issue 28): the store's live ones; the shop's published offer when the
 * store has no such call (the hosted backend answers 404); null when the store cannot answer now, and then
 * the page states no rate and is not cached.
 */
export async function loadShippingRates(storeApi: StoreApi, signal?: AbortSignal): Promise<ShippingRate[] | null> {
  try {
    return await storeApi.getShippingRates(signal);
  } catch (error) {
    if (isStoreApiError(error) && error.status === 404) return [...publishedShippingRates];
    return null;
  }
}

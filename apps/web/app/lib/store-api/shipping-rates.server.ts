import type { StoreApi } from "./client";
import { loadShipping } from "./load-shipping";
import type { ShippingRate } from "./types";

export { loadShipping };

/** The delivery rates a page quotes, as `loadShipping` finds them. */
export async function loadShippingRates(storeApi: StoreApi, signal?: AbortSignal): Promise<ShippingRate[] | null> {
  return (await loadShipping(storeApi, signal))?.rates ?? null;
}

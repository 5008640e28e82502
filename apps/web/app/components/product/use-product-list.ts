import { useEffect, useState } from "react";
import { pricedForMarket, useMarket } from "~/lib/markets";
import { useStoreApi } from "~/lib/public-env";
import type { ProductListState } from "./product-grid";

/**
 * Loads the product list in the browser (the home page is prerendered, its catalogue is live), priced for
 * the page's market; a page whose server already loaded the list passes it as `loaded` and nothing is asked.
 */
export function useProductList(loaded: ProductListState | null = null): ProductListState {
  const storeApi = useStoreApi();
  const market = useMarket();
  const [state, setState] = useState<ProductListState>({ status: "loading" });
  useEffect(() => {
    if (loaded !== null) return;
    const controller = new AbortController();
    storeApi.listProducts({}, controller.signal).then(
      (list) =>
        setState({ status: "loaded", products: list.products.map((product) => pricedForMarket(product, market)) }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: "error", message: error instanceof Error ? error.message : null });
      },
    );
    return () => controller.abort();
  }, [storeApi, market, loaded]);
  return loaded ?? state;
}

import { useEffect, useState } from "react";
import { useStoreApi } from "~/lib/public-env";
import type { ProductListState } from "./product-grid";

/** Loads the product list in the browser (the home page is prerendered, its catalogue is live). */
export function useProductList(): ProductListState {
  const storeApi = useStoreApi();
  const [state, setState] = useState<ProductListState>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    storeApi.listProducts({}, controller.signal).then(
      (list) => setState({ status: "loaded", products: list.products }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: "error", message: error instanceof Error ? error.message : null });
      },
    );
    return () => controller.abort();
  }, [storeApi]);
  return state;
}

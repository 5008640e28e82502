import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject } from "react";
import { lineName } from "~/content/messages";
import { useCartMarket } from "../markets";
import { useStoreApi } from "../public-env";
import type { CartAction, CartItem } from "./cart";
import { needsRepricing, productsToReprice, repriceCart, repricingCurrency } from "./reprice";

/** What the shopper is told after the cart moved to another currency. */
export interface CartCurrencyNotice {
  /** Upper-case ISO code of the cart's new currency. */
  currency: string;
  /** Names of the lines the store could not price in it, which left the cart. */
  removed: string[];
}

export interface CartRepricing {
  /** Moves the cart to `currency` now: an item in it was just added to a cart in another. */
  repriceTo(currency: string): void;
  currencyNotice: CartCurrencyNotice | null;
  dismissCurrencyNotice(): void;
}

/**
 * One cart per market (docs/storefront.md#markets). On arriving on a market's catalogue page (and on the first
 * read of the stored cart), a cart in another currency moves to the market's, once the store prices any of its
 * lines in it; `repriceTo` moves it to an added item's currency. Prices come from the store's list, lines
 * without one leave the cart, and the shopper is told; a failed call leaves the cart as it is. Other tabs'
 * changes start nothing, so two tabs in two markets never take turns, and nor do pages without catalogue prices.
 */
export function useCartRepricing(
  itemsRef: RefObject<CartItem[]>,
  dispatch: Dispatch<CartAction>,
  ready: boolean,
): CartRepricing {
  const market = useCartMarket();
  const storeApi = useStoreApi();
  const [currencyNotice, setCurrencyNotice] = useState<CartCurrencyNotice | null>(null);
  const pending = useRef<AbortController | null>(null);

  const reprice = useCallback(
    (currency: string, onlyIfPriced: boolean) => {
      const ids = productsToReprice(itemsRef.current, currency);
      if (ids.length === 0) return;
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      storeApi.listProducts({ ids, limit: ids.length }, controller.signal).then(
        ({ products }) => {
          if (controller.signal.aborted) return;
          const current = itemsRef.current;
          const target = onlyIfPriced ? repricingCurrency(current, products, currency) : currency.toUpperCase();
          if (target === null) return;
          const outcome = repriceCart(current, products, target, new Set(ids));
          if (outcome.repriced.length + outcome.removed.length === 0) return;
          itemsRef.current = outcome.items;
          dispatch({ type: "replace", items: outcome.items });
          setCurrencyNotice({
            currency: target,
            removed: outcome.removed.map((item) => lineName(item.product.title, item.variant.title)),
          });
        },
        () => undefined,
      );
    },
    [storeApi, itemsRef, dispatch],
  );

  const marketCurrency = market?.currencyCode ?? null;
  useEffect(() => {
    if (ready && marketCurrency !== null && needsRepricing(itemsRef.current, marketCurrency)) {
      reprice(marketCurrency, true);
    }
  }, [ready, marketCurrency, reprice, itemsRef]);
  useEffect(() => () => pending.current?.abort(), []);

  const repriceTo = useCallback((currency: string) => reprice(currency, false), [reprice]);
  const dismissCurrencyNotice = useCallback(() => setCurrencyNotice(null), []);
  return { repriceTo, currencyNotice, dismissCurrencyNotice };
}

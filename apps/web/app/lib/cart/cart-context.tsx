import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { useLocation } from "react-router";
import { rememberMarketOfCurrency, rememberMarketOfPath } from "../last-market";
import { addProblem, cartQuantity, cartReducer, cartTotal, type CartItem } from "./cart";
import { readCartToken, renewCartToken } from "./cart-token";
import { cartCurrency, lineCurrency } from "./reprice";
import { cartStorageKey, readCart, writeCart } from "./storage";
import { useCartRepricing, type CartCurrencyNotice } from "./use-cart-repricing";

export type AddResult = { ok: true } | { ok: false; message: string };

export interface CartApi {
  items: CartItem[];
  /** True once the stored cart has been read in the browser. */
  ready: boolean;
  totalQuantity: number;
  totalInCents: number;
  /** Adds unless the stock rule or a checkout limit refuses (docs/storefront.md#cart); the cart is then unchanged. */
  add(item: CartItem, availableStock: number | null): AddResult;
  remove(variantId: string): void;
  setQuantity(variantId: string, quantity: number): void;
  /** Empties the cart and starts a new cart token: a new cart is a new cart. */
  clear(): void;
  /** This browser's cart token, sent with a checkout so it replaces only this cart's unpaid one. */
  cartToken(): string;
  drawerOpen: boolean;
  openDrawer(): void;
  closeDrawer(): void;
  /** The header's cart button, where focus returns when the drawer closes. */
  cartButtonRef: RefObject<HTMLButtonElement | null>;
  /** Set when the cart was re-priced in another currency, until the shopper dismisses it. */
  currencyNotice: CartCurrencyNotice | null;
  dismissCurrencyNotice(): void;
}

const CartContext = createContext<CartApi | null>(null);

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (cart === null) throw new Error("useCart needs a CartProvider");
  return cart;
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, dispatch] = useReducer(cartReducer, []);
  const [ready, setReady] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const cartButtonRef = useRef<HTMLButtonElement | null>(null);
  const { repriceTo, currencyNotice, dismissCurrencyNotice } = useCartRepricing(itemsRef, dispatch, ready);

  // The server knows no cart: read the stored one after hydration, and follow other tabs' changes.
  useEffect(() => {
    dispatch({ type: "replace", items: readCart(browserStorage()) });
    setReady(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key === cartStorageKey || event.key === null)
        dispatch({ type: "replace", items: readCart(browserStorage()) });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    if (ready) writeCart(browserStorage(), items);
  }, [items, ready]);

  // The market a shopper views the catalogue of is the one pages outside the markets lead back to.
  const { pathname } = useLocation();
  useEffect(() => rememberMarketOfPath(pathname), [pathname]);

  const add = useCallback(
    (item: CartItem, availableStock: number | null): AddResult => {
      const problem = addProblem(itemsRef.current, item, availableStock);
      if (problem !== null) return { ok: false, message: problem };
      const before = cartCurrency(itemsRef.current);
      // Keep the ref current so two adds in one event see each other.
      itemsRef.current = cartReducer(itemsRef.current, { type: "add", item });
      dispatch({ type: "add", item });
      rememberMarketOfCurrency(lineCurrency(item));
      // An item in another currency than the cart's: the cart follows the price the shopper was just shown.
      if (before !== null && before !== lineCurrency(item)) repriceTo(lineCurrency(item));
      return { ok: true };
    },
    [repriceTo],
  );
  const remove = useCallback((variantId: string) => dispatch({ type: "remove", variantId }), []);
  const setQuantity = useCallback(
    (variantId: string, quantity: number) => dispatch({ type: "setQuantity", variantId, quantity }),
    [],
  );
  const clear = useCallback(() => {
    dispatch({ type: "clear" });
    renewCartToken(browserStorage());
  }, []);
  const cartToken = useCallback(() => readCartToken(browserStorage()), []);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const api = useMemo<CartApi>(
    () => ({
      items,
      ready,
      totalQuantity: cartQuantity(items),
      totalInCents: cartTotal(items),
      add,
      remove,
      setQuantity,
      clear,
      cartToken,
      drawerOpen,
      openDrawer,
      closeDrawer,
      cartButtonRef,
      currencyNotice,
      dismissCurrencyNotice,
    }),
    [
      items,
      ready,
      add,
      remove,
      setQuantity,
      clear,
      cartToken,
      drawerOpen,
      openDrawer,
      closeDrawer,
      currencyNotice,
      dismissCurrencyNotice,
    ],
  );
  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}

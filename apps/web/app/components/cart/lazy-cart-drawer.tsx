import { lazy, Suspense, useEffect, useState } from "react";
import { useCart } from "~/lib/cart/cart-context";

const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(loadDrawer);

/** Starts fetching the drawer's code as soon as the shopper points at or focuses the cart button. */
export function preloadCartDrawer(): void {
  void loadDrawer();
}

/** The cart drawer, whose code (and Radix Dialog) loads only once a shopper reaches for the cart. */
export function LazyCartDrawer() {
  const { drawerOpen } = useCart();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (drawerOpen) setWanted(true);
  }, [drawerOpen]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}

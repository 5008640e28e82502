import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import logoMark from "~/assets/images/logo-mark.svg?url";
import { site } from "~/content/site";
import { useCart } from "~/lib/cart/cart-context";
import { useShoppingMarket } from "~/lib/last-market";
import { marketPath } from "~/lib/markets";
import { preloadCartDrawer } from "../cart/lazy-cart-drawer";
import { Icon } from "../ui/icon";
import { CartCurrencyNotice } from "./cart-currency-notice";
import { marketNavLinks } from "./nav-links";

const MobileMenu = lazy(() => import("./mobile-menu"));

/** The header turns translucent with blur and shadow past this many pixels of scroll (docs/storefront.md#header). */
export const headerScrollThresholdPx = 10;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export function Header() {
  const scrolled = useScrolledPast(headerScrollThresholdPx);
  const { totalQuantity, openDrawer, cartButtonRef } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  // A market's pages lead within it; the others to the market last shopped in, once the page has hydrated.
  const market = useShoppingMarket();
  const links = marketNavLinks(market);
  const home = marketPath(market, "/");

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-[background-color,box-shadow,backdrop-filter] duration-300 ${
        scrolled ? "bg-cream/80 shadow-md backdrop-blur-md" : "bg-cream"
      }`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={home} className="flex items-center gap-2 rounded-md" aria-label={`${site.brand} home`}>
          <img src={logoMark} alt="" width={36} height={36} className="h-9 w-9" />
          <span className="font-display text-xl font-bold tracking-tight">{site.brand}</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-8">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === home}
                  className={({ isActive }) =>
                    `font-medium transition-colors hover:text-gold-dark ${isActive ? "text-gold-dark" : "text-resin"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <button
            ref={cartButtonRef}
            type="button"
            onClick={openDrawer}
            onPointerEnter={preloadCartDrawer}
            onFocus={preloadCartDrawer}
            onTouchStart={preloadCartDrawer}
            className="relative rounded-full p-2.5 transition-colors hover:bg-sand"
            aria-label={
              totalQuantity > 0 ? `Open cart, ${totalQuantity} ${totalQuantity === 1 ? "item" : "items"}` : "Open cart"
            }
          >
            <Icon name="cart" />
            {totalQuantity > 0 ? (
              <span
                data-testid="cart-badge"
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-[#dc2626] px-1 text-xs font-bold text-white"
              >
                {totalQuantity}
              </span>
            ) : null}
          </button>
          <button
            type="button"
            className="rounded-full p-2.5 transition-colors hover:bg-sand md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>
      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onViewCart={() => {
              setMenuOpen(false);
              openDrawer();
            }}
          />
        </Suspense>
      ) : null}
      <CartCurrencyNotice />
    </header>
  );
}

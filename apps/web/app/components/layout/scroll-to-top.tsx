import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The root layout's always-present helper: every route change starts at the top of the page.
 *
 * Not the first render: the page is already where the browser put it (the top, a #fragment, or where the
 * shopper scrolled while it was starting). Scrolling then would yank a shopper who scrolled and tapped
 * while the page hydrated back to the top, and the tap would land on whatever slid under the finger.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}

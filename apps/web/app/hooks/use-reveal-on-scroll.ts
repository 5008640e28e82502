import { useEffect, useRef } from "react";

/**
 * Cards that start below the fold wait hidden and rise once when scrolled into view.
 * Cards already on screen at load, shoppers who prefer reduced motion, and browsers without
 * JavaScript or IntersectionObserver just see them (no data-reveal attribute is ever set).
 *
 * Where a card starts is read from the observer's first report, never by measuring the card in the
 * effect: the effect runs while the page hydrates, and a measurement there makes the browser lay the
 * whole page out at once, again after each card hidden before it (the home page has 13 such cards, and
 * this cost a slow phone about a tenth of a second of blocked main thread). The observer reports after
 * the browser's own next layout, and a card it finds below the screen can be hidden without a flash.
 */
export function useRevealOnScroll<Element extends HTMLElement>() {
  const ref = useRef<Element | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let firstReport = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry === undefined) return;
        if (firstReport) {
          firstReport = false;
          // On screen, even partly, when first seen (or already scrolled to): left as drawn.
          if (entry.boundingClientRect.top < window.innerHeight) observer.disconnect();
          else element.dataset.reveal = "pending";
          return;
        }
        if (entry.isIntersecting) {
          element.dataset.reveal = "done";
          observer.disconnect();
        }
      },
      { rootMargin: "0px 0px -10% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}

import { useEffect, useRef } from "react";

/**
 * Cards that start below the fold wait hidden and rise once when scrolled into view.
 * Cards already on screen at load, shoppers who prefer reduced motion, and browsers without
 * JavaScript or IntersectionObserver just see them (no data-reveal attribute is ever set).
 */
export function useRevealOnScroll<Element extends HTMLElement>() {
  const ref = useRef<Element | null>(null);
  useEffect(() => {
    const element = ref.current;
    return element === null ? undefined : revealOnScroll(element);
  }, []);
  return ref;
}

/**
 * The same for every card (`.reveal`) inside a part of the page React did not draw: a part kept as the
 * server drew it has no hooks of its own to run. Returns what stops watching them.
 */
export function revealCardsWithin(container: HTMLElement): () => void {
  const stops = [...container.querySelectorAll<HTMLElement>(".reveal")].map(revealOnScroll);
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * Watches one card and returns what stops watching it.
 *
 * Where a card starts is read from the observer's first report, never by measuring the card: this runs
 * while the page hydrates, and a measurement there makes the browser lay the whole page out at once, again
 * after each card hidden before it (the home page has 13 such cards, and this cost a slow phone about a
 * tenth of a second of blocked main thread). The observer reports after the browser's own next layout, and
 * a card it finds below the screen can be hidden without a flash.
 */
function revealOnScroll(element: HTMLElement): () => void {
  if (typeof IntersectionObserver === "undefined") return () => undefined;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => undefined;
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
}

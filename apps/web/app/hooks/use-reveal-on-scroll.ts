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
    if (element === null || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    element.dataset.reveal = "pending";
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
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

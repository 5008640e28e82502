import type { CSSProperties } from "react";
import type { Testimonial } from "~/content/types";
import { useRevealOnScroll } from "~/hooks/use-reveal-on-scroll";
import { Icon } from "../ui/icon";

/** A customer quote with five stars: every testimonial shows five (docs/storefront.md#fixed-figures). */
export function TestimonialCard({ testimonial, index = 0 }: { testimonial: Testimonial; index?: number }) {
  const ref = useRevealOnScroll<HTMLLIElement>();
  return (
    <li
      ref={ref}
      className="reveal flex flex-col gap-4 rounded-2xl border border-line bg-white p-6 shadow-sm"
      style={{ "--stagger-delay": `${(index * 0.1).toFixed(2)}s` } as CSSProperties}
    >
      <p className="flex gap-0.5 text-gold" role="img" aria-label="Rated 5 out of 5 stars" data-testid="stars">
        {[1, 2, 3, 4, 5].map((star) => (
          <Icon key={star} name="star" size={18} filled />
        ))}
      </p>
      <blockquote className="flex-1 text-resin">“{testimonial.text}”</blockquote>
      <p className="text-sm">
        <span className="font-semibold">{testimonial.name}</span>
        <span className="text-bark"> · {testimonial.location}</span>
      </p>
    </li>
  );
}

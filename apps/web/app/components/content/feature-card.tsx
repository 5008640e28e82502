import type { CSSProperties } from "react";
import type { Feature } from "~/content/types";
import { useRevealOnScroll } from "~/hooks/use-reveal-on-scroll";
import { Icon } from "../ui/icon";

interface FeatureCardProps {
  feature: Feature;
  /** Position in its grid; with `staggerSeconds` it delays the card's entrance. */
  index?: number;
  staggerSeconds?: number;
  headingLevel?: "h3" | "h4";
}

export function FeatureCard({ feature, index = 0, staggerSeconds = 0, headingLevel = "h3" }: FeatureCardProps) {
  const ref = useRevealOnScroll<HTMLLIElement>();
  const Heading = headingLevel;
  return (
    <li
      ref={ref}
      className="reveal flex flex-col gap-3 rounded-2xl border border-line bg-white p-6 shadow-sm"
      style={{ "--stagger-delay": `${(index * staggerSeconds).toFixed(2)}s` } as CSSProperties}
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-sand text-gold-dark">
        <Icon name={feature.icon} />
      </span>
      <Heading className="font-display text-lg font-bold">{feature.title}</Heading>
      <p className="text-bark">{feature.text}</p>
    </li>
  );
}

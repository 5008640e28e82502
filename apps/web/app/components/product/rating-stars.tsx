import { bestRating } from "@herbo/hosted-api";
import { Icon } from "../ui/icon";

const stars = Array.from({ length: bestRating }, (_, index) => index + 1);

/**
 * Five stars filled to a rating (4.5 fills four and a half): a row of pale stars under a row of gold ones cut to
 * the rating's share of the width. With a label, screen readers read the label ("Rated 4 out of 5"); without
 * one, the stars are decorative, for a rating the text beside them already states.
 */
export function RatingStars({ rating, label, size = 18 }: { rating: number; label?: string; size?: number }) {
  const share = Math.min(Math.max(rating / bestRating, 0), 1);
  const row = stars.map((star) => <Icon key={star} name="star" size={size} filled className="shrink-0" />);
  return (
    <span
      className="relative inline-flex shrink-0 align-middle"
      {...(label === undefined ? { "aria-hidden": true } : { role: "img", "aria-label": label })}
    >
      <span className="flex text-line">{row}</span>
      <span
        className="absolute inset-y-0 left-0 flex overflow-hidden text-gold"
        style={{ width: `${(share * 100).toFixed(2)}%` }}
      >
        {row}
      </span>
    </span>
  );
}

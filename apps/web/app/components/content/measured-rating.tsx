import { Icon } from "~/components/ui/icon";
import type { ShownRating } from "~/lib/shop-rating";

/**
 * The measured rating a landing page states in its structured data, shown on the page too, as search engines ask
 * of a rating, with a link to the reviews it comes from. A plain link: the product page opens at its reviews.
 * The figures arrive written out with the page's data, so the page's scripts carry no rating code.
 */
export function MeasuredRatingLine({ rating, lang }: { rating: ShownRating; lang?: string | undefined }) {
  return (
    <p
      className="mx-auto mt-6 max-w-2xl text-cream/90"
      data-testid="measured-rating"
      lang={lang === undefined ? undefined : "en"}
    >
      <Icon name="star" size={18} filled className="mr-1.5 inline-block align-[-3px] text-gold-light" />
      Verified buyers rate us <strong className="text-cream">{rating.figures}</strong>.{" "}
      <a href={rating.reviewsHref} className="font-semibold text-gold-light underline underline-offset-2">
        Read the reviews
      </a>
    </p>
  );
}

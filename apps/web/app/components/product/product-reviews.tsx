import { bestRating } from "@herbo/hosted-api";
import { Link, useLocation } from "react-router";
import { messages } from "~/content/messages";
import type { ShopPageSlug } from "~/content/shop-pages";
import { averageText, reviewCountText, reviewPageHref, reviewsSectionId } from "~/lib/product-reviews";
import type { ProductReviews } from "~/lib/store-api/types";
import { RatingStars } from "./rating-stars";
import { ReviewCard } from "./review-card";

/** Where the section links to say how reviews are collected and moderated. */
export const reviewPolicyPath = `/${"review-policy" satisfies ShopPageSlug}`;

/**
 * The product page's reviews (docs/storefront.md#product-page): the average and count of the published reviews,
 * a page of them, newest first, and plain links to the newer and older pages, which work without JavaScript.
 * Server-rendered from the page's data, with no state of its own.
 */
export function ProductReviewsSection({
  reviews,
  olderPagesFailed = false,
}: {
  reviews: ProductReviews;
  /** The page asked for could not be loaded, so the newest are shown instead. */
  olderPagesFailed?: boolean;
}) {
  const { pathname } = useLocation();
  const { count, averageRating, page, pageCount } = reviews;
  return (
    <section
      id={reviewsSectionId}
      aria-labelledby="reviews-heading"
      className="container-page scroll-mt-24 pb-12 md:pb-16"
      data-testid="product-reviews"
    >
      <div className="grid gap-8 border-t border-line pt-10 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:gap-12">
        <div className="md:sticky md:top-24 md:self-start">
          <h2 id="reviews-heading" className="text-2xl font-bold sm:text-3xl">
            Reviews
          </h2>
          {count === 0 || averageRating === null ? (
            <p className="mt-3 text-bark" data-testid="no-reviews">
              No reviews yet. Only buyers whose order has been delivered are invited to review this product.
            </p>
          ) : (
            <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="reviews-summary">
              <RatingStars rating={averageRating} size={22} />
              <span>
                <strong className="text-lg">
                  {averageText(averageRating)} out of {bestRating}
                </strong>{" "}
                · {reviewCountText(count)}
              </span>
            </p>
          )}
          <p className="mt-4 text-sm">
            <Link
              to={reviewPolicyPath}
              className="font-semibold text-gold-dark underline underline-offset-2 hover:text-resin"
            >
              How we collect and moderate reviews
            </Link>
          </p>
        </div>
        <div className="min-w-0">
          {olderPagesFailed ? (
            <p role="status" className="mb-4 text-sm font-semibold text-danger" data-testid="reviews-notice">
              {messages.reviewsUnavailable}
            </p>
          ) : null}
          {reviews.reviews.length === 0 ? null : (
            <ol className="space-y-5" aria-label={`Reviews, page ${page} of ${pageCount}`}>
              {reviews.reviews.map((review, index) => (
                <li key={`${review.id}-${index}`}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ol>
          )}
          {pageCount <= 1 ? null : (
            <nav aria-label="Review pages" className="mt-6 flex flex-wrap items-center gap-3">
              {page <= 1 ? null : (
                <a href={reviewPageHref(pathname, page - 1)} rel="prev" className="button-outline px-5 py-2 text-sm">
                  Newer reviews
                </a>
              )}
              {page >= pageCount ? null : (
                <a href={reviewPageHref(pathname, page + 1)} rel="next" className="button-outline px-5 py-2 text-sm">
                  Older reviews
                </a>
              )}
              <span className="text-sm text-bark">
                Page {page} of {pageCount}
              </span>
            </nav>
          )}
        </div>
      </div>
    </section>
  );
}

import { marketByCode, ratingLabel } from "@herbo/hosted-api";
import type { ReactNode } from "react";
import { site } from "~/content/site";
import { writtenDate } from "~/lib/written-date";
import type { ProductReview } from "~/lib/store-api/types";
import { Icon } from "../ui/icon";
import { RatingStars } from "./rating-stars";

/** A buyer's or the shop's text as paragraphs: an empty line starts a new one, a single line break stays. */
function Paragraphs({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== "");
  return paragraphs.map((paragraph, index) => (
    <p key={index} className="whitespace-pre-line">
      {paragraph.trim()}
    </p>
  ));
}

/** One fact after the reviewer's name, with its separator, so a wrapped line never starts with a lone dot. */
function Detail({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true">·</span>
      {children}
    </span>
  );
}

/**
 * One published review: its stars, title and text, who wrote it and where they bought, and the shop's reply.
 * Every text is plain text that React escapes; long words wrap, so a review never widens the page.
 */
export function ReviewCard({ review }: { review: ProductReview }) {
  const market = review.market === null ? null : marketByCode(review.market);
  // The reply's heading sits one level under the review's title, or under the section's heading without one.
  const ReplyHeading = review.title === null ? "h3" : "h4";
  return (
    <article className="rounded-2xl border border-line bg-white/60 p-5 wrap-anywhere" data-testid="review">
      <RatingStars rating={review.rating} label={ratingLabel(review.rating)} />
      {review.title === null ? null : <h3 className="mt-2 text-lg leading-snug font-bold">{review.title}</h3>}
      <div className="mt-2 space-y-3 text-bark">
        <Paragraphs text={review.body} />
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-bark">
        <span className="font-semibold text-resin">{review.displayName}</span>
        <Detail>
          <span className="inline-flex items-center gap-1 font-semibold text-leaf">
            <Icon name="check" size={16} />
            Verified buyer
          </span>
        </Detail>
        {market === null ? null : (
          <Detail>
            <span data-testid="review-market">{market.name}</span>
          </Detail>
        )}
        {review.writtenOn === null ? null : (
          <Detail>
            <time dateTime={review.writtenOn}>{writtenDate(review.writtenOn)}</time>
          </Detail>
        )}
      </p>
      {review.reply === null ? null : (
        <div className="mt-4 rounded-xl border-l-4 border-gold bg-sand px-4 py-3" data-testid="review-reply">
          <ReplyHeading className="font-sans text-sm font-semibold text-resin">Reply from {site.brand}</ReplyHeading>
          {review.repliedOn === null ? null : (
            <p className="text-xs text-bark">
              <time dateTime={review.repliedOn}>{writtenDate(review.repliedOn)}</time>
            </p>
          )}
          <div className="mt-2 space-y-3 text-sm text-bark">
            <Paragraphs text={review.reply} />
          </div>
        </div>
      )}
    </article>
  );
}

import { ratingLabel } from "@herbo/hosted-api";
import { Link } from "react-router";
import { formatDateTime } from "../lib/dates.ts";
import { moderationLine, paragraphs, reviewStatusLabels, reviewStatusTones, starGlyphs } from "../lib/reviews.ts";
import { ReviewActions, type ReviewActionsProps } from "./review-actions.tsx";
import { StatusBadge } from "./status-badge.tsx";

/**
 * A buyer's or the owner's text, paragraph by paragraph. It is untrusted plain text: React escapes it, and a
 * single line break inside a paragraph is kept by pre-line.
 */
function PlainText({ text }: { text: string }) {
  return (
    <div className="space-y-2">
      {paragraphs(text).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** One review as the owner moderates it: what the buyer wrote, where it comes from, where it stands, the actions. */
export function ReviewCard({ review, step, busy, onStep, onChange }: ReviewActionsProps) {
  const headingId = `review-${review.id}-title`;
  const moderated = moderationLine(review);
  return (
    <article className="card space-y-3" aria-labelledby={headingId} data-testid="review">
      <div className="space-y-1">
        <p className="muted">
          <Link to={`/products/${encodeURIComponent(review.productId)}`}>{review.productTitle}</Link>
        </p>
        <h3 id={headingId} className="text-lg font-semibold">
          {review.title}
        </h3>
        <p>
          <span aria-hidden="true" className="text-lg tracking-wide text-gold-dark">
            {starGlyphs(review.rating)}
          </span>
          <span className="sr-only">{ratingLabel(review.rating)}</span>
        </p>
      </div>
      <PlainText text={review.body} />
      <p className="muted">
        {review.displayName} · Verified buyer, {review.marketName} · order{" "}
        <Link to={`/orders/${encodeURIComponent(review.orderNumber)}`}>{review.orderNumber}</Link> · written{" "}
        {formatDateTime(review.createdAt)}
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge name="Status" label={reviewStatusLabels[review.status]} tone={reviewStatusTones[review.status]} />
        {moderated === null ? null : <span className="text-bark">{moderated}</span>}
      </p>
      {review.status === "hidden" && review.hiddenReason !== null ? (
        <p className="text-sm">
          <span className="font-semibold">Reason for hiding:</span> {review.hiddenReason}
        </p>
      ) : null}
      {review.reply === null ? null : (
        <div className="space-y-1 rounded border-l-4 border-line bg-cream p-3">
          <p className="text-sm font-semibold">
            Your public reply
            {review.repliedAt === null ? null : (
              <span className="font-normal text-bark"> · {formatDateTime(review.repliedAt)}</span>
            )}
          </p>
          <PlainText text={review.reply} />
        </div>
      )}
      <ReviewActions review={review} step={step} busy={busy} onStep={onStep} onChange={onChange} />
    </article>
  );
}

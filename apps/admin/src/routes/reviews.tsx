import type { AdminReview, AdminReviewList } from "@herbo/hosted-api/admin";
import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MessageNotice, Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { RatingDisplayForm } from "../components/rating-display-form.tsx";
import type { ReviewStep } from "../components/review-actions.tsx";
import { ReviewCard } from "../components/review-card.tsx";
import { ReviewStatusTabs } from "../components/review-status-tabs.tsx";
import { useApi } from "../hooks/use-api.ts";
import { useReviewChanges } from "../hooks/use-review-changes.ts";
import {
  listSummary,
  readReviewQuery,
  reviewListAddress,
  reviewListApiPath,
  reviewStatusLabels,
  type ReviewChange,
} from "../lib/reviews.ts";

/** Verified buyers' reviews: each waits for the owner, who publishes it, hides it with a reason, or replies. */
export function Reviews() {
  const [searchParams] = useSearchParams();
  const query = readReviewQuery(searchParams);
  const { data, error, loading, reload, replace } = useApi<AdminReviewList>(reviewListApiPath(query));
  const changes = useReviewChanges(reload);
  // One step open on the whole page, so the owner works on one review at a time.
  const [open, setOpen] = useState<{ reviewId: string; step: ReviewStep }>();
  const listHeading = useRef<HTMLHeadingElement>(null);
  // While another list loads, the one before is not shown under the new list's heading.
  const list = data?.status === query.status ? data : undefined;
  const page = list?.page ?? query.page;
  const pageCount = list?.pageCount ?? 1;

  async function change(review: AdminReview, request: ReviewChange): Promise<boolean> {
    const done = await changes.change(review, request);
    // A published or hidden review leaves this list: the focus goes to the list's heading, by the message.
    if (done && request.kind !== "reply") listHeading.current?.focus();
    return done;
  }

  return (
    <>
      <PageHeading title="Reviews" />
      <div className="muted max-w-3xl space-y-2">
        <p>
          Buyers whose order was delivered are invited to review what they bought. Nothing is published until you
          publish it.
        </p>
        <p>
          Do not hide a review for being negative. Hide one only when it shows personal data, is abusive, or is not
          about the product; the reason you give is kept with it. A reply is public: shoppers read it under the review.
        </p>
      </div>
      <ReviewStatusTabs current={query.status} counts={data?.counts} />
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      <section className="space-y-3" aria-labelledby="review-list-heading">
        <h2 id="review-list-heading" ref={listHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {reviewStatusLabels[query.status]}
        </h2>
        <MessageNotice message={changes.message} />
        <p role="status" className="muted">
          {loading || data === undefined
            ? "Loading reviews…"
            : listSummary(data.status, data.counts[data.status], page, pageCount)}
        </p>
        {list === undefined || list.reviews.length === 0 ? null : (
          <ul className="space-y-3" aria-label={`Reviews ${reviewStatusLabels[list.status].toLowerCase()}`}>
            {list.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard
                  review={review}
                  step={open?.reviewId === review.id ? open.step : undefined}
                  busy={changes.busy}
                  onStep={(step) => setOpen(step === undefined ? undefined : { reviewId: review.id, step })}
                  onChange={(request) => change(review, request)}
                />
              </li>
            ))}
          </ul>
        )}
        {page > 1 || page < pageCount ? (
          <nav aria-label="Pages" className="flex gap-3">
            {page > 1 ? (
              <Link to={reviewListAddress({ status: query.status, page: page - 1 })}>Previous page</Link>
            ) : null}
            {page < pageCount ? (
              <Link to={reviewListAddress({ status: query.status, page: page + 1 })}>Next page</Link>
            ) : null}
          </nav>
        ) : null}
      </section>
      {data === undefined ? null : (
        <RatingDisplayForm
          ratingDisplay={data.ratingDisplay}
          onChanged={(ratingDisplay) => replace({ ...data, ratingDisplay })}
          onStale={reload}
        />
      )}
    </>
  );
}

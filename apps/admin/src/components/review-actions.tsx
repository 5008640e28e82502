import { hideReasonProblem, replyProblem, reviewLimits } from "@herbo/hosted-api";
import type { AdminReview } from "@herbo/hosted-api/admin";
import { useEffect, useRef, useState } from "react";
import { moderationsByStatus, type ReviewChange } from "../lib/reviews.ts";
import { ConfirmStep } from "./confirm-step.tsx";
import { ReviewTextForm } from "./review-text-form.tsx";

/** The step a review's actions can open before anything is sent. */
export type ReviewStep = "hide" | "reply" | "remove-reply";

export interface ReviewActionsProps {
  review: AdminReview;
  /** The step open on this review; the page opens one at a time. */
  step: ReviewStep | undefined;
  busy: boolean;
  onStep(step: ReviewStep | undefined): void;
  onChange(change: ReviewChange): Promise<boolean>;
}

/** Publish and hide as the review's status allows, and the public reply written, edited or removed. */
export function ReviewActions({ review, step, busy, onStep, onChange }: ReviewActionsProps) {
  const moderations = moderationsByStatus[review.status];
  const replyButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  // A saved or removed reply closes its form; the focus goes back to the reply button rather than the page's top.
  useEffect(() => {
    if (!refocus || busy) return;
    replyButton.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);

  function send(change: ReviewChange) {
    void onChange(change).then((done) => {
      if (!done) return;
      onStep(undefined);
      if (change.kind === "reply") setRefocus(true);
    });
  }
  const toggle = (target: ReviewStep) => onStep(step === target ? undefined : target);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {moderations.includes("publish") ? (
          <button type="button" className="button" disabled={busy} onClick={() => send({ kind: "publish" })}>
            Publish
          </button>
        ) : null}
        {moderations.includes("hide") ? (
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            aria-expanded={step === "hide"}
            onClick={() => toggle("hide")}
          >
            Hide
          </button>
        ) : null}
        <button
          ref={replyButton}
          type="button"
          className="button-quiet"
          disabled={busy}
          aria-expanded={step === "reply"}
          onClick={() => toggle("reply")}
        >
          {review.reply === null ? "Reply" : "Edit reply"}
        </button>
        {review.reply === null ? null : (
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            aria-expanded={step === "remove-reply"}
            onClick={() => toggle("remove-reply")}
          >
            Remove reply
          </button>
        )}
      </div>
      {step === "hide" && moderations.includes("hide") ? (
        <ReviewTextForm
          formLabel="Hide the review"
          fieldLabel="Reason for hiding"
          hint="Kept with the review. Hide only for personal data, abuse, or text that is not about the product, never for being negative."
          limit={reviewLimits.hideReason}
          multiline={false}
          initial=""
          problemOf={hideReasonProblem}
          submitLabel="Confirm hiding"
          busy={busy}
          onSubmit={(reason) => send({ kind: "hide", reason })}
          onBack={() => onStep(undefined)}
        />
      ) : null}
      {step === "reply" ? (
        <ReviewTextForm
          formLabel="Reply to the review"
          fieldLabel="Public reply"
          hint="Plain text; an empty line starts a new paragraph. Shoppers read it under the review once it is published."
          limit={reviewLimits.reply}
          multiline
          initial={review.reply ?? ""}
          problemOf={replyProblem}
          submitLabel="Save the reply"
          busy={busy}
          onSubmit={(reply) => send({ kind: "reply", reply })}
          onBack={() => onStep(undefined)}
        />
      ) : null}
      {step === "remove-reply" && review.reply !== null ? (
        <ConfirmStep
          question="Remove the reply? Shoppers no longer see it under the review."
          confirmLabel="Yes, remove the reply"
          busy={busy}
          onConfirm={() => send({ kind: "reply", reply: null })}
          onBack={() => onStep(undefined)}
        />
      ) : null}
    </div>
  );
}

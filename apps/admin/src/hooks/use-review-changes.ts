import type { AdminReview } from "@herbo/hosted-api/admin";
import { apiRequest } from "../lib/api-client.ts";
import { reviewChangeDone, reviewRequest, type ReviewChange } from "../lib/reviews.ts";
import type { SaveMessage } from "../lib/versioned-save.ts";
import { useVersionedSave } from "./use-versioned-save.ts";

export interface ReviewChanges {
  busy: boolean;
  message: SaveMessage | undefined;
  /** Sends the change from the version shown; resolves with whether it went through. */
  change(review: AdminReview, change: ReviewChange): Promise<boolean>;
}

/**
 * One review change at a time for the whole list, with one message: a published or hidden review leaves the
 * list it was in, so its own card could not keep the message. After any change, and after a refusal that
 * means the page is out of date (someone else moderated it, or it is gone), the list and counts load again.
 */
export function useReviewChanges(reloadList: () => void): ReviewChanges {
  const saving = useVersionedSave<AdminReview>({
    // The versions are each review's own, sent with each change; the list as a whole has none.
    version: undefined,
    onSaved: reloadList,
    onStale: reloadList,
    staleCodes: ["edit_conflict", "not_found"],
  });
  return {
    busy: saving.busy,
    message: saving.message,
    change: (review, change) => {
      const request = reviewRequest(review, change);
      return saving.save(
        () => apiRequest<AdminReview>(request.method, request.path, request.body),
        reviewChangeDone(review, change),
      );
    },
  };
}

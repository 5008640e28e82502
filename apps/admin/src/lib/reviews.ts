import { bestRating, cleanText } from "@herbo/hosted-api";
import {
  adminReviewStatuses,
  type AdminReview,
  type AdminReviewHide,
  type AdminReviewPublish,
  type AdminReviewReply,
  type AdminReviewStatus,
} from "@herbo/hosted-api/admin";
import { formatDateTime } from "./dates.ts";
import type { Tone } from "./labels.ts";

/** The three lists of the reviews page, as the owner reads them. */
export const reviewStatusLabels: Record<AdminReviewStatus, string> = {
  pending: "Awaiting moderation",
  published: "Published",
  hidden: "Hidden",
};

export const reviewStatusTones: Record<AdminReviewStatus, Tone> = {
  pending: "warn",
  published: "good",
  hidden: "plain",
};

/** What the page says when a list is empty. */
export const emptyListTexts: Record<AdminReviewStatus, string> = {
  pending: "No review is waiting for you.",
  published: "No review is published yet.",
  hidden: "No review is hidden.",
};

/** Which list the page shows, as the address keeps it (?status=hidden&page=2). */
export interface ReviewListQuery {
  status: AdminReviewStatus;
  page: number;
}

function isReviewStatus(value: string | null): value is AdminReviewStatus {
  return (adminReviewStatuses as readonly (string | null)[]).includes(value);
}

/** The list in the address: the reviews awaiting moderation, page 1, unless it names another. */
export function readReviewQuery(params: URLSearchParams): ReviewListQuery {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    status: isReviewStatus(status) ? status : "pending",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The page's own address for a list: the status always, so a link says which list it opens; no page 1. */
export function reviewListAddress({ status, page }: ReviewListQuery): string {
  return page > 1 ? `/reviews?status=${status}&page=${page}` : `/reviews?status=${status}`;
}

/** The API's path for a list, stating both, so the answer never depends on the API's defaults. */
export function reviewListApiPath({ status, page }: ReviewListQuery): string {
  return `/reviews?status=${status}&page=${page}`;
}

/** A tab's words: "Awaiting moderation (3)"; without a count until the list has loaded. */
export function statusTabLabel(status: AdminReviewStatus, counts: Record<AdminReviewStatus, number> | undefined) {
  return counts === undefined ? reviewStatusLabels[status] : `${reviewStatusLabels[status]} (${counts[status]})`;
}

/** The line above a list: how many reviews it holds and which page is shown, or that it is empty. */
export function listSummary(status: AdminReviewStatus, count: number, page: number, pageCount: number): string {
  if (count === 0) return emptyListTexts[status];
  const reviews = `${count} ${count === 1 ? "review" : "reviews"} ${status === "pending" ? "awaiting moderation" : status}`;
  return pageCount > 1 ? `${reviews}, page ${page} of ${pageCount}` : reviews;
}

export type ReviewModeration = "publish" | "hide";

/**
 * What each status lets the owner do: a waiting review is published or hidden, a published one can be hidden,
 * and a hidden one published again (for a review hidden by mistake). Replies are allowed in every status.
 */
export const moderationsByStatus: Record<AdminReviewStatus, readonly ReviewModeration[]> = {
  pending: ["publish", "hide"],
  published: ["hide"],
  hidden: ["publish"],
};

/** One change the owner makes to a review; a reply of null removes the reply. */
export type ReviewChange =
  { kind: "publish" } | { kind: "hide"; reason: string } | { kind: "reply"; reply: string | null };

export interface ReviewRequest {
  method: "POST" | "PUT";
  path: string;
  body: AdminReviewPublish | AdminReviewHide | AdminReviewReply;
}

/**
 * The request for a change, from the version the page shows; texts go as the rules check them (trimmed, line
 * breaks kept in a reply, one line for a reason).
 */
export function reviewRequest(review: Pick<AdminReview, "id" | "version">, change: ReviewChange): ReviewRequest {
  const path = `/reviews/${encodeURIComponent(review.id)}`;
  const { version } = review;
  switch (change.kind) {
    case "publish":
      return { method: "POST", path: `${path}/publish`, body: { version } };
    case "hide":
      return { method: "POST", path: `${path}/hide`, body: { version, reason: cleanText(change.reason, false) } };
    case "reply":
      return {
        method: "PUT",
        path: `${path}/reply`,
        body: { version, reply: change.reply === null ? null : cleanText(change.reply, true) },
      };
  }
}

/** What the page says once a change went through. */
export function reviewChangeDone(review: Pick<AdminReview, "status">, change: ReviewChange): string {
  switch (change.kind) {
    case "publish":
      return "Published. The review shows on its product page now.";
    case "hide":
      return "Hidden. The review does not show on its product page; your reason is kept with it.";
    case "reply":
      if (change.reply === null) return "Reply removed. It no longer shows under the review.";
      return review.status === "published"
        ? "Reply saved. It shows under the review on the product page now."
        : "Reply saved. It will show under the review once the review is published.";
  }
}

/** A text's length as the rules count it: characters (an emoji is one) of the text once cleaned. */
export function textLength(text: string, multiline: boolean): number {
  return [...cleanText(text, multiline)].length;
}

/** A rating as stars to look at (★★★★☆); the words for screen readers are ratingLabel's. */
export function starGlyphs(rating: number): string {
  const filled = Math.min(bestRating, Math.max(0, Math.round(rating)));
  return "★".repeat(filled) + "☆".repeat(bestRating - filled);
}

/** A buyer's or the owner's text as paragraphs: an empty line separates them; single line breaks stay inside. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}

/** Who last published or hid the review, and when: "Published 1 Mar 2026, 15:45 by owner@…"; none before. */
export function moderationLine(review: Pick<AdminReview, "status" | "moderatedAt" | "moderatedBy">): string | null {
  if (review.moderatedAt === null) return null;
  // A review never goes back to waiting, so a moderated one is published or hidden.
  const what = reviewStatusLabels[review.status];
  const who = review.moderatedBy === null ? "" : ` by ${review.moderatedBy}`;
  return `${what} ${formatDateTime(review.moderatedAt)}${who}`;
}

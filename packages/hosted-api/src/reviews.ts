/**
 * Verified reviews: a buyer whose order was delivered is invited by email to review each product in it, through
 * a link that only that order's buyer holds. The rules for what a review may say are here, so the store API's
 * form and the back office check the same things and say the same messages.
 */

/** The most characters each field of a review holds, and the owner's reply and reason for hiding one. */
export const reviewLimits = {
  title: 100,
  body: 2000,
  displayName: 40,
  reply: 1000,
  hideReason: 300,
} as const;

/** Reviews per page on a product page, newest first. */
export const reviewPageSize = 5;

/** The best rating a review can give; the worst is 1. */
export const bestRating = 5;

export interface ReviewInput {
  /** Whole stars, 1 to 5. */
  rating: number;
  title: string;
  body: string;
  /** The name shown with the review; the buyer chooses it (a first name, initials, a nickname). */
  displayName: string;
}

export type ReviewField = keyof ReviewInput;

export interface ReviewProblem {
  field: ReviewField;
  message: string;
}

export type ReviewParse = { ok: true; review: ReviewInput } | { ok: false; problems: ReviewProblem[] };

/** Line breaks as `\n`, no other control characters, trimmed: what a reviewer meant to write. */
export function cleanText(value: string, multiline: boolean): string {
  const unified = value.replace(/\r\n?/g, "\n");
  const kept = multiline ? unified.replace(/[^\P{Cc}\n]/gu, "") : unified.replace(/\p{Cc}/gu, " ");
  // At most one empty line in a row: a wall of blank lines is not a paragraph.
  return (multiline ? kept.replace(/\n{3,}/g, "\n\n") : kept.replace(/\s+/g, " ")).trim();
}

const characters = (text: string) => [...text].length;

function textProblem(
  field: ReviewField,
  text: string,
  max: number,
  empty: string,
  name: string,
): ReviewProblem | undefined {
  if (text === "") return { field, message: empty };
  const length = characters(text);
  return length > max ? { field, message: `${name} can have at most ${max} characters, not ${length}.` } : undefined;
}

/**
 * A review form's fields, cleaned and checked: the review, or every problem in the form's order. The rating
 * arrives as text from a form ("4") or a number.
 */
export function parseReviewInput(raw: {
  rating?: unknown;
  title?: unknown;
  body?: unknown;
  displayName?: unknown;
}): ReviewParse {
  const ratingText = (typeof raw.rating === "number" || typeof raw.rating === "string" ? String(raw.rating) : "").trim();
  const rating = /^[1-5]$/.test(ratingText) ? Number(ratingText) : undefined;
  const title = cleanText(typeof raw.title === "string" ? raw.title : "", false);
  const body = cleanText(typeof raw.body === "string" ? raw.body : "", true);
  const displayName = cleanText(typeof raw.displayName === "string" ? raw.displayName : "", false);
  const problems = [
    rating === undefined ? { field: "rating" as const, message: "Choose a rating from 1 to 5 stars." } : undefined,
    textProblem("title", title, reviewLimits.title, "Give your review a title.", "The title"),
    textProblem("body", body, reviewLimits.body, "Write your review.", "The review"),
    textProblem(
      "displayName",
      displayName,
      reviewLimits.displayName,
      "Give the name to show with your review.",
      "The name",
    ),
  ].filter((problem): problem is ReviewProblem => problem !== undefined);
  if (rating === undefined || problems.length > 0) return { ok: false, problems };
  return { ok: true, review: { rating, title, body, displayName } };
}

/**
 * Why the owner's public reply cannot be saved, or undefined: after cleaning it is not empty (remove a reply
 * with null instead) and at most 1000 characters.
 */
export function replyProblem(reply: string): string | undefined {
  const text = cleanText(reply, true);
  if (text === "") return "Write the reply, or remove it.";
  const length = characters(text);
  return length > reviewLimits.reply ? `The reply can have at most ${reviewLimits.reply} characters, not ${length}.` : undefined;
}

/** Why a review cannot be hidden with this reason, or undefined: the reason is kept, so it must be given. */
export function hideReasonProblem(reason: string): string | undefined {
  const text = cleanText(reason, false);
  if (text === "") return "Say why the review is hidden: the reason is kept with it.";
  const length = characters(text);
  return length > reviewLimits.hideReason
    ? `The reason can have at most ${reviewLimits.hideReason} characters, not ${length}.`
    : undefined;
}

/** The average of `count` ratings adding up to `sum`, to one decimal (4.66… → 4.7); null when there are none. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

/** What a screen reader says for a review's stars: "Rated 4 out of 5". */
export function ratingLabel(rating: number): string {
  return `Rated ${rating} out of ${bestRating}`;
}

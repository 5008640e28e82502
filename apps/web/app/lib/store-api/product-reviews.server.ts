import {
  bestRating,
  cleanText,
  isMarketCode,
  reviewLimits,
  reviewPageSize,
  type WireReview,
  type WireReviewPage,
} from "@herbo/hosted-api";
import { site } from "../../content/site";
import { dayIn } from "../written-date";
import { asArray, asFiniteNumber, asId, asString, isWholeNumber } from "../json-guards";
import { maxReviewPage, noReviews } from "../product-reviews";
import { fields } from "./reshape";
import type { ProductReview, ProductReviews } from "./types";

/**
 * A page of a product's published reviews: the first inside the single-product answer, a later one from the
 * reviews call. Read as leniently as the rest of the answer (a wrong type counts as missing), with the store's own
 * limits on lengths, since every text is a buyer's or the shop's and is shown as plain text. Server-only: the
 * page's data carries the result, so the browser's bundle does not carry the reader.
 */

/** A buyer's or the shop's text as it was meant (control characters out, line breaks kept), cut to its limit. */
function textOf(value: unknown, multiline: boolean, limit: number): string | null {
  const text = cleanText(asString(value) ?? "", multiline);
  // Counted in characters, not UTF-16 units, as the store counts them, so an emoji is never cut in half.
  return text === "" ? null : [...text].slice(0, limit).join("").trim();
}

/** The day a moment fell on, on the shop's calendar (YYYY-MM-DD), for an ISO 8601 date and time only. */
function dayOf(value: unknown): string | null {
  const text = asString(value) ?? "";
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? null : dayIn(site.timeZone, moment);
}

/** A review the page can show: whole stars from 1 to 5, its text and the name to show it under; else none. */
function toReview(value: unknown): ProductReview[] {
  const review = fields<WireReview>(value);
  if (review === undefined) return [];
  const id = asId(review.id);
  const rating = review.rating;
  const body = textOf(review.body, true, reviewLimits.body);
  const displayName = textOf(review.display_name, false, reviewLimits.displayName);
  if (id === undefined || !isWholeNumber(rating, 1, bestRating) || body === null || displayName === null) return [];
  const market = asString(review.market)?.toLowerCase();
  const reply = textOf(review.reply, true, reviewLimits.reply);
  return [
    {
      id,
      rating,
      title: textOf(review.title, false, reviewLimits.title),
      body,
      displayName,
      market: isMarketCode(market) ? market : null,
      writtenOn: dayOf(review.created_at),
      reply,
      repliedOn: reply === null ? null : dayOf(review.replied_at),
    },
  ];
}

/** An average the page can state: from 1 to 5, to one decimal. */
function averageOf(value: unknown): number | null {
  const average = asFiniteNumber(value);
  return average === undefined || average < 1 || average > bestRating ? null : Math.round(average * 10) / 10;
}

/**
 * A page of reviews as the product page shows it. An answer without reviews (the hosted backend's), or whose
 * count and average cannot be read, reads as none: the page never states a rating it cannot back. At most a
 * page's worth of reviews is kept, and the count is never less than the reviews on the page.
 */
export function readReviewPage(value: unknown): ProductReviews {
  const answer = fields<WireReviewPage>(value);
  if (answer === undefined) return noReviews;
  const reviews = (asArray(answer.reviews)?.flatMap(toReview) ?? []).slice(0, reviewPageSize);
  const stated = isWholeNumber(answer.count, 0, Number.MAX_SAFE_INTEGER) ? answer.count : 0;
  const count = Math.max(stated, reviews.length);
  const averageRating = averageOf(answer.average_rating);
  if (count === 0 || averageRating === null) return noReviews;
  const page = isWholeNumber(answer.page, 1, maxReviewPage) ? answer.page : 1;
  const pageCount = isWholeNumber(answer.page_count, 1, Number.MAX_SAFE_INTEGER)
    ? answer.page_count
    : Math.ceil(count / reviewPageSize);
  return { count, averageRating, page, pageCount: Math.min(pageCount, maxReviewPage), reviews };
}

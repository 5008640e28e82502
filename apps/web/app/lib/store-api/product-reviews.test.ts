import { reviewLimits, reviewPageSize } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { maxReviewPage, noReviews } from "../product-reviews";
import { readReviewPage } from "./product-reviews.server";

/** A review as our store API sends it, with any field changed. */
const wireReview = (changes: Record<string, unknown> = {}) => ({
  id: "rev_1",
  rating: 4,
  title: "Dissolves well",
  body: "I take a pea-sized amount in warm water.\n\nThe jar lasts me about a month.",
  display_name: "Asha K.",
  market: "us",
  created_at: "2026-11-02T08:30:00Z",
  reply: null,
  replied_at: null,
  ...changes,
});

/** A page of reviews as our store API sends it, with any field changed. */
const wirePage = (changes: Record<string, unknown> = {}) => ({
  count: 12,
  average_rating: 4.5,
  page: 1,
  page_count: 3,
  reviews: [wireReview()],
  ...changes,
});

/** The one review read from a page holding only it, or undefined when it was dropped. */
const readOne = (changes: Record<string, unknown>) =>
  readReviewPage(wirePage({ reviews: [wireReview(changes)] })).reviews[0];

describe("a page of a product's reviews", () => {
  it("reads the store's page as it sends it", () => {
    expect(
      readReviewPage(
        wirePage({
          reviews: [
            wireReview({ reply: "Thank you, Asha.", replied_at: "2026-11-04T10:00:00Z" }),
            wireReview({ id: "rev_2", rating: 5, market: "np", title: "Great" }),
          ],
        }),
      ),
    ).toEqual({
      count: 12,
      averageRating: 4.5,
      page: 1,
      pageCount: 3,
      reviews: [
        {
          id: "rev_1",
          rating: 4,
          title: "Dissolves well",
          body: "I take a pea-sized amount in warm water.\n\nThe jar lasts me about a month.",
          displayName: "Asha K.",
          market: "us",
          writtenOn: "2026-11-02",
          reply: "Thank you, Asha.",
          repliedOn: "2026-11-04",
        },
        {
          id: "rev_2",
          rating: 5,
          title: "Great",
          body: "I take a pea-sized amount in warm water.\n\nThe jar lasts me about a month.",
          displayName: "Asha K.",
          market: "np",
          writtenOn: "2026-11-02",
          reply: null,
          repliedOn: null,
        },
      ],
    });
  });

  it("reads no reviews from an answer without them: the hosted backend's, or one of the wrong shape", () => {
    for (const answer of [undefined, null, "reviews", 12, [], [wirePage()], {}])
      expect(readReviewPage(answer), JSON.stringify(answer)).toEqual(noReviews);
    expect(readReviewPage(wirePage({ count: 0, average_rating: null, reviews: [] }))).toEqual(noReviews);
  });

  it("states no rating it cannot back: a count or average that cannot be read makes no reviews", () => {
    for (const average of [null, "4.5", 0, 0.9, 5.1, Number.NaN, Infinity, -4])
      expect(readReviewPage(wirePage({ average_rating: average })), String(average)).toEqual(noReviews);
    expect(readReviewPage(wirePage({ count: 0, reviews: [] }))).toEqual(noReviews);
    // A count that cannot be read, with reviews on the page, is at least those reviews.
    for (const count of ["12", -1, 2.5, null]) expect(readReviewPage(wirePage({ count })).count, String(count)).toBe(1);
    expect(readReviewPage(wirePage({ count: 0 })).count).toBe(1);
  });

  it("writes the average to one decimal", () => {
    expect(readReviewPage(wirePage({ average_rating: 4.66 })).averageRating).toBe(4.7);
    expect(readReviewPage(wirePage({ average_rating: 1 })).averageRating).toBe(1);
    expect(readReviewPage(wirePage({ average_rating: 5 })).averageRating).toBe(5);
  });

  it("drops a review with stars outside 1 to 5, or without its text or the name to show", () => {
    for (const rating of [0, 6, 4.5, "4", null, -1, Number.NaN])
      expect(readOne({ rating }), String(rating)).toBeUndefined();
    expect(readOne({ rating: 1 })?.rating).toBe(1);
    expect(readOne({ rating: 5 })?.rating).toBe(5);
    for (const body of [undefined, null, "", "   \n\n ", 42, ["text"]])
      expect(readOne({ body }), String(body)).toBeUndefined();
    for (const name of [undefined, "", " ", { first: "A" }]) expect(readOne({ display_name: name })).toBeUndefined();
    for (const id of [undefined, "", null, {}]) expect(readOne({ id })).toBeUndefined();
    expect(readOne({ id: 17 })?.id).toBe("17");
    expect(readReviewPage(wirePage({ reviews: [null, "review", 3, wireReview()] })).reviews).toHaveLength(1);
  });

  it("keeps a review without a title, market or date, and shows none of them", () => {
    expect(readOne({ title: undefined })?.title).toBeNull();
    expect(readOne({ title: "  " })?.title).toBeNull();
    for (const market of ["xx", "US ", 1, null, "gb"]) expect(readOne({ market })?.market, String(market)).toBeNull();
    expect(readOne({ market: "UK" })?.market).toBe("uk");
    for (const moment of ["yesterday", "2026-11-02", "2026-13-45T00:00:00Z", 1_700_000_000, null])
      expect(readOne({ created_at: moment })?.writtenOn, String(moment)).toBeNull();
  });

  it("dates a review on the shop's calendar in Kathmandu, not the server's", () => {
    // 20:00 UTC on 2 November is already 3 November in Kathmandu (UTC+5:45).
    expect(readOne({ created_at: "2026-11-02T20:00:00Z" })?.writtenOn).toBe("2026-11-03");
    expect(readOne({ created_at: "2026-11-02T18:00:00+00:00" })?.writtenOn).toBe("2026-11-02");
  });

  it("keeps a reply only with its text, and its date only with a reply", () => {
    expect(readOne({ reply: "", replied_at: "2026-11-04T10:00:00Z" })).toMatchObject({ reply: null, repliedOn: null });
    expect(readOne({ reply: 5 })).toMatchObject({ reply: null, repliedOn: null });
    expect(readOne({ reply: "Thanks", replied_at: "soon" })).toMatchObject({ reply: "Thanks", repliedOn: null });
  });

  it("keeps hostile text as text, without control characters, and within the store's limits", () => {
    const review = readOne({
      title: `<script>alert(1)</script>\u0000${"t".repeat(300)}`,
      body: `<img src=x onerror=alert(1)>\r\n\r\n\r\n\r\nSecond\u0007 paragraph ${"😀".repeat(3000)}`,
      display_name: `  Asha\nK.\t${"n".repeat(100)}`,
      reply: "r".repeat(5000),
    });
    expect(review?.title?.startsWith("<script>alert(1)</script> t")).toBe(true);
    expect([...(review?.title ?? "")]).toHaveLength(reviewLimits.title);
    expect(review?.body.startsWith("<img src=x onerror=alert(1)>\n\nSecond paragraph 😀")).toBe(true);
    // Cut by characters, so the last emoji is whole.
    expect([...(review?.body ?? "")]).toHaveLength(reviewLimits.body);
    expect(review?.body.endsWith("😀")).toBe(true);
    expect(review?.displayName.startsWith("Asha K. nnn")).toBe(true);
    expect([...(review?.displayName ?? "")]).toHaveLength(reviewLimits.displayName);
    expect(review?.reply).toHaveLength(reviewLimits.reply);
  });

  it("keeps at most a page of reviews, and reads the page and page count within bounds", () => {
    const many = readReviewPage(
      wirePage({ count: 40, reviews: Array.from({ length: 50 }, (_, index) => wireReview({ id: `r${index}` })) }),
    );
    expect(many.reviews.map((review) => review.id)).toEqual(
      Array.from({ length: reviewPageSize }, (_, index) => `r${index}`),
    );
    expect(readReviewPage(wirePage({ page: 2, page_count: 3 }))).toMatchObject({ page: 2, pageCount: 3 });
    // Missing or odd: the first page, and as many pages as the count fills.
    expect(readReviewPage(wirePage({ page: "2", page_count: null, count: 12 }))).toMatchObject({
      page: 1,
      pageCount: 3,
    });
    expect(readReviewPage(wirePage({ page: 0, page_count: 0, count: 5 }))).toMatchObject({ page: 1, pageCount: 1 });
    expect(readReviewPage(wirePage({ page_count: 1e12 })).pageCount).toBe(maxReviewPage);
    // A page past the last reads as such: no reviews on it, with the product's count and average.
    expect(readReviewPage(wirePage({ page: 7, page_count: 3, reviews: [] }))).toEqual({
      count: 12,
      averageRating: 4.5,
      page: 7,
      pageCount: 3,
      reviews: [],
    });
  });
});

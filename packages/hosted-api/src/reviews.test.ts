import { describe, expect, it } from "vitest";
import {
  averageRating,
  cleanText,
  hideReasonProblem,
  parseReviewInput,
  ratingLabel,
  replyProblem,
  reviewLimits,
} from "./reviews.ts";

const good = { rating: "4", title: "Smooth", body: "Dissolves well.", displayName: "Asha" };

describe("a review form's fields", () => {
  it("accept whole stars from 1 to 5, as text or a number", () => {
    for (const rating of ["1", "5", " 3 ", 2]) {
      const parsed = parseReviewInput({ ...good, rating });
      expect(parsed.ok, String(rating)).toBe(true);
    }
    expect(parseReviewInput({ ...good, rating: 5 })).toEqual({
      ok: true,
      review: { rating: 5, title: "Smooth", body: "Dissolves well.", displayName: "Asha" },
    });
    for (const rating of ["0", "6", "4.5", "", "four", "45", undefined, null, 3.5, [4]]) {
      const parsed = parseReviewInput({ ...good, rating });
      expect(parsed, String(rating)).toEqual({
        ok: false,
        problems: [{ field: "rating", message: "Choose a rating from 1 to 5 stars." }],
      });
    }
  });

  it("name every problem in the form's order", () => {
    expect(parseReviewInput({})).toEqual({
      ok: false,
      problems: [
        { field: "rating", message: "Choose a rating from 1 to 5 stars." },
        { field: "title", message: "Give your review a title." },
        { field: "body", message: "Write your review." },
        { field: "displayName", message: "Give the name to show with your review." },
      ],
    });
    expect(parseReviewInput({ ...good, title: 7, body: ["x"], displayName: {} })).toMatchObject({
      ok: false,
      problems: [{ field: "title" }, { field: "body" }, { field: "displayName" }],
    });
  });

  it("count characters, not UTF-16 units, against each limit", () => {
    const at = (field: "title" | "body" | "displayName", length: number) =>
      parseReviewInput({ ...good, [field]: "é".repeat(length) });
    for (const field of ["title", "body", "displayName"] as const) {
      expect(at(field, reviewLimits[field]).ok, field).toBe(true);
      expect(at(field, reviewLimits[field] + 1).ok, field).toBe(false);
    }
    expect(parseReviewInput({ ...good, title: "🙂".repeat(100) }).ok).toBe(true);
    expect(parseReviewInput({ ...good, title: "x".repeat(101) })).toEqual({
      ok: false,
      problems: [{ field: "title", message: "The title can have at most 100 characters, not 101." }],
    });
    expect(parseReviewInput({ ...good, body: "x".repeat(2001) })).toMatchObject({
      problems: [{ message: "The review can have at most 2000 characters, not 2001." }],
    });
    expect(parseReviewInput({ ...good, displayName: "x".repeat(41) })).toMatchObject({
      problems: [{ message: "The name can have at most 40 characters, not 41." }],
    });
  });

  it("keep paragraphs in the review and one line elsewhere, without control characters", () => {
    const parsed = parseReviewInput({
      ...good,
      title: "  Good\nresin\t\u0000 ",
      body: " First.\r\nSame paragraph.\r\n\r\n\r\n\r\nSecond.\u0007 ",
      displayName: " A\u0000sha ",
    });
    expect(parsed).toEqual({
      ok: true,
      review: { rating: 4, title: "Good resin", body: "First.\nSame paragraph.\n\nSecond.", displayName: "A sha" },
    });
    expect(cleanText("a\tb", true)).toBe("ab");
    expect(cleanText("Good \t  resin", false)).toBe("Good resin");
    expect(cleanText("a\rb", true)).toBe("a\nb");
    expect(cleanText(" \n\n ", true)).toBe("");
  });
});

describe("the owner's words", () => {
  it("a reply is not empty and at most 1000 characters", () => {
    expect(replyProblem("Thank you.")).toBeUndefined();
    expect(replyProblem(" \n ")).toBe("Write the reply, or remove it.");
    expect(replyProblem("x".repeat(1000))).toBeUndefined();
    expect(replyProblem("x".repeat(1001))).toBe("The reply can have at most 1000 characters, not 1001.");
    // Counted as it is kept: control characters dropped, not turned into spaces.
    expect(replyProblem(`${"x".repeat(999)}\u0000x`)).toBeUndefined();
  });

  it("hiding needs a reason of at most 300 characters", () => {
    expect(hideReasonProblem("Names a person")).toBeUndefined();
    expect(hideReasonProblem("  ")).toBe("Say why the review is hidden: the reason is kept with it.");
    expect(hideReasonProblem("x".repeat(300))).toBeUndefined();
    expect(hideReasonProblem("x".repeat(301))).toBe("The reason can have at most 300 characters, not 301.");
    // One line: a control character is a space in it, and counts.
    expect(hideReasonProblem(`${"x".repeat(299)}\u0000x`)).toBe("The reason can have at most 300 characters, not 301.");
  });
});

describe("ratings", () => {
  it("average to one decimal, and none without reviews", () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(5, -1)).toBeNull();
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(17, 4)).toBe(4.3);
    expect(averageRating(9, 2)).toBe(4.5);
  });

  it("read out as words", () => {
    expect(ratingLabel(4)).toBe("Rated 4 out of 5");
  });
});

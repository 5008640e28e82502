import { describe, expect, it } from "vitest";
import { averageText, maxReviewPage, reviewCountText, reviewPageHref, reviewPageOf } from "./product-reviews";

describe("the page of reviews a product page's address asks for", () => {
  it("is the page `?reviews=N` names, from 2 up", () => {
    expect(reviewPageOf("2")).toBe(2);
    expect(reviewPageOf("17")).toBe(17);
    expect(reviewPageOf(String(maxReviewPage))).toBe(maxReviewPage);
  });

  it("is the first page for anything else, a missing parameter included", () => {
    for (const value of [
      null,
      undefined,
      "",
      "1",
      "0",
      "-2",
      "02",
      "2.0",
      "2.5",
      " 2",
      "2 ",
      "+2",
      "1e3",
      "two",
      "0x10",
    ])
      expect(reviewPageOf(value), String(value)).toBe(1);
    expect(reviewPageOf(String(maxReviewPage + 1))).toBe(1);
    expect(reviewPageOf("99999999999999999999")).toBe(1);
  });
});

describe("the paging links", () => {
  it("lead to the page's own path at the section, the first page without a parameter", () => {
    expect(reviewPageHref("/product/prod_himalayan_resin", 2)).toBe("/product/prod_himalayan_resin?reviews=2#reviews");
    expect(reviewPageHref("/us/product/prod_himalayan_resin", 3)).toBe(
      "/us/product/prod_himalayan_resin?reviews=3#reviews",
    );
    expect(reviewPageHref("/us/product/prod_himalayan_resin", 1)).toBe("/us/product/prod_himalayan_resin#reviews");
  });

  it("lead to pages the address reads back as the same page", () => {
    for (const page of [1, 2, 9, maxReviewPage]) {
      const search = new URL(reviewPageHref("/product/p", page), "https://shop.test").searchParams;
      expect(reviewPageOf(search.get("reviews"))).toBe(page);
    }
  });
});

describe("the figures the reviews section writes", () => {
  it("writes an average to one decimal and counts reviews in words", () => {
    expect(averageText(4.5)).toBe("4.5");
    expect(averageText(5)).toBe("5.0");
    expect(reviewCountText(1)).toBe("1 review");
    expect(reviewCountText(12)).toBe("12 reviews");
    expect(reviewCountText(1204)).toBe("1,204 reviews");
  });
});

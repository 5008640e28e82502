import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { noReviews } from "~/lib/product-reviews";
import type { ProductReview, ProductReviews } from "~/lib/store-api/types";
import { ProductReviewsSection } from "./product-reviews";

/** The section as the server renders it on a product page at `path`. */
function render(reviews: ProductReviews, path = "/us/product/prod_resin", olderPagesFailed = false): string {
  const Page = () => createElement(ProductReviewsSection, { reviews, olderPagesFailed });
  const Stub = createRoutesStub([{ path: "/us/product/:id", Component: Page }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }));
}

/** The text a shopper reads: tags out, entities decoded, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

const review = (changes: Partial<ProductReview> = {}): ProductReview => ({
  id: "rev_1",
  rating: 4,
  title: "Dissolves well",
  body: "A pea-sized amount in warm water.\n\nThe jar lasts me a month.",
  displayName: "Asha K.",
  market: "us",
  writtenOn: "2026-11-02",
  reply: null,
  repliedOn: null,
  ...changes,
});

const page = (changes: Partial<ProductReviews> = {}): ProductReviews => ({
  count: 12,
  averageRating: 4.5,
  page: 1,
  pageCount: 3,
  reviews: [review()],
  ...changes,
});

describe("the product page's reviews section", () => {
  it("states the average and count beside drawn stars, and links to the review policy", () => {
    const html = render(page());
    expect(html).toContain('id="reviews"');
    expect(html).toMatch(/<h2 id="reviews-heading"[^>]*>Reviews<\/h2>/);
    expect(text(html)).toContain("4.5 out of 5 · 12 reviews");
    expect(html).toContain('href="/review-policy"');
    expect(text(html)).toContain("How we collect and moderate reviews");
    expect(html).not.toContain('data-testid="no-reviews"');
  });

  it("shows each review: stars read aloud, title, paragraphs, name, Verified buyer, market and date", () => {
    const html = render(page());
    expect(html).toContain('role="img" aria-label="Rated 4 out of 5"');
    expect(html).toMatch(/<h3[^>]*>Dissolves well<\/h3>/);
    expect(html).toMatch(/<p[^>]*>A pea-sized amount in warm water\.<\/p><p[^>]*>The jar lasts me a month\.<\/p>/);
    expect(text(html)).toContain("Asha K. · Verified buyer · United States · 2 November 2026");
    expect(html).toContain('<time dateTime="2026-11-02">');
  });

  it("shows the shop's reply under its review, headed by the brand", () => {
    const html = render(page({ reviews: [review({ reply: "Thank you, Asha.", repliedOn: "2026-11-04" })] }));
    expect(html).toMatch(/<h4[^>]*>Reply from Herbo Shilajit<\/h4>/);
    expect(text(html)).toContain("Reply from Herbo Shilajit 4 November 2026 Thank you, Asha.");
    // Without a title, the reply's heading sits right under the section's.
    const untitled = render(page({ reviews: [review({ title: null, reply: "Thanks." })] }));
    expect(untitled).toMatch(/<h3[^>]*>Reply from Herbo Shilajit<\/h3>/);
    expect(render(page())).not.toContain("Reply from");
  });

  it("shows a buyer's text as text, never as markup", () => {
    const html = render(
      page({
        reviews: [
          review({
            title: "<script>alert(1)</script>",
            body: '<img src=x onerror="alert(1)">',
            displayName: "<b>Eve</b>",
            reply: "<a href='javascript:alert(1)'>x</a>",
          }),
        ],
      }),
    );
    expect(html).not.toMatch(/<script|<img|<b>|<a href='javascript/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
  });

  it("leaves out a market and a date the store did not name", () => {
    const html = render(page({ reviews: [review({ market: null, writtenOn: null })] }));
    expect(text(html)).toContain("Asha K. · Verified buyer");
    expect(html).not.toContain("<time");
    expect(html).not.toContain('data-testid="review-market"');
  });

  it("links to older and newer pages with plain links to the section, the first page without a parameter", () => {
    const first = render(page());
    expect(first).toMatch(/<a href="\/us\/product\/prod_resin\?reviews=2#reviews"[^>]*>Older reviews<\/a>/);
    expect(first).not.toContain("Newer reviews");
    const second = render(page({ page: 2 }), "/us/product/prod_resin?reviews=2");
    expect(second).toMatch(/<a href="\/us\/product\/prod_resin#reviews"[^>]*>Newer reviews<\/a>/);
    expect(second).toMatch(/<a href="\/us\/product\/prod_resin\?reviews=3#reviews"[^>]*>Older reviews<\/a>/);
    expect(text(second)).toContain("Page 2 of 3");
    const last = render(page({ page: 3 }), "/us/product/prod_resin?reviews=3");
    expect(last).toContain(">Newer reviews</a>");
    expect(last).not.toContain("Older reviews");
    expect(render(page({ pageCount: 1 }))).not.toContain('aria-label="Review pages"');
  });

  it("says there are no reviews yet and who is invited, with no rating", () => {
    const html = render(noReviews);
    expect(text(html)).toContain(
      "No reviews yet. Only buyers whose order has been delivered are invited to review this product.",
    );
    expect(html).not.toContain("out of 5");
    expect(html).not.toContain('role="img"');
    expect(html).toContain("How we collect and moderate reviews");
  });

  it("says when the page asked for could not be loaded", () => {
    expect(text(render(page(), "/us/product/prod_resin", true))).toContain(
      "Reviews could not be loaded. The newest reviews are shown instead.",
    );
    expect(render(page())).not.toContain("could not be loaded");
  });
});

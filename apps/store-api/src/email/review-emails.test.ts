import { describe, expect, it } from "vitest";
import { parseOutboxEmail } from "./outbox-data.ts";
import { renderReviewReceived, renderReviewRequest } from "./review-emails.ts";

const link = (product: string) => `http://api.test/reviews/write/${product}/${"a".repeat(22)}.${"b".repeat(43)}`;

describe("the review request", () => {
  const data = {
    shopName: "Herbo Shilajit",
    fullName: "Asha <Gurung>",
    orderNumber: "HS-1001",
    products: [
      { title: "Shilajit Travel Tin 5 g", url: link("prod_travel_tin") },
      { title: "Pure Himalayan Shilajit Resin", url: link("prod_himalayan_resin") },
    ],
    linkDays: 60,
  };

  it("gives one link per product, says nothing is given for a review, and escapes every value", () => {
    const email = renderReviewRequest(data);
    expect(email.subject).toBe("How was your Herbo Shilajit order?");
    expect(email.text).toContain(`Review Shilajit Travel Tin 5 g: ${link("prod_travel_tin")}`);
    expect(email.text).toContain(`Review Pure Himalayan Shilajit Resin: ${link("prod_himalayan_resin")}`);
    expect(email.text).toContain("We give nothing in exchange for a review.");
    expect(email.text).toContain("work once, for 60 days");
    expect(email.html).toContain("Asha &lt;Gurung&gt;");
    expect(email.html).not.toContain("<Gurung>");
    expect(email.html).toContain(`href="${link("prod_travel_tin")}"`);
  });

  it("names the product when there is one", () => {
    expect(renderReviewRequest({ ...data, products: data.products.slice(0, 1) }).subject).toBe(
      "How is your Shilajit Travel Tin 5 g?",
    );
  });

  it("is checked before it is written: a link must be a web address", () => {
    expect(() =>
      parseOutboxEmail("review_request", { ...data, products: [{ title: "x", url: "javascript:alert(1)" }] }),
    ).toThrow();
    expect(() => parseOutboxEmail("review_request", { ...data, products: [] })).toThrow();
  });
});

describe("the owner's notice of a new review", () => {
  it("shows the buyer's words as text, never as markup", () => {
    const email = renderReviewReceived({
      shopName: "Herbo Shilajit",
      productTitle: "Shilajit Travel Tin 5 g",
      orderNumber: "HS-1001",
      marketName: "United States",
      rating: 2,
      title: '<img src=x onerror="alert(1)">',
      body: "First <script>alert(1)</script>\n\nSecond & last",
      displayName: "<b>Sam</b>",
      moderateUrl: "http://api.test/admin/reviews",
    });
    expect(email.subject).toBe("New review of Shilajit Travel Tin 5 g to moderate");
    expect(email.html).not.toMatch(/<script>|<img src=x|<b>Sam/);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).toContain("Second &amp; last");
    expect(email.html).toContain("Rated 2 out of 5 stars");
    expect(email.text).toContain("By <b>Sam</b>, verified buyer in United States (order HS-1001).");
    expect(email.text).toContain("Publish or hide it in the back office: http://api.test/admin/reviews");
  });
});

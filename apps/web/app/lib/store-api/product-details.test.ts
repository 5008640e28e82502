import { describe, expect, it } from "vitest";
import { noReviews } from "../product-reviews";
import { readProductDetails } from "./product-details.server";

const answer = (product: Record<string, unknown>) => ({ product: { id: "p", title: "Resin", ...product } });

describe("the product page's details in a single-product answer", () => {
  it("reads the supplement facts and the current batch as the store sends them", () => {
    const details = readProductDetails(
      answer({
        facts: {
          serving_size: "300 mg",
          servings_per_container: "About 33",
          amounts: [{ name: "Shilajit resin", amount: "300 mg", daily_value: "†" }],
          ingredients: "Purified shilajit resin.",
          warnings: ["Keep out of reach of children."],
        },
        batch: {
          lot: "HS-2611",
          tested_on: "2026-11-02",
          certificate_url: "https://api.test/media/certificates/a.pdf",
        },
      }),
    );
    expect(details).toEqual({
      facts: {
        servingSize: "300 mg",
        servingsPerContainer: "About 33",
        amounts: [{ name: "Shilajit resin", amount: "300 mg", dailyValue: "†" }],
        ingredients: "Purified shilajit resin.",
        warnings: ["Keep out of reach of children."],
      },
      batch: { lot: "HS-2611", testedOn: "2026-11-02", certificateUrl: "https://api.test/media/certificates/a.pdf" },
      reviews: noReviews,
    });
  });

  it("reads an answer without them (the hosted backend's, or a product without facts) as none", () => {
    const none = { facts: null, batch: null, reviews: noReviews };
    expect(readProductDetails(answer({}))).toEqual(none);
    expect(readProductDetails(answer({ facts: null, batch: null, reviews: null }))).toEqual(none);
    expect(readProductDetails(null)).toEqual(none);
    expect(readProductDetails({ product: "x" })).toEqual(none);
  });

  it("needs a serving size for a panel and a lot number for a batch", () => {
    const details = readProductDetails(answer({ facts: { serving_size: " ", amounts: [] }, batch: { lot: "" } }));
    expect(details).toEqual({ facts: null, batch: null, reviews: noReviews });
  });

  it("reads the first page of published reviews the answer carries", () => {
    const reviews = readProductDetails(
      answer({
        reviews: {
          count: 1,
          average_rating: 5,
          page: 1,
          page_count: 1,
          reviews: [
            {
              id: "rev_1",
              rating: 5,
              title: "Good resin",
              body: "Dissolves well.",
              display_name: "Asha",
              market: "np",
              created_at: "2026-11-02T08:00:00Z",
              reply: null,
              replied_at: null,
            },
          ],
        },
      }),
    ).reviews;
    expect(reviews).toMatchObject({ count: 1, averageRating: 5, reviews: [{ id: "rev_1", displayName: "Asha" }] });
  });

  it("keeps the text as text, drops malformed rows, and keeps to the store's limits", () => {
    const facts = readProductDetails(
      answer({
        facts: {
          serving_size: "<script>alert(1)</script>",
          servings_per_container: 33,
          amounts: [
            { name: "No amount" },
            { amount: "1 mg" },
            "row",
            ...Array.from({ length: 25 }, (_, index) => ({ name: `Row ${index}`, amount: "1 mg", daily_value: "" })),
          ],
          ingredients: ["a"],
          warnings: [...Array.from({ length: 12 }, (_, index) => `Warning ${index}`), 5, ""],
        },
      }),
    ).facts;
    expect(facts?.servingSize).toBe("<script>alert(1)</script>");
    expect(facts?.servingsPerContainer).toBeNull();
    expect(facts?.ingredients).toBeNull();
    expect(facts?.amounts).toHaveLength(20);
    expect(facts?.amounts[0]).toEqual({ name: "Row 0", amount: "1 mg", dailyValue: null });
    expect(facts?.warnings).toEqual(Array.from({ length: 10 }, (_, index) => `Warning ${index}`));
    const bare = readProductDetails(answer({ facts: { serving_size: "1 g", amounts: "none", warnings: {} } })).facts;
    expect(bare).toEqual({
      servingSize: "1 g",
      servingsPerContainer: null,
      amounts: [],
      ingredients: null,
      warnings: [],
    });
    const listed = readProductDetails(answer({ facts: { serving_size: "1 g" } })).facts;
    expect(listed).toMatchObject({ amounts: [], warnings: [] });
  });

  it("links a certificate only at a web address, and a test date only as a calendar date", () => {
    const batchOf = (batch: Record<string, unknown>) =>
      readProductDetails(answer({ batch: { lot: "L1", ...batch } })).batch;
    expect(batchOf({ certificate_url: "javascript:alert(1)" })?.certificateUrl).toBeNull();
    expect(batchOf({ certificate_url: "/media/certificates/a.pdf" })?.certificateUrl).toBeNull();
    expect(batchOf({ certificate_url: "http://api.test/c.pdf" })?.certificateUrl).toBe("http://api.test/c.pdf");
    expect(batchOf({ tested_on: "2026-11-02T00:00:00Z" })?.testedOn).toBeNull();
    expect(batchOf({ tested_on: "x2026-11-02" })?.testedOn).toBeNull();
    expect(batchOf({ tested_on: 20261102 })?.testedOn).toBeNull();
    expect(batchOf({ certificate_url: 5 })?.certificateUrl).toBeNull();
    expect(batchOf({ tested_on: "yesterday" })).toEqual({ lot: "L1", testedOn: null, certificateUrl: null });
  });
});

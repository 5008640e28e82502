import Validator, { type ValidationIssue } from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { describe, expect, it } from "vitest";
import { findCountry } from "~/content/countries";
import { publishedShippingRates } from "~/content/shipping";
import { testProduct, testVariant } from "~/lib/store-api/catalog-fixtures.testing";
import type { Product, ProductReviews } from "~/lib/store-api/types";
import { schemaOrgVocabulary } from "../../../tests/e2e/support/schema-vocabulary";
import { productJsonLd } from "./product-structured-data";
import { countryProductJsonLd, nepalProductJsonLd } from "./structured-data";

/**
 * The structured data of a reviewed product and of the landing pages' rating, checked without a browser by the
 * validator the browser tests use on every page (Google's rich-result rules and schema.org's vocabulary): the
 * browser tests' shop has no published review, so only here is a product with reviews checked.
 */
const validator = new Validator(schemaOrgVocabulary());
const extractor = new WebAutoExtractor({ addLocation: true });

async function errorsOf(data: Record<string, unknown> | null): Promise<string[]> {
  const html = `<html><head><script type="application/ld+json">${JSON.stringify(data)}</script></head></html>`;
  const issues: ValidationIssue[] = await validator.validate(extractor.parse(html));
  return issues
    .filter((issue) => issue.severity === "ERROR")
    .map((issue) => `${issue.rootType}: ${issue.issueMessage}`);
}

const page = { siteUrl: "https://shop.test", year: 2026, description: "Purified shilajit resin." };
const picture = { url: "https://api.test/a.png", order: 1, alt: null, width: null, height: null, sources: [] };
const reviews: ProductReviews = {
  count: 7,
  averageRating: 4.3,
  page: 1,
  pageCount: 2,
  reviews: [
    {
      id: "rev_1",
      rating: 5,
      title: "Dissolves well",
      body: "A pea-sized amount in warm water.",
      displayName: "Asha K.",
      market: "us",
      writtenOn: "2026-11-02",
      reply: "Thank you!",
      repliedOn: "2026-11-04",
    },
    {
      id: "rev_2",
      rating: 2,
      title: null,
      body: "Too strong for me.",
      displayName: "Ben",
      market: null,
      writtenOn: null,
      reply: null,
      repliedOn: null,
    },
  ],
};
const reviewed = (changes: Partial<Product> = {}): Product =>
  testProduct({
    id: "resin",
    images: [picture],
    variants: [testVariant({ sku: "HS-10" })],
    details: { facts: null, batch: null, reviews },
    ...changes,
  });

describe("rich results of reviewed products and rated landing pages", () => {
  it("the validator refuses a review without its author or stars, so the checks below can fail", async () => {
    const data = productJsonLd(reviewed(), { ...page, shippingRates: publishedShippingRates });
    const broken = { ...data, review: [{ "@type": "Review", reviewBody: "x" }] };
    const errors = await errorsOf(broken);
    expect(errors).toEqual(
      expect.arrayContaining([expect.stringContaining('"author"'), expect.stringContaining('"reviewRating"')]),
    );
  });

  it("a product with reviews, in one size or several, has no errors", async () => {
    const one = productJsonLd(reviewed(), { ...page, shippingRates: publishedShippingRates });
    expect(one).toHaveProperty("review");
    expect(await errorsOf(one)).toEqual([]);
    const sizes = [
      testVariant({ id: "a", title: "10 g", sku: "A" }),
      testVariant({ id: "b", title: "20 g", sku: "B" }),
    ];
    const group = productJsonLd(reviewed({ variants: sizes }), { ...page, shippingRates: publishedShippingRates });
    expect(group).toMatchObject({ "@type": "ProductGroup" });
    expect(await errorsOf(group)).toEqual([]);
  });

  it("the landing pages' measured rating has no errors, nor their product without a rating", async () => {
    const uk = findCountry("uk");
    if (uk === undefined) throw new Error("the UK page is missing");
    const price = { amount: 2499, currency: "GBP", decimalDigits: 2 };
    for (const rating of [{ ratingValue: "4.3", reviewCount: 7 }, null]) {
      expect(await errorsOf(countryProductJsonLd(uk, { ...page, price, shipping: null, rating }))).toEqual([]);
      const rupees = { amount: 120000, currency: "NPR", decimalDigits: 2 };
      expect(await errorsOf(nepalProductJsonLd({ ...page, price: rupees, shipping: null, rating }))).toEqual([]);
    }
  });
});

import type { ProductReviews } from "./store-api/types";

/**
 * A product page's reviews (docs/storefront.md#product-page): which page the address asks for, where the paging
 * links lead, and how the figures are written. Shared by the loader, the section and the structured data.
 */

/** A product without published reviews: what a hosted backend without reviews, or a malformed answer, reads as. */
export const noReviews: ProductReviews = { count: 0, averageRating: null, page: 1, pageCount: 1, reviews: [] };

/** The section's id: the paging links and the landing pages' rating line lead to it. */
export const reviewsSectionId = "reviews";

/** The query parameter naming the page of reviews shown: `?reviews=2`. */
export const reviewsParameter = "reviews";

/**
 * The last page an address may ask for (50,000 reviews at five a page): a bound on the copies of a product page
 * the page cache keeps apart, and on what a store's page count may claim.
 */
export const maxReviewPage = 10_000;

/**
 * The page of reviews `?reviews=` asks for: a whole number from 2 to `maxReviewPage`, written plainly ("2", not
 * "02" or "2.0"); anything else, a missing parameter included, is the first page, which the product answer holds.
 */
export function reviewPageOf(value: string | null | undefined): number {
  if (value === null || value === undefined || !/^[1-9]\d{0,4}$/.test(value)) return 1;
  const page = Number(value);
  return page <= maxReviewPage ? page : 1;
}

/** A paging link: the product page's own path, with the page unless it is the first, scrolled to the section. */
export function reviewPageHref(path: string, page: number): string {
  const section = `#${reviewsSectionId}`;
  return page <= 1 ? `${path}${section}` : `${path}?${reviewsParameter}=${page}${section}`;
}

/** An average as the pages write it, to one decimal: "4.5", "5.0". */
export function averageText(average: number): string {
  return average.toFixed(1);
}

/** "12 reviews", "1 review", "1,204 reviews". */
export function reviewCountText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
}

import { marketPath, type Market } from "@herbo/hosted-api";
import { site } from "~/content/site";
import type { Feature, RatedCopy } from "~/content/types";
import { averageText, reviewCountText, reviewsSectionId } from "./product-reviews";
import { fixedLandingRating, type LandingRating } from "./seo/structured-data";
import type { ShopRating } from "./store-api/types";

/**
 * The rating the home and landing pages state (docs/storefront.md#fixed-figures): the shop's fixed figures by
 * default; the measured average and count of the published reviews when the owner chose them in the back
 * office; and no rating at all when they chose the measured one and no review is published yet.
 */
export type RatingStatement =
  { kind: "fixed" } | { kind: "measured"; average: number; count: number } | { kind: "none" };

/** What a page states when the store could not say: the fixed figures, as before the setting existed. */
export const fixedStatement: RatingStatement = { kind: "fixed" };

export function ratingStatement(rating: ShopRating | null | undefined): RatingStatement {
  if (rating === null || rating === undefined || rating.shown === "fixed") return fixedStatement;
  // Without a review, or without an average to state, a measured rating says nothing.
  if (rating.count < 1 || rating.averageRating === null) return { kind: "none" };
  return { kind: "measured", average: rating.averageRating, count: rating.count };
}

/** "4.7/5": the score part of a rating line. */
function scoreText(average: number): string {
  return `${averageText(average)}/${site.rating.best}`;
}

/** "4.7/5 from 12 reviews": the measured figures as every page writes them. */
export function measuredRatingText(average: number, count: number): string {
  return `${scoreText(average)} from ${reviewCountText(count)}`;
}

/** The home hero's rating line: the score in bold, then what it is from, and how many stars to fill. */
export interface RatingLine {
  score: string;
  from: string;
  stars: number;
}

export function homeRatingLine(statement: RatingStatement): RatingLine | null {
  if (statement.kind === "none") return null;
  if (statement.kind === "fixed")
    return {
      score: `${site.rating.value}/${site.rating.best}`,
      from: `${site.rating.homeCountText} reviews`,
      stars: site.rating.best,
    };
  return { score: scoreText(statement.average), from: reviewCountText(statement.count), stars: statement.average };
}

/**
 * A landing page's aggregate rating for its structured data: the fixed figures with the page's own fixed count
 * (500 on the country pages, 150 on the Nepal page), the measured ones, or none.
 */
export function landingRating(statement: RatingStatement, fixedReviewCount: number): LandingRating | null {
  if (statement.kind === "none") return null;
  if (statement.kind === "fixed") return fixedLandingRating(fixedReviewCount);
  return { ratingValue: averageText(statement.average), reviewCount: statement.count };
}

/** A measured rating as a landing page shows it, written out on the server, and where its reviews are read. */
export interface ShownRating {
  /** "4.7/5 from 12 reviews". */
  figures: string;
  /** The flagship product's reviews in the page's market (`/us/product/{id}#reviews`). */
  reviewsHref: string;
}

/**
 * The rating line a landing page shows: only a measured rating, since search engines want a rating visible where
 * its markup is, and the fixed one was never shown there. It links to the flagship product's reviews in the page's
 * market.
 */
export function landingRatingLine(
  statement: RatingStatement,
  market: Pick<Market, "pathPrefix">,
  flagshipId: string,
): ShownRating | null {
  if (statement.kind !== "measured") return null;
  const productPath = marketPath(market, `/product/${encodeURIComponent(flagshipId)}`);
  return {
    figures: measuredRatingText(statement.average, statement.count),
    reviewsHref: `${productPath}#${reviewsSectionId}`,
  };
}

/** Copy that states the rating, in the statement's wording: `{score}` is "4.7/5", `{rating}` "4.7/5 from 12 reviews". */
export function stateRating(copy: RatedCopy, statement: RatingStatement): string {
  if (statement.kind === "fixed") return copy.fixed;
  if (statement.kind === "none") return copy.unrated;
  return copy.measured
    .replace("{score}", scoreText(statement.average))
    .replace("{rating}", measuredRatingText(statement.average, statement.count));
}

/**
 * A card as the page shows it: one that states the rating (its title and text are the fixed wording) takes the
 * statement's wording, the others stay as they are.
 */
export function featureWithRating(feature: Feature, statement: RatingStatement): Feature {
  const { rated, ...card } = feature;
  if (rated === undefined) return feature;
  return {
    ...card,
    title: stateRating({ fixed: card.title, measured: rated.measured.title, unrated: rated.unrated.title }, statement),
    text: stateRating({ fixed: card.text, measured: rated.measured.text, unrated: rated.unrated.text }, statement),
  };
}

import { defaultMarket, marketByCode } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { countries, findCountry } from "~/content/countries";
import { aboutGuarantee } from "~/content/home";
import { nepal } from "~/content/nepal";
import type { Feature } from "~/content/types";
import {
  featureWithRating,
  fixedStatement,
  homeRatingLine,
  landingRating,
  landingRatingLine,
  measuredRatingText,
  ratingStatement,
  stateRating,
  type RatingStatement,
} from "./shop-rating";

const measured: RatingStatement = { kind: "measured", average: 4.7, count: 12 };
const none: RatingStatement = { kind: "none" };

describe("which rating the home and landing pages state", () => {
  it("is the fixed figures by default, and when the store could not say", () => {
    expect(ratingStatement({ shown: "fixed" })).toEqual(fixedStatement);
    expect(ratingStatement(null)).toEqual(fixedStatement);
    expect(ratingStatement(undefined)).toEqual(fixedStatement);
  });

  it("is the measured average and count when the owner chose them, and none without a review", () => {
    expect(ratingStatement({ shown: "measured", count: 12, averageRating: 4.7 })).toEqual(measured);
    expect(ratingStatement({ shown: "measured", count: 0, averageRating: null })).toEqual(none);
    expect(ratingStatement({ shown: "measured", count: 3, averageRating: null })).toEqual(none);
  });
});

describe("the home page's rating", () => {
  it("keeps today's hero line by default: 4.9/5 from 500+ reviews, five stars", () => {
    expect(homeRatingLine(fixedStatement)).toEqual({ score: "4.9/5", from: "500+ reviews", stars: 5 });
  });

  it("states the measured figures instead, with the stars they fill, and no line without a review", () => {
    expect(homeRatingLine(measured)).toEqual({ score: "4.7/5", from: "12 reviews", stars: 4.7 });
    expect(homeRatingLine({ kind: "measured", average: 5, count: 1 })).toEqual({
      score: "5.0/5",
      from: "1 review",
      stars: 5,
    });
    expect(homeRatingLine(none)).toBeNull();
  });

  it("keeps the About sentence's fixed figures by default, and never states them otherwise", () => {
    expect(stateRating(aboutGuarantee, fixedStatement)).toBe(
      "Every order is backed by our 100% satisfaction guarantee, and customers rate us 4.9/5 from more than 500 reviews.",
    );
    expect(stateRating(aboutGuarantee, measured)).toBe(
      "Every order is backed by our 100% satisfaction guarantee, and verified buyers rate us 4.7/5 from 12 reviews.",
    );
    expect(stateRating(aboutGuarantee, none)).toBe("Every order is backed by our 100% satisfaction guarantee.");
  });

  it("writes the measured figures one way everywhere", () => {
    expect(measuredRatingText(4.7, 12)).toBe("4.7/5 from 12 reviews");
    expect(measuredRatingText(4, 1)).toBe("4.0/5 from 1 review");
  });
});

describe("the landing pages' rating", () => {
  it("gives the structured data the fixed figures with the page's own count, the measured ones, or none", () => {
    expect(landingRating(fixedStatement, 500)).toEqual({ ratingValue: "4.9", reviewCount: 500 });
    expect(landingRating(fixedStatement, 150)).toEqual({ ratingValue: "4.9", reviewCount: 150 });
    expect(landingRating(measured, 500)).toEqual({ ratingValue: "4.7", reviewCount: 12 });
    expect(landingRating(none, 500)).toBeNull();
  });

  it("shows a line only for a measured rating, linking to the flagship's reviews in the page's market", () => {
    expect(landingRatingLine(fixedStatement, defaultMarket, "prod_himalayan_resin")).toBeNull();
    expect(landingRatingLine(none, defaultMarket, "prod_himalayan_resin")).toBeNull();
    expect(landingRatingLine(measured, defaultMarket, "prod_himalayan_resin")).toEqual({
      figures: "4.7/5 from 12 reviews",
      reviewsHref: "/product/prod_himalayan_resin#reviews",
    });
    expect(landingRatingLine(measured, marketByCode("uk"), "prod a")?.reviewsHref).toBe("/uk/product/prod%20a#reviews");
  });

  it("words the cards that state the rating for each statement, and leaves the others as they are", () => {
    const nepalCard = nepal.whyChoose.find((feature) => feature.rated !== undefined);
    const indiaCard = findCountry("india")?.whyChoose.find((feature) => feature.rated !== undefined);
    if (nepalCard === undefined || indiaCard === undefined) throw new Error("the rated cards are missing");
    expect(featureWithRating(nepalCard, fixedStatement)).toEqual({
      icon: "award",
      title: "Rated 4.9/5 by Customers",
      text: "Rated 4.9/5 from 500+ reviews and backed by our 100% satisfaction guarantee.",
    });
    expect(featureWithRating(nepalCard, measured)).toEqual({
      icon: "award",
      title: "Rated 4.7/5 by Customers",
      text: "Rated 4.7/5 from 12 reviews by verified buyers and backed by our 100% satisfaction guarantee.",
    });
    expect(featureWithRating(nepalCard, none)).toEqual({
      icon: "award",
      title: "Backed by Our Guarantee",
      text: "Every order is backed by our 100% satisfaction guarantee.",
    });
    expect(featureWithRating(indiaCard, measured).text).toBe(
      "Rated 4.7/5 from 12 reviews by verified buyers, and every order is covered by our 100% satisfaction guarantee.",
    );
    const plain: Feature = { icon: "leaf", title: "Pure", text: "Nothing added." };
    expect(featureWithRating(plain, measured)).toBe(plain);
  });

  it("finds the fixed figures only in copy that has a measured wording too", () => {
    const fixedFigures = /4\.9|500/;
    const cards = [
      ...nepal.whyChoose,
      ...nepal.benefits,
      ...countries.flatMap((country) => [...country.whyChoose, ...country.benefits]),
    ];
    expect(cards.filter((card) => card.rated !== undefined)).toHaveLength(2);
    for (const card of cards) {
      if (!fixedFigures.test(`${card.title} ${card.text}`)) continue;
      expect(card.rated, card.title).toBeDefined();
      for (const statement of [measured, none]) {
        const shown = featureWithRating(card, statement);
        expect(`${shown.title} ${shown.text}`, card.title).not.toMatch(fixedFigures);
      }
    }
    for (const statement of [measured, none]) expect(stateRating(aboutGuarantee, statement)).not.toMatch(fixedFigures);
  });
});

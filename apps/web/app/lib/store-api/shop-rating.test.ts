import { describe, expect, it } from "vitest";
import { readFixture } from "./fixtures.testing";
import { readShopRating } from "./shop-rating.server";

const ours = readFixture("ours", "shipping-rates.json");

describe("which rating the home and landing pages state, read from the same answer", () => {
  const answer = (rating: unknown) => ({ ...(ours as Record<string, unknown>), rating });

  it("is the fixed one from an answer without it (our store API before reviews, or a fresh shop)", () => {
    expect(readShopRating(ours)).toEqual({ shown: "fixed" });
    expect(readShopRating(null)).toEqual({ shown: "fixed" });
    expect(readShopRating(answer({ shown: "fixed", count: 12, average_rating: 4.5 }))).toEqual({ shown: "fixed" });
    for (const odd of [null, "measured", { shown: "Measured" }, { shown: true }, []])
      expect(readShopRating(answer(odd)), JSON.stringify(odd)).toEqual({ shown: "fixed" });
  });

  it("is the measured average, to one decimal, and count when the owner chose them", () => {
    expect(readShopRating(answer({ shown: "measured", count: 12, average_rating: 4.66 }))).toEqual({
      shown: "measured",
      count: 12,
      averageRating: 4.7,
    });
  });

  it("states no figures the owner did not choose: a measured rating it cannot read has no reviews", () => {
    const none = { shown: "measured", count: 0, averageRating: null };
    expect(readShopRating(answer({ shown: "measured", count: 0, average_rating: null }))).toEqual(none);
    for (const [count, average] of [
      [12, null],
      [12, 0],
      [12, 5.5],
      ["12", 4.5],
      [-3, 4.5],
      [2.5, 4.5],
      [12, "4.5"],
    ])
      expect(
        readShopRating(answer({ shown: "measured", count, average_rating: average })),
        `${count} ${average}`,
      ).toEqual(none);
  });
});

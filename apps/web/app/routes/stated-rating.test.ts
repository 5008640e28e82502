import { describe, expect, it } from "vitest";
import { createStoreApi } from "~/lib/store-api/client";
import { readFixture } from "~/lib/store-api/fixtures.testing";
import { readShopRating } from "~/lib/store-api/shop-rating.server";
import * as country from "./country";
import * as home from "./home";
import * as nepal from "./nepal";

/**
 * The rating the home and landing pages state, as their loaders take it from the store's shipping answer: the
 * fixed figures unless the owner chose the measured ones, and nothing when the measured one has no review.
 */
const shipping = readFixture("ours", "shipping-rates.json") as Record<string, unknown>;
const products = readFixture("ours", "products.json");

const measured = { shown: "measured", count: 12, average_rating: 4.7 };
const unreviewed = { shown: "measured", count: 0, average_rating: null };

/** Loader arguments for `path`, against a store whose shipping answer carries `rating` (none when undefined). */
function argsFor(path: string, rating: unknown) {
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = url.includes("/shipping-rates") ? { ...shipping, rating } : products;
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
  const storeApi = createStoreApi({ baseUrl: "https://api.test", storeId: "local", fetch, readShopRating });
  const url = new URL(`https://shop.test${path}`);
  return { params: {}, context: { storeApi }, request: new Request(url), url } as never;
}

/** What a loader's `data(...)` holds. */
const dataOf = <T>(answer: T) => (answer as unknown as { data: T extends { data: infer D } ? D : never }).data;

/** The aggregate rating in the page's product structured data, or undefined without one. */
function aggregateOf(descriptors: readonly unknown[]): unknown {
  const product = descriptors
    .map((descriptor) => (descriptor as Record<string, unknown>)["script:ld+json"] as Record<string, unknown>)
    .find((data) => data?.["@type"] === "Product");
  return product?.aggregateRating;
}

describe("the home page's rating", () => {
  const about = (data: { about: string[] }) => data.about.at(-1) ?? "";

  it("states today's fixed figures by default, and when the store has not said", async () => {
    for (const rating of [undefined, { shown: "fixed", count: 12, average_rating: 4.7 }]) {
      const data = dataOf(await home.loader(argsFor("/", rating)));
      expect(data.catalogue.rating).toEqual({ score: "4.9/5", from: "500+ reviews", stars: 5 });
      expect(about(data)).toMatch(/customers rate us 4\.9\/5 from more than 500 reviews\.$/);
    }
  });

  it("states the measured average and count when the owner chose them", async () => {
    const data = dataOf(await home.loader(argsFor("/us", measured)));
    expect(data.catalogue.rating).toEqual({ score: "4.7/5", from: "12 reviews", stars: 4.7 });
    expect(about(data)).toMatch(/verified buyers rate us 4\.7\/5 from 12 reviews\.$/);
    expect(about(data)).not.toMatch(/4\.9|500/);
  });

  it("states no rating at all while the measured one has no review", async () => {
    const data = dataOf(await home.loader(argsFor("/", unreviewed)));
    expect(data.catalogue.rating).toBeNull();
    expect(about(data)).toMatch(/Every order is backed by our 100% satisfaction guarantee\.$/);
    expect(about(data)).not.toMatch(/rate us/);
  });
});

describe("the landing pages' rating", () => {
  const uk = async (rating: unknown) => {
    const data = dataOf(await country.loader(argsFor("/shilajit-in-uk", rating)));
    return { data, meta: country.meta({ loaderData: data, matches: [] } as never) };
  };
  const np = async (rating: unknown) => {
    const data = dataOf(await nepal.loader(argsFor("/shilajit-nepal", rating)));
    return { data, meta: nepal.meta({ loaderData: data, matches: [] } as never) };
  };

  it("states the fixed 4.9 from 500 (country) and 150 (Nepal) in the structured data by default, and shows no line", async () => {
    const country = await uk(undefined);
    expect(aggregateOf(country.meta)).toMatchObject({ ratingValue: "4.9", reviewCount: "500" });
    expect(country.data.ratingLine).toBeNull();
    const home = await np(undefined);
    expect(aggregateOf(home.meta)).toMatchObject({ ratingValue: "4.9", reviewCount: "150" });
    expect(home.data.ratingLine).toBeNull();
    expect(home.data.page.whyChoose.map((card) => card.title)).toContain("Rated 4.9/5 by Customers");
  });

  it("states the measured figures instead, shows them with a link to the flagship's reviews in the page's market", async () => {
    const country = await uk(measured);
    expect(aggregateOf(country.meta)).toMatchObject({ ratingValue: "4.7", reviewCount: "12" });
    expect(country.data.ratingLine).toEqual({
      figures: "4.7/5 from 12 reviews",
      reviewsHref: "/uk/product/prod_himalayan_resin#reviews",
    });
    const home = await np(measured);
    expect(aggregateOf(home.meta)).toMatchObject({ ratingValue: "4.7", reviewCount: "12" });
    expect(home.data.ratingLine?.reviewsHref).toBe("/product/prod_himalayan_resin#reviews");
    expect(JSON.stringify(home.data.page.whyChoose)).not.toMatch(/4\.9|500/);
    expect(JSON.stringify(home.data.page.whyChoose)).toContain("Rated 4.7/5 from 12 reviews");
  });

  it("states no rating at all while the measured one has no review", async () => {
    for (const page of [await uk(unreviewed), await np(unreviewed)]) {
      expect(aggregateOf(page.meta)).toBeUndefined();
      expect(page.data.ratingLine).toBeNull();
    }
    expect(JSON.stringify((await np(unreviewed)).data.page.whyChoose)).not.toMatch(/Rated|4\.9|500/);
  });
});

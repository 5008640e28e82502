import { describe, expect, it } from "vitest";
import { createStoreApi } from "~/lib/store-api/client";
import { readFixture } from "~/lib/store-api/fixtures.testing";
import { readProductDetails } from "~/lib/store-api/product-details.server";
import { readReviewPage } from "~/lib/store-api/product-reviews.server";
import { loader } from "./product";

/** A review as our store API sends it. */
const wireReview = (id: string) => ({
  id,
  rating: 5,
  title: `Review ${id}`,
  body: "Good resin.",
  display_name: "Asha",
  market: "np",
  created_at: "2026-11-02T08:00:00Z",
  reply: null,
  replied_at: null,
});

const product = readFixture("ours", "product.json") as { product: Record<string, unknown> };
const firstPage = { count: 7, average_rating: 4.6, page: 1, page_count: 2, reviews: [wireReview("new")] };
const secondPage = { ...firstPage, page: 2, reviews: [wireReview("old")] };

/**
 * The page's loader against a store answering from the contract's fixtures, with a first page of reviews in the
 * product's answer; `reviewsAnswer` decides the reviews call's answer. Every call is recorded as it starts.
 */
async function load(search: string, reviewsAnswer: (url: string) => Response = () => json(secondPage)) {
  const started: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    started.push(url.replace("https://api.test/store/local", ""));
    // Every answer waits a little, so calls made one after the other would show in the order they start.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url.includes("/reviews")) return reviewsAnswer(url);
    if (url.includes("/variants")) return json(readFixture("ours", "variants.json"));
    if (url.includes("/shipping-rates")) return json(readFixture("ours", "shipping-rates.json"));
    return json({ product: { ...product.product, reviews: firstPage } });
  };
  const storeApi = createStoreApi({
    baseUrl: "https://api.test",
    storeId: "local",
    fetch,
    readProductDetails,
    readReviewPage,
  });
  const request = new Request(`https://shop.test/product/prod_himalayan_resin${search}`);
  const answer = await loader({
    params: { id: "prod_himalayan_resin" },
    context: { storeApi },
    request,
    url: new URL(request.url),
  } as unknown as Parameters<typeof loader>[0]);
  const result = answer as unknown as { data: Awaited<ReturnType<typeof loader>>["data"]; init?: ResponseInit };
  const headers = new Headers(result.init?.headers);
  return { started, data: result.data, cacheControl: headers.get("Cache-Control") };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const shownIds = (data: Awaited<ReturnType<typeof load>>["data"]) =>
  data.product?.details?.reviews.reviews.map((review) => review.id);

describe("the product page's reviews", () => {
  it("shows the first page from the product's answer, without another call", async () => {
    const { started, data } = await load("");
    expect(started.some((url) => url.includes("/reviews"))).toBe(false);
    expect(shownIds(data)).toEqual(["new"]);
    expect(data.product?.details?.reviews).toMatchObject({ count: 7, averageRating: 4.6, page: 1, pageCount: 2 });
    expect(data.reviewsFailed).toBe(false);
  });

  it("asks for `?reviews=2` beside the product, not after it, and shows that page", async () => {
    const { started, data } = await load("?reviews=2");
    expect(started.slice(0, 3).sort()).toEqual(
      [
        "/products/prod_himalayan_resin?currency=npr",
        "/products/prod_himalayan_resin/reviews?page=2",
        "/shipping-rates",
      ].sort(),
    );
    expect(shownIds(data)).toEqual(["old"]);
    expect(data.product?.details?.reviews.page).toBe(2);
  });

  it("reads anything but a later page as the first", async () => {
    for (const search of ["?reviews=1", "?reviews=02", "?reviews=x", "?reviews=-3", "?reviews=2.5"]) {
      const { started, data } = await load(search);
      expect(
        started.some((url) => url.includes("/reviews")),
        search,
      ).toBe(false);
      expect(shownIds(data), search).toEqual(["new"]);
    }
  });

  it("keeps the page whole when the reviews call fails: the newest are shown, said so, and not cached", async () => {
    for (const failure of [() => json({ error: { code: "internal_error" } }, 500), () => new Response("not json")]) {
      const { data, cacheControl } = await load("?reviews=2", failure);
      expect(data.product?.title).toBeTruthy();
      expect(data.error).toBeNull();
      expect(shownIds(data)).toEqual(["new"]);
      expect(data.reviewsFailed).toBe(true);
      expect(cacheControl).toBe("no-store");
    }
  });

  it("shows the newest for a page past the last, with nothing to apologise for", async () => {
    const { data, cacheControl } = await load("?reviews=9", () => json({ ...firstPage, page: 9, reviews: [] }));
    expect(shownIds(data)).toEqual(["new"]);
    expect(data.reviewsFailed).toBe(false);
    expect(cacheControl).toBeNull();
  });
});

import { describe, expect, it, vi } from "vitest";
import { createStoreApi, isPossibleProductId, isStoreApiError, StoreApiError } from "./client";
import { readFixture } from "./fixtures.testing";
import { readReviewPage } from "./product-reviews.server";
import { readShopRating } from "./shop-rating.server";

const productFixture = readFixture("hosted", "product.json");
const variantsFixture = readFixture("hosted", "variants.json");
const listFixture = readFixture("hosted", "products.json");

type Call = { url: string; init: RequestInit | undefined };

function fakeFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return Promise.resolve(answer(String(input), init));
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const cartToken = "Cart_token-0123456789ab";

const json = (body: unknown, status = 200, statusText = "OK") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

describe("store API client", () => {
  it("builds the four calls of SPEC §7", async () => {
    const { calls, fetch } = fakeFetch((url) => {
      if (url.includes("/variants")) return json(variantsFixture);
      if (url.includes("/checkout")) return json({ url: "https://pay.test/s?x=1" });
      if (url.includes("/products/")) return json(productFixture);
      return json({ count: 0, offset: 0, limit: 20, products: [] });
    });
    const api = createStoreApi({ baseUrl: "https://api.test/", storeId: "store 1", fetch });
    await api.listProducts();
    await api.listProducts({ ids: ["a", "b"], limit: 5, offset: 10, order: "desc", sortBy: "created_at" });
    await api.getProductWithStock("prod_01HSAMPLE0001");
    await api.createCheckout({
      items: [{ variantId: "var_10g", quantity: 2 }],
      successUrl: "https://shop.test/success",
      cancelUrl: "https://shop.test/store",
      timeZone: "Asia/Kathmandu",
      cartToken,
    });
    expect(calls.map((call) => decodeURIComponent(call.url))).toEqual([
      "https://api.test/store/store 1/products",
      "https://api.test/store/store 1/products?ids[]=a&ids[]=b&offset=10&limit=5&order=desc&sort_by=created_at",
      "https://api.test/store/store 1/products/prod_01HSAMPLE0001",
      "https://api.test/store/store 1/variants?fields=inventory_quantity&product_ids[]=prod_01HSAMPLE0001",
      "https://api.test/store/store 1/checkout",
    ]);
    const checkout = calls[4]?.init;
    expect(checkout?.method).toBe("POST");
    expect(JSON.parse(String(checkout?.body))).toEqual({
      items: [{ variant_id: "var_10g", quantity: 2 }],
      successUrl: "https://shop.test/success",
      cancelUrl: "https://shop.test/store",
      timeZone: "Asia/Kathmandu",
      cartToken: "Cart_token-0123456789ab",
    });
  });

  it("asks for one market's prices only when a page names its currency, on the list and the product", async () => {
    const { calls, fetch } = fakeFetch((url) => {
      if (url.includes("/variants")) return json(variantsFixture);
      if (url.includes("/products/")) return json(productFixture);
      return json(listFixture);
    });
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "local", fetch });
    await api.listProducts({ priceCurrency: "USD" });
    await api.getProductWithStock("prod_01HSAMPLE0001", undefined, "GBP");
    await api.getProduct("prod_01HSAMPLE0001");
    expect(calls.map((call) => call.url)).toEqual([
      "https://api.test/store/local/products?currency=usd",
      "https://api.test/store/local/products/prod_01HSAMPLE0001?currency=gbp",
      "https://api.test/store/local/variants?fields=inventory_quantity&product_ids%5B%5D=prod_01HSAMPLE0001",
      "https://api.test/store/local/products/prod_01HSAMPLE0001",
    ]);
  });

  it("reports a non-OK answer as 'HTTP {status}: {statusText}'", async () => {
    const { fetch } = fakeFetch(() => json({ message: "Product not found" }, 404, "Not Found"));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    await expect(api.getProduct("nope")).rejects.toThrow(new StoreApiError("HTTP 404: Not Found", 404));
    await expect(api.getProduct("nope")).rejects.toMatchObject({ status: 404 });
  });

  it("fills in the reason phrase when the answer has none (HTTP/2)", async () => {
    const { fetch } = fakeFetch(() => new Response("oops", { status: 503, statusText: "" }));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    await expect(api.listProducts()).rejects.toThrow("HTTP 503: Service Unavailable");
  });

  it("keeps our store API's error code", async () => {
    const { fetch } = fakeFetch(() =>
      json({ error: { code: "insufficient_inventory", message: "…" } }, 409, "Conflict"),
    );
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    const error: unknown = await api
      .createCheckout({ items: [{ variantId: "v", quantity: 1 }], successUrl: "a", cancelUrl: "b", cartToken })
      .catch((caught: unknown) => caught);
    expect(isStoreApiError(error) && error.code).toBe("insufficient_inventory");
    expect(String(error)).toContain("HTTP 409: Conflict");
  });

  it("reads which cart line our store API's checkout refused, and why", async () => {
    const refusal = readFixture("ours", "error-insufficient-inventory.json");
    const { fetch } = fakeFetch(() => json(refusal, 409, "Conflict"));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    const error: unknown = await api
      .createCheckout({
        items: [{ variantId: "var_starter_kit", quantity: 4 }],
        successUrl: "a",
        cancelUrl: "b",
        cartToken,
      })
      .catch((caught: unknown) => caught);
    expect(isStoreApiError(error) && error.refusal).toEqual({
      reason: "short_of_stock",
      variantId: "var_starter_kit",
      available: 3,
    });
  });

  it("names the currency the cart was shown in on the checkout, and sends none when not given (issue 26)", async () => {
    const { calls, fetch } = fakeFetch(() => json({ url: "https://pay.test/s" }));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    const request = {
      items: [{ variantId: "var_resin_10g", quantity: 1 }],
      successUrl: "a",
      cancelUrl: "b",
      cartToken,
    };
    await api.createCheckout({ ...request, currency: "USD" });
    await api.createCheckout(request);
    const bodies = calls.map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ currency: "USD", items: [{ variant_id: "var_resin_10g", quantity: 1 }] });
    expect(bodies[1]).not.toHaveProperty("currency");
  });

  it("keeps an error answer's details, such as the currency a checkout was refused in", async () => {
    const body = {
      error: { code: "unpriced_variant", message: "…", details: { variant_id: "var_gift_box", currency: "USD" } },
    };
    const { fetch } = fakeFetch(() => json(body, 400, "Bad Request"));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    const error: unknown = await api
      .createCheckout({
        items: [{ variantId: "var_gift_box", quantity: 1 }],
        successUrl: "a",
        cancelUrl: "b",
        cartToken,
      })
      .catch((caught: unknown) => caught);
    expect(isStoreApiError(error) && [error.code, error.details]).toEqual([
      "unpriced_variant",
      { variant_id: "var_gift_box", currency: "USD" },
    ]);
  });

  it("names no cart line when an error answer's details are missing or malformed", async () => {
    for (const body of [
      { error: { code: "insufficient_inventory", message: "…" } },
      { error: { code: "insufficient_inventory", details: { variant_id: 5, available: 1 } } },
      { error: "insufficient_inventory" },
      [],
    ]) {
      const { fetch } = fakeFetch(() => json(body, 409, "Conflict"));
      const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
      const error: unknown = await api.listProducts().catch((caught: unknown) => caught);
      expect(isStoreApiError(error) && error.refusal).toBeUndefined();
      expect(String(error)).toContain("HTTP 409: Conflict");
    }
  });

  it("asks for the product and its stock at once, one round trip", async () => {
    const { calls, fetch } = fakeFetch((url) => json(url.includes("/variants") ? variantsFixture : productFixture));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    const id = (productFixture as { product: { id: string } }).product.id;
    const loading = api.getProductWithStock(id);
    // Both calls are out before either answer is read.
    expect(calls.map((call) => decodeURIComponent(call.url))).toEqual([
      `https://api.test/store/s/products/${id}`,
      `https://api.test/store/s/variants?fields=inventory_quantity&product_ids[]=${id}`,
    ]);
    await loading;
    expect(calls).toHaveLength(2);
  });

  it("asks for the stock again when the store answers with another id than it was asked for", async () => {
    const id = (productFixture as { product: { id: string } }).product.id;
    const { calls, fetch } = fakeFetch((url) => {
      if (!url.includes("/variants")) return json(productFixture);
      // Stock only for the product's own id: the handle's answer is empty.
      return json(url.includes(encodeURIComponent(id)) ? variantsFixture : { variants: [] });
    });
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    const product = await api.getProductWithStock("a-handle");
    expect(calls.map((call) => decodeURIComponent(call.url))).toEqual([
      "https://api.test/store/s/products/a-handle",
      "https://api.test/store/s/variants?fields=inventory_quantity&product_ids[]=a-handle",
      `https://api.test/store/s/variants?fields=inventory_quantity&product_ids[]=${id}`,
    ]);
    const direct = await createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch }).getProductWithStock(id);
    expect(product.variants.map((variant) => variant.inventoryQuantity)).toEqual(
      direct.variants.map((variant) => variant.inventoryQuantity),
    );
  });

  it("reports the product call's error when both fail, and leaves no rejection unhandled", async () => {
    const { fetch } = fakeFetch((url) =>
      url.includes("/variants") ? json({}, 500, "Internal Server Error") : json({}, 404, "Not Found"),
    );
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    await expect(api.getProductWithStock("p")).rejects.toThrow("HTTP 404: Not Found");
  });

  it("fails the detail load when the stock call fails", async () => {
    const { fetch } = fakeFetch((url) =>
      url.includes("/variants") ? json({}, 500, "Internal Server Error") : json(productFixture),
    );
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    await expect(api.getProductWithStock("p")).rejects.toThrow("HTTP 500: Internal Server Error");
  });

  it("gives up on a store that does not answer in time", async () => {
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      })) as typeof globalThis.fetch;
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch, timeoutMs: 50 });
    await expect(api.listProducts()).rejects.toThrow("The store did not answer in time");
  });

  it("waits 2.5 s for the store unless told otherwise", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    try {
      const { fetch } = fakeFetch(() => json(listFixture));
      await createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch }).listProducts();
      await createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch, timeoutMs: 700 }).listProducts();
      expect(timeout.mock.calls).toEqual([[2_500], [700]]);
    } finally {
      timeout.mockRestore();
    }
  });

  it("reports an unreachable store in words a shopper understands, keeping the network error as the cause", async () => {
    for (const networkError of [new TypeError("Failed to fetch"), new TypeError("fetch failed")]) {
      const fetch = (() => Promise.reject(networkError)) as typeof globalThis.fetch;
      const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
      const error: unknown = await api.listProducts().catch((caught: unknown) => caught);
      expect(isStoreApiError(error)).toBe(true);
      expect((error as StoreApiError).message).toBe(
        "The store is not reachable right now. Please try again in a moment.",
      );
      expect((error as StoreApiError).status).toBeUndefined();
      expect((error as StoreApiError).cause).toBe(networkError);
    }
  });

  it("answers 404 for ids no product can have, without asking the store", async () => {
    const { calls, fetch } = fakeFetch(() => json({ error: { code: "invalid_request" } }, 400, "Bad Request"));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    for (const id of ["\u0000", "a\u0000b", "tab\there", "x".repeat(5_000), ""]) {
      const error: unknown = await api.getProductWithStock(id).catch((caught: unknown) => caught);
      expect(isStoreApiError(error), JSON.stringify(id)).toBe(true);
      expect((error as StoreApiError).status).toBe(404);
      expect((error as StoreApiError).message).toBe("HTTP 404: Not Found");
    }
    expect(calls).toEqual([]);
  });

  it("still asks the store about ordinary and unusual but possible ids", () => {
    expect(isPossibleProductId("prod_himalayan_resin")).toBe(true);
    expect(isPossibleProductId("prod 1/ü€")).toBe(true);
    expect(isPossibleProductId("x".repeat(200))).toBe(true);
    expect(isPossibleProductId("x".repeat(201))).toBe(false);
    expect(isPossibleProductId("a\u007fb")).toBe(false);
  });
});

describe("an order's receipt", () => {
  const receipt = {
    order: { number: "HS-1001", payment: "paid", total: { amount: 65000, currency_code: "NPR", text: "Rs. 650.00" } },
  };

  it("asks the store about the number with the key, and reads its answer", async () => {
    const { calls, fetch } = fakeFetch(() => json(receipt));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch });
    expect(await api.getOrderReceipt("HS-1001", "AbCdEfGhIjKlMnOpQr_-09")).toEqual(receipt.order);
    expect(calls.map((call) => call.url)).toEqual([
      "https://api.test/store/s/orders/HS-1001/receipt?receipt=AbCdEfGhIjKlMnOpQr_-09",
    ]);
  });

  it("fails with the store's 404 for a number it did not place, and on an answer about another order", async () => {
    const missing = createStoreApi({
      baseUrl: "https://api.test",
      storeId: "s",
      fetch: fakeFetch(() => json({ error: { code: "not_found", message: "No order" } }, 404, "Not Found")).fetch,
    });
    await expect(missing.getOrderReceipt("HS-9999", "AbCdEfGhIjKlMnOpQr_-09")).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
    const other = createStoreApi({
      baseUrl: "https://api.test",
      storeId: "s",
      fetch: fakeFetch(() => json(receipt)).fetch,
    });
    await expect(other.getOrderReceipt("HS-1002", "AbCdEfGhIjKlMnOpQr_-09")).rejects.toThrow(
      "The store sent a malformed answer",
    );
    const odd = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch: fakeFetch(() => json({})).fetch });
    await expect(odd.getOrderReceipt("HS-1001", "AbCdEfGhIjKlMnOpQr_-09")).rejects.toThrow(
      "The store sent a malformed answer",
    );
  });
});

describe("a later page of a product's reviews", () => {
  const page = {
    count: 6,
    average_rating: 4.5,
    page: 2,
    page_count: 2,
    reviews: [
      {
        id: "rev_6",
        rating: 4,
        title: "Fine",
        body: "Good.",
        display_name: "Ben",
        market: "uk",
        created_at: "2026-10-01T09:00:00Z",
        reply: null,
        replied_at: null,
      },
    ],
  };

  it("asks the store for the page and reads it with the server's reader", async () => {
    const { calls, fetch } = fakeFetch(() => json(page));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch, readReviewPage });
    expect(await api.getReviewPage("prod 1", 2)).toMatchObject({
      count: 6,
      page: 2,
      pageCount: 2,
      reviews: [{ id: "rev_6", displayName: "Ben", market: "uk", writtenOn: "2026-10-01" }],
    });
    expect(calls.map((call) => call.url)).toEqual(["https://api.test/store/s/products/prod%201/reviews?page=2"]);
  });

  it("fails as the store fails, and asks nothing for an id no product can have or without a reader", async () => {
    const failing = fakeFetch(() => json({ error: { code: "not_found" } }, 404, "Not Found"));
    const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch: failing.fetch, readReviewPage });
    await expect(api.getReviewPage("prod_1", 2)).rejects.toMatchObject({ status: 404 });
    await expect(api.getReviewPage("a\u0000b", 2)).rejects.toMatchObject({ status: 404 });
    expect(failing.calls).toHaveLength(1);
    const browser = fakeFetch(() => json(page));
    const withoutReader = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch: browser.fetch });
    await expect(withoutReader.getReviewPage("prod_1", 2)).rejects.toMatchObject({ status: 404 });
    expect(browser.calls).toEqual([]);
  });
});

describe("the shipping call's rating", () => {
  it("says which rating the pages state with the server's reader, the fixed one when the answer has none", async () => {
    const shipping = readFixture("ours", "shipping-rates.json") as Record<string, unknown>;
    const measured = { ...shipping, rating: { shown: "measured", count: 12, average_rating: 4.7 } };
    const ratings = [];
    for (const answer of [{ ...shipping, rating: undefined }, measured]) {
      const fetch = fakeFetch(() => json(answer)).fetch;
      const api = createStoreApi({ baseUrl: "https://api.test", storeId: "s", fetch, readShopRating });
      ratings.push((await api.getShipping()).rating);
    }
    expect(ratings).toEqual([{ shown: "fixed" }, { shown: "measured", count: 12, averageRating: 4.7 }]);
    // The browser's client, whose cart states no rating, does not read it.
    const browser = createStoreApi({
      baseUrl: "https://api.test",
      storeId: "s",
      fetch: fakeFetch(() => json(measured)).fetch,
    });
    expect(await browser.getShipping()).not.toHaveProperty("rating");
  });
});

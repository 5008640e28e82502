import { describe, expect, it } from "vitest";
import { pageCacheKey, renderedUrl } from "./page-cache-key";

const key = (href: string) => pageCacheKey(renderedUrl(new URL(href, "http://shop.test")));

describe("page cache key", () => {
  it("ignores query parameters no route reads, so cache-busting shares one entry", () => {
    expect(key("/store?r=123")).toBe("/store");
    expect(key("/store?r=456&utm_source=x")).toBe("/store");
    expect(key("/product/prod_1?fbclid=abc")).toBe("/product/prod_1");
  });

  it("keeps what React Router reads on data and manifest requests, in a fixed order", () => {
    expect(key("/store.data?_routes=routes%2Fstore&junk=1")).toBe("/store.data?_routes=routes%2Fstore");
    expect(key("/_root.data?index&_routes=root")).toBe("/_root.data?_routes=root&index=");
    expect(key("/__manifest?version=abc&paths=%2Fstore&r=9")).toBe("/__manifest?paths=%2Fstore&version=abc");
    expect(key("/__manifest?paths=%2Fstore&version=abc")).toBe(key("/__manifest?version=abc&paths=%2Fstore"));
  });

  it("keeps repeated parameters in their order", () => {
    expect(key("/x.data?index=b&index=a")).toBe("/x.data?index=b&index=a");
  });

  it("renders with the same URL the key describes", () => {
    const url = renderedUrl(new URL("http://shop.test/store?r=1"));
    expect(url.href).toBe("http://shop.test/store");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pageCacheKey, renderedUrl } from "./page-cache-key";

const key = (href: string) => pageCacheKey(renderedUrl(new URL(href, "http://shop.test")));

describe("page cache key", () => {
  it("ignores query parameters no route reads, so cache-busting shares one entry", () => {
    expect(key("/store?r=123")).toBe("/store");
    expect(key("/store?r=456&utm_source=x")).toBe("/store");
    expect(key("/product/prod_1?fbclid=abc")).toBe("/product/prod_1");
  });

  it("keeps a product page's later page of reviews, and nothing else reads it", () => {
    expect(key("/product/prod_1?reviews=2&fbclid=abc")).toBe("/product/prod_1?reviews=2");
    expect(key("/us/product/prod_1?reviews=3")).toBe("/us/product/prod_1?reviews=3");
    expect(key("/product/prod_1.data?_routes=routes%2Fproduct&reviews=2")).toBe(
      "/product/prod_1.data?_routes=routes%2Fproduct&reviews=2",
    );
    // What the page shows as the first page shares the first page's entry; the first value is the one read.
    for (const first of ["1", "02", "x", "2.0", "-2", "", "10001"])
      expect(key(`/product/prod_1?reviews=${first}`), first).toBe("/product/prod_1");
    expect(key("/product/prod_1?reviews=4&reviews=5")).toBe("/product/prod_1?reviews=4");
    expect(key("/store?reviews=2")).toBe("/store");
    expect(key("/store.data?_routes=routes%2Fstore&reviews=2")).toBe("/store.data?_routes=routes%2Fstore");
    expect(renderedUrl(new URL("http://shop.test/product/p?reviews=2#reviews")).href).toBe(
      "http://shop.test/product/p?reviews=2",
    );
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

  it("matches the app: no code a server render runs reads the query string", () => {
    // The shortcut above holds only while this is true. A line that reads the address must be one of
    // these, each safe for the reason given; a page that starts reading a parameter must be listed in
    // page-cache-key.ts instead, or its server render would never see the parameter.
    const safeReads: Record<string, RegExp> = {
      // React Router's location is the rendered URL, which has only the parameters listed.
      "entry.server.tsx": /url=\{request\.url\}/,
      // The page of reviews, `reviews`, which the product paths keep (parametersRead.productPage).
      "routes/product.tsx": /url\.searchParams\.get\(reviewsParameter\)/,
      // Rendered without reading the query; reads the order and its receipt once hydrated (useHydrated), and
      // whether an order is named also in an inline script, in the browser, so the first paint claims nothing.
      "routes/success.tsx": /useSearchParams|location\.search/,
      // In the browser, when the shopper clicks checkout.
      "components/cart/use-checkout.ts": /window\.location\.href/,
      // In the browser, the address of a footer link the shopper clicked, to follow it within the app.
      "lib/in-app-link.ts": /url\.search\}/,
    };
    const readsAddress = /useSearchParams|searchParams|\.search\b|location\.href|request\.url|useLocation\(\)\.search/;
    const appFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app");
    const unsafe: string[] = [];
    for (const file of readdirSync(appFolder, { recursive: true, encoding: "utf8" })) {
      if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const name = file.split(path.sep).join("/");
      for (const line of readFileSync(path.join(appFolder, file), "utf8").split("\n")) {
        if (!readsAddress.test(line) || /^\s*(\/\/|\*)/.test(line)) continue;
        if (safeReads[name]?.test(line) !== true) unsafe.push(`${name}: ${line.trim()}`);
      }
    }
    expect(unsafe).toEqual([]);
  });
});

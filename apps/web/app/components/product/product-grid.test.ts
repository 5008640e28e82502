import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductGrid } from "./product-grid";

const render = (state: Parameters<typeof ProductGrid>[0]["state"]) =>
  renderToStaticMarkup(createElement(ProductGrid, { state }));

describe("the product grid's states", () => {
  it("says so when there are no products", () => {
    expect(render({ status: "loaded", products: [] })).toContain("No products available at the moment.");
  });

  it("shows the list's error as an alert, with the fallback message when there is none", () => {
    expect(render({ status: "error", message: "The store is down" })).toMatch(
      /role="alert"[^>]*>Error loading products: The store is down</,
    );
    expect(render({ status: "error", message: null })).toContain("Error loading products: Failed to load products");
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { messages } from "~/content/messages";
import { CartProvider } from "~/lib/cart/cart-context";
import { cardProductOf, type CardProduct } from "~/lib/store-api";
import { readFixture } from "~/lib/store-api/fixtures.testing";
import { reshapeProductList } from "~/lib/store-api/reshape";
import { ToastProvider } from "../ui/toast";
import { noImage } from "./no-image";
import { ProductCard } from "./product-card";

/** The card as the server renders it inside a page: the router, the cart and the toasts around it. */
function render(product: CardProduct): string {
  const Page = () =>
    createElement(CartProvider, null, createElement(ToastProvider, null, createElement(ProductCard, { product })));
  const Stub = createRoutesStub([{ path: "/store", Component: Page }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/store"] }));
}

const catalogue = reshapeProductList(readFixture("ours", "products.json")).products.map(cardProductOf);

function product(id: string): CardProduct {
  const found = catalogue.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no ${id} in the fixture`);
  return found;
}

/** The card's Add to Cart button's opening tag. */
const addButton = (html: string) => /<button[^>]*aria-label="Add to Cart: [^"]*"[^>]*>/.exec(html)?.[0] ?? "";

describe("a product card", () => {
  it("says Sold out and disables Add to Cart when its only size has none left", () => {
    const kit = product("prod_starter_kit");
    const soldOut = { ...kit, variants: kit.variants.map((variant) => ({ ...variant, inventoryQuantity: 0 })) };
    const html = render(soldOut);
    expect(html).toMatch(/data-testid="card-stock-message"[^>]*>Sold out</);
    expect(addButton(html)).toContain("disabled");
    // In stock, the same card has no message and a working button.
    const inStock = render(kit);
    expect(inStock).not.toContain("card-stock-message");
    expect(addButton(inStock)).not.toContain("disabled");
  });

  it("keeps Add to Cart, which opens the product, when only one of several sizes is sold out", () => {
    const resin = product("prod_himalayan_resin");
    const [first, ...rest] = resin.variants;
    if (first === undefined || rest.length === 0) throw new Error("the fixture's resin has several sizes");
    const html = render({ ...resin, variants: [{ ...first, inventoryQuantity: 0 }, ...rest] });
    expect(html).not.toContain("card-stock-message");
    expect(addButton(html)).not.toContain("disabled");
  });

  it("shows the No Image placeholder and the fallback subtitle for a product without pictures or subtitle", () => {
    const tin = product("prod_travel_tin");
    const html = render({ ...tin, thumbnailImage: null, subtitle: null });
    expect(html).toContain(`src="${noImage.src}"`);
    expect(html).toContain(`alt="${noImage.alt}"`);
    expect(noImage.alt).toBe("No Image");
    expect(html).toContain(messages.subtitleFallback);
    expect(messages.subtitleFallback).toBe("Check out this amazing product!");
  });
});

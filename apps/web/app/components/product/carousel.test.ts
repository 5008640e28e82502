import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProductImage } from "~/lib/store-api/types";
import { Carousel, wrapIndex } from "./carousel";
import { gallerySizes } from "./responsive-image";

describe("carousel index", () => {
  it("wraps past the last image to the first and before the first to the last", () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 0, 0)).toBe(0);
  });
});

describe("the carousel's picture", () => {
  const photo: ProductImage = {
    url: "https://api.test/media/med_1-1280.webp",
    order: 1,
    alt: "The travel tin, open",
    width: 1280,
    height: 960,
    sources: [
      { url: "https://api.test/media/med_1-320.webp", width: 320 },
      { url: "https://api.test/media/med_1-1280.webp", width: 1280 },
    ],
  };
  const drawing: ProductImage = {
    url: "https://api.test/images/travel-tin.svg",
    order: 2,
    alt: null,
    width: null,
    height: null,
    sources: [],
  };
  const render = (images: ProductImage[], index: number) =>
    renderToStaticMarkup(
      createElement(Carousel, { images, title: "Travel Tin", index, onIndexChange: () => undefined }),
    );

  it("draws an uploaded photo with its srcset, sizes, own size and the owner's alt text", () => {
    const html = render([photo, drawing], 0);
    expect(html).toContain(
      'srcSet="https://api.test/media/med_1-320.webp 320w, https://api.test/media/med_1-1280.webp 1280w"',
    );
    expect(html).toContain(`sizes="${gallerySizes}"`);
    expect(html).toContain('width="1280" height="960"');
    expect(html).toContain('alt="The travel tin, open (1 of 2)"');
  });

  it("draws the catalogue's drawing as before: one file, 800 × 800, the title as its alt text", () => {
    const html = render([photo, drawing], 1);
    expect(html).toContain('src="https://api.test/images/travel-tin.svg"');
    expect(html).not.toContain("srcSet");
    expect(html).not.toContain("sizes=");
    expect(html).toContain('width="800" height="800"');
    expect(html).toContain('alt="Travel Tin (2 of 2)"');
  });
});

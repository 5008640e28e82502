import { describe, expect, it } from "vitest";
import type { ProductImage } from "~/lib/store-api/types";
import { cardSizes, gallerySizes, imageAlt, responsiveImage, srcSetOf } from "./responsive-image";

const photo: ProductImage = {
  url: "https://api.test/media/med_1-1280.webp",
  order: 1,
  alt: "The jar, open",
  width: 1280,
  height: 960,
  sources: [
    { url: "https://api.test/media/med_1-320.webp", width: 320 },
    { url: "https://api.test/media/med_1-640.webp", width: 640 },
    { url: "https://api.test/media/med_1-1280.webp", width: 1280 },
  ],
};

const drawing: ProductImage = {
  url: "https://api.test/images/resin-10g.svg",
  order: 1,
  alt: null,
  width: null,
  height: null,
  sources: [],
};

describe("srcset", () => {
  it("lists each width once, narrowest first, as 'url Nw'", () => {
    expect(srcSetOf(photo.sources)).toBe(
      "https://api.test/media/med_1-320.webp 320w, https://api.test/media/med_1-640.webp 640w, https://api.test/media/med_1-1280.webp 1280w",
    );
    expect(
      srcSetOf([
        { url: "b", width: 640 },
        { url: "a", width: 320 },
        { url: "c", width: 640 },
      ]),
    ).toBe("a 320w, b 640w");
  });

  it("is left out for a picture with fewer than two usable widths", () => {
    expect(srcSetOf([])).toBeUndefined();
    expect(srcSetOf([{ url: "a", width: 320 }])).toBeUndefined();
    expect(
      srcSetOf([
        { url: "a", width: 0 },
        { url: "b", width: 1.5 },
        { url: "c", width: 320 },
      ]),
    ).toBeUndefined();
  });

  it("escapes the characters that would split a candidate", () => {
    expect(
      srcSetOf([
        { url: "https://cdn.test/a b.webp", width: 320 },
        { url: "https://cdn.test/a,b.webp", width: 640 },
      ]),
    ).toBe("https://cdn.test/a%20b.webp 320w, https://cdn.test/a%2Cb.webp 640w");
  });
});

describe("a product picture's attributes", () => {
  it("gives an uploaded photo its srcset, the layout's sizes and its own width and height", () => {
    expect(responsiveImage(photo, gallerySizes)).toEqual({
      src: photo.url,
      srcSet: srcSetOf(photo.sources),
      sizes: gallerySizes,
      width: 1280,
      height: 960,
    });
    expect(responsiveImage(photo, cardSizes).sizes).toBe(cardSizes);
  });

  it("draws the catalogue's drawings as before: one file, 800 × 800, no srcset or sizes", () => {
    expect(responsiveImage(drawing, gallerySizes)).toEqual({
      src: drawing.url,
      srcSet: undefined,
      sizes: undefined,
      width: 800,
      height: 800,
    });
  });

  it("uses the owner's alt text, else the product's title", () => {
    expect(imageAlt(photo, "Resin")).toBe("The jar, open");
    expect(imageAlt(drawing, "Resin")).toBe("Resin");
  });
});

import type { ImageSource, ProductImage } from "~/lib/store-api/types";

/**
 * `sizes` of the product page's gallery: the page's width on phones, one of two columns from 768 px,
 * and at most 512 px once the page stops growing (72rem less its padding and the columns' gap).
 */
export const gallerySizes = "(min-width: 1152px) 512px, (min-width: 768px) 50vw, 100vw";

/** `sizes` of a product card: one, two, three or four cards a row, and 254 px once the page stops growing. */
export const cardSizes =
  "(min-width: 1152px) 254px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw";

/** The size drawn for a picture whose pixels are unknown (the catalogue's square drawings). */
const drawingSide = 800;

/** A URL as a srcset candidate: white space and commas would split it, so they are escaped. */
function candidateUrl(url: string): string {
  return url.replace(/[\s,]/g, (character) => encodeURIComponent(character));
}

/** "url 320w, url 640w" for a picture served at two or more widths; undefined otherwise. */
export function srcSetOf(sources: readonly ImageSource[]): string | undefined {
  const usable = new Map<number, string>();
  for (const source of sources) {
    if (Number.isInteger(source.width) && source.width > 0 && !usable.has(source.width)) {
      usable.set(source.width, source.url);
    }
  }
  if (usable.size < 2) return undefined;
  return [...usable.entries()]
    .sort(([left], [right]) => left - right)
    .map(([width, url]) => `${candidateUrl(url)} ${width}w`)
    .join(", ");
}

export interface ResponsiveImageAttributes {
  src: string;
  srcSet: string | undefined;
  sizes: string | undefined;
  width: number;
  height: number;
}

/**
 * The `img` attributes of a product picture: its own width and height (so the page does not shift), and for
 * an uploaded photo its widths as `srcset` with the layout's `sizes`, so a phone fetches a phone-sized file.
 */
export function responsiveImage(image: ProductImage, sizes: string): ResponsiveImageAttributes {
  const srcSet = srcSetOf(image.sources);
  return {
    src: image.url,
    srcSet,
    sizes: srcSet === undefined ? undefined : sizes,
    width: image.width ?? drawingSide,
    height: image.height ?? drawingSide,
  };
}

/** A picture's alt text: the owner's words, else the product's title. */
export function imageAlt(image: Pick<ProductImage, "alt">, productTitle: string): string {
  return image.alt ?? productTitle;
}

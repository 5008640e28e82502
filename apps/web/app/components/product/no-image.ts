import noImageUrl from "~/assets/images/no-image.svg?url";

/** The picture shown for a product with no image; it reads 'No Image' (docs/storefront.md#product-grid-and-card). */
export const noImage = { src: noImageUrl, alt: "No Image" } as const;

import noImageUrl from "~/assets/images/no-image.svg?url";

/** SPEC §2: the placeholder picture shown when a product has no image; it reads 'No Image'. */
export const noImage = { src: noImageUrl, alt: "No Image" } as const;

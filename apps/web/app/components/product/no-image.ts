/** SPEC §2: the placeholder picture shown when a product has no image; it reads 'No Image'. */
export const noImage = { src: "/images/no-image.svg", alt: "No Image" } as const;

import type { ProductImage } from "~/lib/store-api/types";
import { Icon } from "../ui/icon";
import { noImage } from "./no-image";
import { gallerySizes, imageAlt, responsiveImage } from "./responsive-image";

/** Index after moving by `step`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length === 0) return 0;
  return (((index + step) % length) + length) % length;
}

interface CarouselProps {
  images: ProductImage[];
  title: string;
  index: number;
  onIndexChange(index: number): void;
}

/** Product images; arrows and dots only with two or more, wrapping at both ends (docs/storefront.md#product-page). */
export function Carousel({ images, title, index, onIndexChange }: CarouselProps) {
  const current = images[index] ?? images[0];
  const several = images.length > 1;
  return (
    <section aria-roledescription="carousel" aria-label={`${title} images`} className="relative">
      <div className="relative aspect-square overflow-hidden rounded-3xl border border-line bg-sand">
        {current === undefined ? (
          <img src={noImage.src} alt={noImage.alt} width={800} height={800} className="h-full w-full object-cover" />
        ) : (
          <img
            key={current.url}
            {...responsiveImage(current, gallerySizes)}
            alt={several ? `${imageAlt(current, title)} (${index + 1} of ${images.length})` : imageAlt(current, title)}
            fetchPriority="high"
            className="h-full w-full object-cover"
            data-testid="carousel-image"
          />
        )}
        {several ? (
          <>
            <button
              type="button"
              onClick={() => onIndexChange(wrapIndex(index, -1, images.length))}
              className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
              aria-label="Previous image"
            >
              <Icon name="chevron-left" />
            </button>
            <button
              type="button"
              onClick={() => onIndexChange(wrapIndex(index, 1, images.length))}
              className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
              aria-label="Next image"
            >
              <Icon name="chevron-right" />
            </button>
          </>
        ) : null}
      </div>
      {several ? (
        <div className="mt-4 flex justify-center gap-1" role="group" aria-label="Choose an image">
          {images.map((image, dot) => (
            <button
              key={image.url}
              type="button"
              onClick={() => onIndexChange(dot)}
              aria-label={`Show image ${dot + 1}`}
              aria-current={dot === index ? "true" : undefined}
              className="flex h-6 w-6 items-center justify-center rounded-full"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${dot === index ? "w-6 bg-resin" : "w-2.5 bg-line"}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

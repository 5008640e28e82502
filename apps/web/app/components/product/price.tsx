import type { DisplayPrice } from "~/lib/money";

/** A price, with the regular price struck through when on sale. */
export function Price({ price, size = "md" }: { price: DisplayPrice | null; size?: "md" | "lg" }) {
  if (price === null) return null;
  const main = size === "lg" ? "text-3xl" : "text-lg";
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="price">
      {price.regularPrice === null ? (
        <span className={`${main} font-bold`}>{price.price}</span>
      ) : (
        <>
          <span className={`${main} font-bold text-danger`}>
            <span className="sr-only">Sale price </span>
            {price.price}
          </span>
          <s className="text-bark" data-testid="regular-price">
            <span className="sr-only">Regular price </span>
            {price.regularPrice}
          </s>
        </>
      )}
    </p>
  );
}

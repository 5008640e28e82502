import type { CardProduct } from "~/lib/store-api/types";
import { ProductCard } from "./product-card";
import { messages } from "~/content/messages";

/**
 * A grid's products as its page's loader fetched them on the server: every grid arrives with its page, so
 * there is no loading state to show and nothing moves under a shopper's finger while the page starts.
 */
export type ProductListState =
  { status: "error"; message: string | null } | { status: "loaded"; products: CardProduct[] };

/** The product grid: 1, 2, 3 and 4 columns as the screen widens; empty and error states. */
interface ProductGridProps {
  state: ProductListState;
  /** How many of the first cards load their image at once. */
  priorityCount?: number;
  cardHeadingLevel?: "h2" | "h3";
}

export function ProductGrid({ state, priorityCount = 0, cardHeadingLevel = "h3" }: ProductGridProps) {
  if (state.status === "error") {
    return (
      <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 px-5 py-4 text-center text-danger">
        {messages.productsError(state.message)}
      </p>
    );
  }
  if (state.products.length === 0) {
    return <p className="py-12 text-center text-lg text-bark">{messages.noProducts}</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
      {state.products.map((product, index) => (
        // Each card fills its grid cell, so a row's cards are one height and their buttons line up.
        <li key={product.id} className="flex">
          <div className="flex w-full">
            <ProductCard product={product} priority={index < priorityCount} headingLevel={cardHeadingLevel} />
          </div>
        </li>
      ))}
    </ul>
  );
}

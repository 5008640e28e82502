import { Link, useNavigate } from "react-router";
import { cartItemFor } from "~/lib/cart/cart-item";
import { useCart } from "~/lib/cart/cart-context";
import { marketPath, useMarket } from "~/lib/markets";
import type { CardProduct } from "~/lib/store-api/types";
import { useToast } from "../ui/toast";
import { noImage } from "./no-image";
import { cardSizes, imageAlt, responsiveImage } from "./responsive-image";
import { Price } from "./price";
import { cardStockStatus } from "./stock-status";
import { messages } from "~/content/messages";

/**
 * A product card (docs/storefront.md#product-grid-and-card): clicking it opens the product; its Add to Cart
 * adds one unit, or opens a multi-variant product.
 */
interface ProductCardProps {
  product: CardProduct;
  /** Loads the image at once (the first cards of a page) instead of when scrolled near. */
  priority?: boolean;
  /** The card title's heading level, one below the section it sits in. */
  headingLevel?: "h2" | "h3";
}

export function ProductCard({ product, priority = false, headingLevel: Heading = "h3" }: ProductCardProps) {
  const { add } = useCart();
  const { toast } = useToast();
  const navigate = useNavigate();
  const href = marketPath(useMarket(), `/product/${encodeURIComponent(product.id)}`);
  const image = product.thumbnailImage;
  const stock = cardStockStatus(product);

  function addToCart() {
    const [only, ...others] = product.variants;
    if (others.length > 0) {
      void navigate(href);
      return;
    }
    if (only === undefined) {
      toast({
        title: messages.cardAddFailedTitle,
        description: messages.noVariantToAdd,
        variant: "destructive",
      });
      return;
    }
    const result = add(cartItemFor(product, only, 1), only.inventoryQuantity);
    if (result.ok) {
      toast({ title: messages.addedFromCard.title, description: messages.addedFromCard.description(product.title) });
    } else {
      toast({ title: messages.cardAddFailedTitle, description: result.message, variant: "destructive" });
    }
  }

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-lg"
      data-testid="product-card"
    >
      <div className="relative aspect-square overflow-hidden bg-sand">
        <img
          {...(image === null ? { src: noImage.src, width: 800, height: 800 } : responsiveImage(image, cardSizes))}
          alt={image === null ? noImage.alt : imageAlt(image, product.title)}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        {product.ribbonText === null ? null : (
          <span className="absolute top-3 left-3 rounded-full bg-gold px-3 py-1 text-xs font-bold tracking-wide text-resin uppercase">
            {product.ribbonText}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="font-display text-lg leading-snug font-bold">
          {/* The whole card is clickable through this link's stretched hit area. */}
          <Link to={href} className="after:absolute after:inset-0 after:content-['']">
            {product.title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-bark">{product.subtitle ?? messages.subtitleFallback}</p>
        {/* Above the price, so the cards' prices and buttons still line up along a row. */}
        {stock.message === null ? null : (
          <p className="text-sm font-semibold text-danger" data-testid="card-stock-message">
            {stock.message}
          </p>
        )}
        <div className="mt-auto pt-2">
          <Price price={product.price} />
        </div>
        <button
          type="button"
          onClick={addToCart}
          disabled={!stock.canAdd}
          className="button-primary relative z-10 mt-2 w-full"
          // The spoken name starts with the visible words (WCAG 2.5.3) and says which product.
          aria-label={`Add to Cart: ${product.title}`}
        >
          Add to Cart
        </button>
      </div>
    </article>
  );
}

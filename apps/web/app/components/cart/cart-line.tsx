import type { CartItem } from "~/lib/cart/cart";
import { formatMoney, maxLineQuantity, type LineOffer } from "@herbo/hosted-api";
import { messages } from "~/content/messages";
import { effectivePrice } from "~/lib/money";
import { noImage } from "../product/no-image";
import { Icon } from "../ui/icon";

interface CartLineProps {
  item: CartItem;
  /** What the market's quantity price takes off this line, as checkout will (an estimate). */
  offer?: LineOffer | undefined;
  onQuantityChange(quantity: number): void;
  onRemove(): void;
}

export function CartLine({ item, offer, onQuantityChange, onRemove }: CartLineProps) {
  const { product, variant, quantity } = item;
  const name = `${product.title} (${variant.title})`;
  const atLimit = quantity >= maxLineQuantity;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <img
        src={product.imageUrl ?? noImage.src}
        alt=""
        width={72}
        height={72}
        loading="lazy"
        className="h-18 w-18 shrink-0 rounded-lg border border-line bg-sand object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex justify-between gap-3">
          {/* The whole title wraps, with the variant and unit price under it, so similar lines stay apart. */}
          <div className="min-w-0">
            <p className="leading-snug font-semibold break-words" data-testid="cart-line-title">
              {product.title}
            </p>
            {/* The unit price on a line of its own, so "Rs." never parts from its amount. */}
            <p className="text-sm text-bark" data-testid="cart-line-variant">
              {variant.title}
            </p>
            <p className="text-sm whitespace-nowrap text-bark" data-testid="cart-line-unit-price">
              {formatMoney(effectivePrice(variant), variant.currency)} each
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p className="font-semibold" data-testid="cart-line-total">
              {formatMoney(effectivePrice(variant) * quantity, variant.currency)}
            </p>
            {offer === undefined || offer.discountAmount === 0 ? null : (
              <p className="text-sm text-resin" data-testid="cart-line-offer">
                {offer.label ?? "Discount"}: −{formatMoney(offer.discountAmount, variant.currency)}
              </p>
            )}
          </div>
        </div>
        <div className="flex items-center justify-between">
          <div
            className="flex items-center rounded-full border border-line"
            role="group"
            aria-label={`Quantity of ${name}`}
          >
            <button
              type="button"
              className="rounded-full p-2 hover:bg-sand disabled:opacity-40"
              onClick={() => onQuantityChange(quantity - 1)}
              disabled={quantity <= 1}
              aria-label={`Decrease quantity of ${name}`}
            >
              <Icon name="minus" size={16} />
            </button>
            <span
              className="min-w-8 text-center text-sm font-semibold"
              aria-live="polite"
              data-testid="cart-line-quantity"
            >
              {quantity}
            </span>
            <button
              type="button"
              className="rounded-full p-2 hover:bg-sand disabled:opacity-40"
              onClick={() => onQuantityChange(quantity + 1)}
              disabled={atLimit}
              aria-label={`Increase quantity of ${name}`}
              aria-describedby={atLimit ? `limit-${variant.id}` : undefined}
            >
              <Icon name="plus" size={16} />
            </button>
          </div>
          <button
            type="button"
            onClick={onRemove}
            className="text-sm font-medium text-bark underline underline-offset-2 hover:text-danger"
            aria-label={`Remove ${name}`}
          >
            Remove
          </button>
        </div>
        {atLimit ? (
          <p id={`limit-${variant.id}`} className="text-sm text-bark" data-testid="cart-line-limit">
            {messages.lineAtLimit}
          </p>
        ) : null}
      </div>
    </li>
  );
}

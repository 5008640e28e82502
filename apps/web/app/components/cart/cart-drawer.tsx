import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useRef } from "react";
import { Link } from "react-router";
import { useCart } from "~/lib/cart/cart-context";
import { formatMoney, marketOfCurrency, quantityPriceOffers } from "@herbo/hosted-api";
import { site } from "~/content/site";
import { useShoppingMarket } from "~/lib/last-market";
import { pricesIncludeTax, taxIncludedNote } from "~/lib/market-tax";
import { defaultMarket, marketPath } from "~/lib/markets";
import { effectivePrice } from "~/lib/money";
import { marketShippingRate } from "~/lib/shop-offer/shipping";
import { cartShippingLines } from "./cart-shipping";
import { Icon } from "../ui/icon";
import { useToast, useToastSlot } from "../ui/toast";
import { CartLine } from "./cart-line";
import { useCheckout } from "./use-checkout";
import { useStoreShipping } from "./use-store-shipping";
import { messages } from "~/content/messages";

/**
 * The cart drawer (docs/storefront.md#cart-drawer): slides in from the right; the dark backdrop, Escape and
 * Close all close it.
 */
export default function CartDrawer() {
  const { items, drawerOpen, closeDrawer, setQuantity, remove, totalInCents, cartButtonRef } = useCart();
  const { checkout, pending } = useCheckout();
  const market = useShoppingMarket();
  // An empty cart still totals in the market's currency (rupees, as Nepal's pages write them), not the euro default.
  const currency =
    items[0]?.variant.currency ?? (market.code === defaultMarket.code ? site.currency : { code: market.currencyCode });
  // What checkout will add to and include in this cart: the market its prices are in, by the store's figures.
  const cartMarket = items.length === 0 ? undefined : marketOfCurrency(currency.code);
  const shipping = useStoreShipping();
  const taxNote = cartMarket === undefined ? null : taxIncludedNote(cartMarket, pricesIncludeTax(cartMarket, shipping));
  const rate =
    cartMarket === undefined || shipping === null ? undefined : marketShippingRate(shipping.rates, cartMarket);
  // The market's quantity prices on these lines, by the rules checkout applies: an estimate, checkout decides.
  const tiers = cartMarket === undefined ? undefined : shipping?.quantityPrices[cartMarket.code];
  const offers = quantityPriceOffers(
    items.map((item) => ({
      productId: item.product.id,
      unitAmount: effectivePrice(item.variant),
      quantity: item.quantity,
    })),
    (productId) => tiers?.[productId] ?? [],
  );
  const total = totalInCents - offers.reduce((sum, offer) => sum + offer.discountAmount, 0);
  // The items' estimate against the market's free-shipping threshold; checkout decides the charge.
  const shippingLines =
    rate === undefined || cartMarket === undefined
      ? []
      : cartShippingLines(rate, shipping?.freeShippingOver[cartMarket.code], total);
  const toastSlot = useToastSlot();
  const { dismiss } = useToast();
  const slotRef = useRef<HTMLDivElement | null>(null);
  const slotElement = useCallback(
    (element: HTMLDivElement | null) => {
      slotRef.current = element;
      toastSlot(element);
    },
    [toastSlot],
  );

  return (
    <Dialog.Root open={drawerOpen} onOpenChange={(open) => (open ? undefined : closeDrawer())}>
      <Dialog.Portal>
        <Dialog.Overlay className="backdrop fixed inset-0 z-50 bg-black/60" data-testid="cart-backdrop" />
        <Dialog.Content
          className="slide-panel fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-cream shadow-2xl"
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            // A toast shown in the drawer is the newest layer, so Escape closes it before the drawer. The toast
            // takes Escape over only a render after it moves in; a press in between still closes the toast.
            if ((slotRef.current?.querySelector('[data-state="open"]') ?? null) === null) return;
            event.preventDefault();
            dismiss();
          }}
          onCloseAutoFocus={(event) => {
            // Focus goes back to the header's cart button, whichever control opened the drawer.
            event.preventDefault();
            cartButtonRef.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="font-display text-2xl font-bold">Your Cart</Dialog.Title>
            <Dialog.Close className="rounded-full p-2 hover:bg-sand" aria-label="Close cart">
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <div ref={slotElement} data-testid="cart-toasts" />
          {items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
              <Icon name="cart" size={48} className="text-gold" />
              <p className="text-lg font-semibold">{messages.emptyCart.title}</p>
              <Link to={marketPath(market, "/store")} onClick={closeDrawer} className="button-outline">
                Browse the store
              </Link>
            </div>
          ) : (
            <ul className="flex-1 divide-y divide-line overflow-y-auto px-5" aria-label="Items in your cart">
              {items.map((item, index) => (
                <CartLine
                  key={item.variant.id}
                  item={item}
                  offer={offers[index]}
                  onQuantityChange={(quantity) => setQuantity(item.variant.id, quantity)}
                  onRemove={() => remove(item.variant.id)}
                />
              ))}
            </ul>
          )}
          <div className="border-t border-line px-5 py-5">
            <div className="flex items-baseline justify-between gap-3 text-lg font-bold">
              <span>
                Total
                {taxNote === null ? null : (
                  <span className="ml-2 text-sm font-normal text-bark" data-testid="cart-tax-note">
                    {taxNote}
                  </span>
                )}
              </span>
              <span data-testid="cart-total">{formatMoney(total, currency)}</span>
            </div>
            {cartMarket === undefined ? null : (
              // Two lines kept free, so the button does not move when the store's answer arrives.
              <p className="mt-1 min-h-10 text-sm text-bark" data-testid="cart-shipping">
                {shippingLines.map((line, index) => (
                  <span key={line} className="block" data-testid={index === 0 ? undefined : "cart-free-shipping"}>
                    {line}
                  </span>
                ))}
              </p>
            )}
            <button
              type="button"
              className="button-primary mt-4 w-full"
              onClick={() => void checkout()}
              disabled={pending}
              aria-busy={pending}
            >
              {pending ? "Redirecting to payment…" : "Proceed to Checkout"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

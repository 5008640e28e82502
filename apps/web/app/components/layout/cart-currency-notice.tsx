import { messages } from "~/content/messages";
import { useCart } from "~/lib/cart/cart-context";
import { currencyName } from "~/lib/markets";
import { Icon } from "../ui/icon";

/**
 * Says so when the cart moved to another currency (docs/storefront.md#markets), under the header, until dismissed.
 * The status region is always in the page, so screen readers announce the notice when it appears.
 */
export function CartCurrencyNotice() {
  const { currencyNotice, dismissCurrencyNotice } = useCart();
  return (
    <div role="status" data-testid="cart-currency-notice">
      {currencyNotice === null ? null : (
        <div className="border-t border-gold bg-sand">
          <div className="container-page flex items-start justify-between gap-3 py-2 text-sm text-resin">
            <p>
              {messages.cartRepriced(currencyName(currencyNotice.currency))}
              {currencyNotice.removed.length === 0
                ? null
                : ` ${messages.cartLinesRemoved(currencyNotice.removed, currencyName(currencyNotice.currency))}`}
            </p>
            <button
              type="button"
              onClick={dismissCurrencyNotice}
              className="shrink-0 rounded-full p-1 hover:bg-cream"
              aria-label="Dismiss cart notice"
            >
              <Icon name="close" size={16} />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

import { marketOfCurrency } from "@herbo/hosted-api";
import { useCallback, useState } from "react";
import { lineName, messages } from "~/content/messages";
import type { CartItem } from "~/lib/cart/cart";
import { useCart } from "~/lib/cart/cart-context";
import { cartCurrency } from "~/lib/cart/reprice";
import { asRecord, asString } from "~/lib/json-guards";
import { currencyName } from "~/lib/markets";
import { isStoreApiError } from "~/lib/store-api/client";
import { useStoreApi } from "~/lib/public-env";
import { useToast } from "../ui/toast";

export const checkoutErrorText = messages.checkoutFailed.description;

/**
 * What to tell the shopper when checkout fails: which cart line the store refused and why, when it said
 * so (the store client reads that from the answer), else the general text (docs/storefront.md#checkout).
 */
export function checkoutProblem(error: unknown, items: readonly CartItem[]): string {
  if (isStoreApiError(error) && (error.code === "too_many_open_checkouts" || error.code === "rate_limited")) {
    return messages.checkoutBusy;
  }
  if (isStoreApiError(error) && (error.code === "unsupported_currency" || error.code === "unpriced_variant")) {
    return currencyProblem(error.code, asRecord(error.details), items);
  }
  const refusal = isStoreApiError(error) ? error.refusal : undefined;
  if (refusal === undefined) return checkoutErrorText;
  const line = items.find((item) => item.variant.id === refusal.variantId);
  if (line === undefined) return checkoutErrorText;
  const name = lineName(line.product.title, line.variant.title);
  switch (refusal.reason) {
    case "short_of_stock":
      return refusal.available === 0 ? messages.checkoutSoldOut(name) : messages.checkoutShort(name, refusal.available);
    case "unavailable":
      return messages.checkoutUnavailable(name);
    case "over_limit":
      return messages.checkoutOverLimit(name, refusal.max);
  }
}

/** The store has no price list in the cart's currency, or none for one of its lines (docs/storefront.md#markets). */
function currencyProblem(
  code: "unsupported_currency" | "unpriced_variant",
  details: Record<string, unknown> | undefined,
  items: readonly CartItem[],
): string {
  const currency = currencyName(asString(details?.currency) ?? cartCurrency(items) ?? "");
  if (code === "unsupported_currency") return messages.checkoutCurrencyUnsupported(currency);
  const line = items.find((item) => item.variant.id === asString(details?.variant_id));
  return line === undefined
    ? messages.checkoutCurrencyUnsupported(currency)
    : messages.checkoutUnpriced(lineName(line.product.title, line.variant.title), currency);
}

/**
 * The currency a checkout names: the one the cart's lines were shown in, so the store prices the order from
 * its list in it. None when that is not one of the shop's currencies (a backend that sent no currency, read
 * as the "eur" default, or a cart stored before lines kept theirs): the store's default.
 */
export function checkoutCurrency(items: readonly CartItem[]): string | null {
  const currency = cartCurrency(items);
  return currency !== null && marketOfCurrency(currency) !== undefined ? currency : null;
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Checkout (docs/storefront.md#checkout): an empty cart gets a toast; otherwise the store creates a payment
 * session and the browser goes to its page. The cart is kept until /success, so an abandoned payment loses nothing.
 */
export function useCheckout(): { checkout(): Promise<void>; pending: boolean } {
  const { items, cartToken } = useCart();
  const storeApi = useStoreApi();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const checkout = useCallback(async () => {
    if (items.length === 0) {
      toast({ ...messages.emptyCart, variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      const timeZone = browserTimeZone();
      const currency = checkoutCurrency(items);
      const { url } = await storeApi.createCheckout({
        items: items.map((item) => ({ variantId: item.variant.id, quantity: item.quantity })),
        successUrl: `${window.location.origin}/success`,
        cancelUrl: window.location.href,
        ...(timeZone === undefined ? {} : { timeZone }),
        cartToken: cartToken(),
        ...(currency === null ? {} : { currency }),
      });
      window.location.assign(url);
    } catch (error) {
      setPending(false);
      toast({
        title: messages.checkoutFailed.title,
        description: checkoutProblem(error, items),
        variant: "destructive",
      });
    }
  }, [items, cartToken, storeApi, toast]);

  return { checkout, pending };
}

import { useCallback, useState } from "react";
import { lineName, messages } from "~/content/messages";
import type { CartItem } from "~/lib/cart/cart";
import { useCart } from "~/lib/cart/cart-context";
import { isStoreApiError } from "~/lib/store-api/client";
import { useStoreApi } from "~/lib/public-env";
import { useToast } from "../ui/toast";

export const checkoutErrorText = messages.checkoutFailed.description;

/**
 * What to tell the shopper when checkout fails: which cart line the store refused and why, when it said
 * so (the store client reads that from the answer), else SPEC §8's general text.
 */
export function checkoutProblem(error: unknown, items: readonly CartItem[]): string {
  if (isStoreApiError(error) && (error.code === "too_many_open_checkouts" || error.code === "rate_limited")) {
    return messages.checkoutBusy;
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

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * SPEC §4 checkout: an empty cart gets a toast; otherwise the store creates a payment session and the
 * browser goes to its page. The cart is kept until /success, so an abandoned payment loses nothing.
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
      const { url } = await storeApi.createCheckout({
        items: items.map((item) => ({ variantId: item.variant.id, quantity: item.quantity })),
        successUrl: `${window.location.origin}/success`,
        cancelUrl: window.location.href,
        ...(timeZone === undefined ? {} : { timeZone }),
        cartToken: cartToken(),
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

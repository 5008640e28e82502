import { useCallback, useState } from "react";
import type { CartItem } from "~/lib/cart/cart";
import { useCart } from "~/lib/cart/cart-context";
import { isStoreApiError } from "~/lib/store-api/client";
import { useStoreApi } from "~/lib/public-env";
import { useToast } from "../ui/toast";

export const checkoutErrorText = "There was a problem initializing checkout. Please try again.";

/**
 * What to tell the shopper when checkout fails: which cart line the store refused and why, when it said
 * so, else SPEC §8's general text.
 */
export function checkoutProblem(error: unknown, items: readonly CartItem[]): string {
  if (!isStoreApiError(error)) return checkoutErrorText;
  const variantId = error.details?.variant_id;
  const line = items.find((item) => item.variant.id === variantId);
  if (line === undefined) return checkoutErrorText;
  const name = `${line.product.title} (${line.variant.title})`;
  if (error.code === "insufficient_inventory" && typeof error.details?.available === "number") {
    return error.details.available === 0
      ? `${name} is sold out. Please remove it from your cart.`
      : `Only ${error.details.available} of ${name} left. Please lower the quantity in your cart.`;
  }
  if (error.code === "unknown_variant" || error.code === "product_unavailable") {
    return `${name} is no longer available. Please remove it from your cart.`;
  }
  return checkoutErrorText;
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
  const { items } = useCart();
  const storeApi = useStoreApi();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const checkout = useCallback(async () => {
    if (items.length === 0) {
      toast({
        title: "Your cart is empty",
        description: "Add some products to your cart before checking out.",
        variant: "destructive",
      });
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
      });
      window.location.assign(url);
    } catch (error) {
      setPending(false);
      toast({ title: "Checkout Error", description: checkoutProblem(error, items), variant: "destructive" });
    }
  }, [items, storeApi, toast]);

  return { checkout, pending };
}

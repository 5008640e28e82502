import { useCallback, useState } from "react";
import { useCart } from "~/lib/cart/cart-context";
import { useStoreApi } from "~/lib/public-env";
import { useToast } from "../ui/toast";

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
    } catch {
      setPending(false);
      toast({
        title: "Checkout Error",
        description: "There was a problem initializing checkout. Please try again.",
        variant: "destructive",
      });
    }
  }, [items, storeApi, toast]);

  return { checkout, pending };
}

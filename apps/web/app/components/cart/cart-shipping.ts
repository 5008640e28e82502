import { amountToFreeShipping } from "@herbo/hosted-api";
import { formatShippingCharge, shippingLine } from "~/lib/shop-offer/shipping";
import type { ShippingRate } from "~/lib/store-api/types";

/**
 * The cart's delivery lines for items coming to `subtotal` (minor units, the cart's estimate after its
 * quantity prices) in the rate's market, whose free-shipping threshold is `freeShippingOver` (undefined for
 * none): free delivery once the items reach it, as checkout decides; else the rate, and how much more ships
 * free. Here, beside the drawer, so pages that never open the cart do not carry the offers' arithmetic.
 */
export function cartShippingLines(
  rate: ShippingRate,
  freeShippingOver: number | undefined,
  subtotal: number,
): string[] {
  const left = amountToFreeShipping(subtotal, freeShippingOver ?? null);
  if (left === null || rate.amount === 0) return [shippingLine(rate)];
  if (left === 0) return [shippingLine({ ...rate, amount: 0 })];
  // Both amounts are above 0 here, so each is written as money, never as "Free".
  const amount = (value: number) => formatShippingCharge({ amount: value, currency: rate.currency });
  return [
    shippingLine(rate),
    `Free shipping on orders of ${amount(freeShippingOver ?? 0)} or more: ${amount(left)} to go.`,
  ];
}

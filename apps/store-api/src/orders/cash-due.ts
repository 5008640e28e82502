import { returnedUnitsAmount } from "@herbo/hosted-api";

/**
 * What the courier collects for a cash-on-delivery order: its total less the goods that came back before
 * anyone paid, each at what its line was charged after its discount. Shipping stays due, since the parcel
 * went out and the shopper kept the rest of it.
 */
export function cashDue(
  totalAmount: number,
  lines: readonly { unitAmount: number; quantity: number; discountAmount: number; returnedQuantity: number }[],
): number {
  const returned = lines.reduce((sum, line) => sum + returnedUnitsAmount(line, 0, line.returnedQuantity), 0);
  return totalAmount - returned;
}

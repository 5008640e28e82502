/**
 * What the courier collects for a cash-on-delivery order: its total less the goods that came back before
 * anyone paid. Shipping stays due, since the parcel went out and the shopper kept the rest of it.
 */
export function cashDue(
  totalAmount: number,
  lines: readonly { unitAmount: number; returnedQuantity: number }[],
): number {
  const returned = lines.reduce((sum, line) => sum + line.unitAmount * line.returnedQuantity, 0);
  return totalAmount - returned;
}

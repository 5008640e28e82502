/** One line of a credit note as the refund row keeps it: what was credited, and the tax that amount includes. */
export interface CreditNoteLine {
  /** The product's title, "Shipping", or what an amount refund was for ("Refund on cancellation"). */
  productTitle: string;
  /** The variant, or a short detail; "" when none. */
  variantTitle: string;
  /** Units credited; null for an amount (shipping, or a refund not tied to units). */
  quantity: number | null;
  /** Minor units, in the order's currency. */
  amount: number;
  /** The tax included in `amount`, in minor units; 0 when the order carries no tax. */
  taxAmount: number;
}

import { includedTax, returnedUnitsAmount } from "@herbo/hosted-api";
import type { CreditNoteLine } from "../db/credit-note-line.ts";

/**
 * A refund's credit note: the document that takes money off an invoice. Each refund gets one, numbered
 * from its own sequence (CN-1001, CN-1002, …) in the refund's transaction, so two refunds never share a
 * number and a number is never reused. Its lines say what was credited, and its tax is worked out the way
 * the invoice's is: per line, amount × rate ÷ (1 + rate), rounded half up (`includedTax`).
 */

export type { CreditNoteLine };

export const creditNotePrefix = "CN-";

export function formatCreditNoteNumber(sequence: number): string {
  return `${creditNotePrefix}${sequence}`;
}

/** The rate of the tax an order carries (the shop was registered in its market when it was placed), else null. */
export function orderTaxRate(order: {
  taxName: string | null;
  taxRateBasisPoints: number | null;
  taxRegistration: string | null;
}): number | null {
  return order.taxName === null || order.taxRegistration === null ? null : order.taxRateBasisPoints;
}

/** The order facts a credit note is worked out from. */
export interface CreditedOrder {
  totalAmount: number;
  shippingAmount: number;
  shippingTaxAmount: number;
  taxAmount: number;
  /** The order's tax, when it carries tax lines (the shop was registered in its market); null otherwise. */
  taxRateBasisPoints: number | null;
}

export interface CreditNoteInput {
  order: CreditedOrder;
  lines: readonly {
    position: number;
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitAmount: number;
    /** Taken off the line by an offer when it was ordered. */
    discountAmount: number;
    /** Units of the line back so far, those of this refund included. */
    returnedQuantity: number;
    taxAmount: number;
  }[];
  /** The order's earlier credit notes: what they credited and the tax in it. */
  earlier: readonly { amount: number; taxAmount: number }[];
  refund: {
    kind: "cancel" | "return";
    amount: number;
    /** Units that came back with this refund, by order line. */
    returned: readonly { position: number; quantity: number }[];
  };
}

export interface CreditNote {
  lines: CreditNoteLine[];
  taxAmount: number;
}

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

/**
 * What a refund credits:
 * - the whole order, when nothing was credited before and the refund is its total: every line as
 *   invoiced (with the tax the invoice shows for it) and the shipping;
 * - the units that came back, when the refund is exactly their value: one line each;
 * - otherwise one line with the amount (a refund the owner chose, or what was left on a cancellation).
 * The credit note that brings the order's credits to its whole total takes the rest of the order's tax,
 * so a fully refunded order nets to zero tax, whatever rounding the earlier notes had.
 */
export function creditNoteOf(input: CreditNoteInput): CreditNote {
  const { order, refund } = input;
  const rate = order.taxRateBasisPoints;
  const taxOf = (amount: number) => (rate === null ? 0 : includedTax(amount, rate));
  const creditedBefore = sum(input.earlier, (note) => note.amount);
  let lines: CreditNoteLine[];
  if (creditedBefore === 0 && refund.amount === order.totalAmount) {
    lines = input.lines.map((line) => ({
      productTitle: line.productTitle,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      amount: line.unitAmount * line.quantity - line.discountAmount,
      taxAmount: rate === null ? 0 : line.taxAmount,
    }));
    if (order.shippingAmount > 0) {
      lines.push({
        productTitle: "Shipping",
        variantTitle: "",
        quantity: null,
        amount: order.shippingAmount,
        taxAmount: rate === null ? 0 : order.shippingTaxAmount,
      });
    }
  } else {
    const returned = refund.returned.flatMap((back) => {
      const line = input.lines.find((candidate) => candidate.position === back.position);
      if (line === undefined || back.quantity <= 0) return [];
      // Each unit at its share of what the line was paid after its discount, never re-spread over the rest.
      const amount = returnedUnitsAmount(line, Math.max(0, line.returnedQuantity - back.quantity), back.quantity);
      // All of a line's units: exactly the tax the invoice shows for that line.
      const taxAmount = back.quantity === line.quantity && rate !== null ? line.taxAmount : taxOf(amount);
      return [
        {
          productTitle: line.productTitle,
          variantTitle: line.variantTitle,
          quantity: back.quantity,
          amount,
          taxAmount,
        },
      ];
    });
    if (returned.length > 0 && sum(returned, (line) => line.amount) === refund.amount) {
      lines = returned;
    } else {
      lines = [
        {
          productTitle: refund.kind === "cancel" ? "Refund on cancellation" : "Refund for returned items",
          variantTitle: returned.map((line) => `${line.quantity} × ${line.productTitle}`).join(", "),
          quantity: null,
          amount: refund.amount,
          taxAmount: taxOf(refund.amount),
        },
      ];
    }
  }
  const last = lines.at(-1);
  if (rate !== null && last !== undefined && creditedBefore + refund.amount === order.totalAmount) {
    const rest = order.taxAmount - sum(input.earlier, (note) => note.taxAmount) - sum(lines, (line) => line.taxAmount);
    last.taxAmount = Math.min(last.amount, Math.max(0, last.taxAmount + rest));
  }
  return { lines, taxAmount: sum(lines, (line) => line.taxAmount) };
}

/** The invoice's total less every credit note, and the tax left in it. */
export function netOfCredits(
  order: Pick<CreditedOrder, "totalAmount" | "taxAmount">,
  notes: readonly { amount: number; taxAmount: number }[],
): { amount: number; taxAmount: number } {
  return {
    amount: order.totalAmount - sum(notes, (note) => note.amount),
    taxAmount: order.taxAmount - sum(notes, (note) => note.taxAmount),
  };
}

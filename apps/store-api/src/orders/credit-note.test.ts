import { includedTax } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import {
  creditNoteOf,
  formatCreditNoteNumber,
  netOfCredits,
  type CreditedOrder,
  type CreditNoteInput,
} from "./credit-note.ts";

// A UK order with VAT 20% on its lines and shipping: 3 jars at £24.99, a tin at £13.99, £9.99 shipping.
const jarTax = includedTax(3 * 2_499, 2000);
const tinTax = includedTax(1_399, 2000);
const shippingTax = includedTax(999, 2000);
const taxedOrder: CreditedOrder = {
  totalAmount: 3 * 2_499 + 1_399 + 999,
  shippingAmount: 999,
  shippingTaxAmount: shippingTax,
  taxAmount: jarTax + tinTax + shippingTax,
  taxRateBasisPoints: 2000,
};
const lines = [
  { position: 1, productTitle: "Resin", variantTitle: "10 g", quantity: 3, unitAmount: 2_499, taxAmount: jarTax },
  { position: 2, productTitle: "Travel Tin", variantTitle: "5 g", quantity: 1, unitAmount: 1_399, taxAmount: tinTax },
].map((line) => ({ ...line, discountAmount: 0, returnedQuantity: 0 }));

/** The order's first line, the three jars. */
function jarLine(): CreditNoteInput["lines"][number] {
  const line = lines[0];
  if (line === undefined) throw new Error("No jar line");
  return line;
}

function note(
  refund: Partial<CreditNoteInput["refund"]>,
  earlier: CreditNoteInput["earlier"] = [],
  order = taxedOrder,
) {
  return creditNoteOf({
    order,
    lines,
    earlier,
    refund: { kind: "return", amount: 0, returned: [], ...refund },
  });
}

describe("a refund's credit note", () => {
  it("is numbered CN-1001 and up", () => {
    expect(formatCreditNoteNumber(1001)).toBe("CN-1001");
  });

  it("credits a whole order as invoiced: every line and the shipping with the invoice's tax", () => {
    const whole = note({ kind: "cancel", amount: taxedOrder.totalAmount });
    expect(whole.lines).toEqual([
      { productTitle: "Resin", variantTitle: "10 g", quantity: 3, amount: 7_497, taxAmount: jarTax },
      { productTitle: "Travel Tin", variantTitle: "5 g", quantity: 1, amount: 1_399, taxAmount: tinTax },
      { productTitle: "Shipping", variantTitle: "", quantity: null, amount: 999, taxAmount: shippingTax },
    ]);
    expect(whole.taxAmount).toBe(taxedOrder.taxAmount);
    expect(netOfCredits(taxedOrder, [{ amount: taxedOrder.totalAmount, taxAmount: whole.taxAmount }])).toEqual({
      amount: 0,
      taxAmount: 0,
    });
  });

  it("credits returned units at their value line by line, the tax per line rounded half up", () => {
    const one = note({ amount: 2_499, returned: [{ position: 1, quantity: 1 }] });
    expect(one.lines).toEqual([
      { productTitle: "Resin", variantTitle: "10 g", quantity: 1, amount: 2_499, taxAmount: 417 }, // 416.5 → 417
    ]);
    expect(one.taxAmount).toBe(417);
  });

  it("credits an amount the owner chose as one line, naming the units that came back", () => {
    const partial = note({ amount: 1_000, returned: [{ position: 2, quantity: 1 }] });
    expect(partial.lines).toEqual([
      {
        productTitle: "Refund for returned items",
        variantTitle: "1 × Travel Tin",
        quantity: null,
        amount: 1_000,
        taxAmount: includedTax(1_000, 2000),
      },
    ]);
  });

  it("gives the note that completes a full refund the rest of the order's tax, so nothing is left", () => {
    const first = note({ amount: 2_499, returned: [{ position: 1, quantity: 1 }] });
    const rest = taxedOrder.totalAmount - 2_499;
    const second = note({ kind: "cancel", amount: rest }, [{ amount: 2_499, taxAmount: first.taxAmount }]);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]).toMatchObject({ productTitle: "Refund on cancellation", amount: rest });
    expect(first.taxAmount + second.taxAmount).toBe(taxedOrder.taxAmount);
    const net = netOfCredits(taxedOrder, [
      { amount: 2_499, taxAmount: first.taxAmount },
      { amount: rest, taxAmount: second.taxAmount },
    ]);
    expect(net).toEqual({ amount: 0, taxAmount: 0 });
  });

  it("carries no tax when the order carried none (not registered, zero rate or prices without tax)", () => {
    const untaxed: CreditedOrder = { ...taxedOrder, taxAmount: 0, shippingTaxAmount: 0, taxRateBasisPoints: null };
    const whole = note({ kind: "cancel", amount: untaxed.totalAmount }, [], untaxed);
    expect(whole.lines.map((line) => line.taxAmount)).toEqual([0, 0, 0]);
    expect(note({ amount: 500 }, [], untaxed).taxAmount).toBe(0);
    const zeroRate = { ...untaxed, taxRateBasisPoints: 0 };
    expect(note({ amount: 500 }, [], zeroRate).taxAmount).toBe(0);
  });

  it("credits a discounted line at what it was paid: the whole line less its offer, a unit at its share", () => {
    // Three jars at £24.99 with "Buy 3, save 15 %" (£11.25 off): £63.72 paid for the line, £21.24 a unit.
    const paid = 3 * 2_499 - 1_125;
    const lineTax = includedTax(paid, 2000);
    const jars = { ...jarLine(), discountAmount: 1_125, taxAmount: lineTax };
    const discounted: CreditNoteInput["lines"] = [jars];
    const order: CreditedOrder = {
      totalAmount: paid,
      shippingAmount: 0,
      shippingTaxAmount: 0,
      taxAmount: lineTax,
      taxRateBasisPoints: 2000,
    };
    const whole = creditNoteOf({
      order,
      lines: discounted,
      earlier: [],
      refund: { kind: "cancel", amount: paid, returned: [] },
    });
    expect(whole.lines).toEqual([
      { productTitle: "Resin", variantTitle: "10 g", quantity: 3, amount: 6_372, taxAmount: lineTax },
    ]);
    // One jar back (the line's returned count already includes it), refunded at its share.
    const one = creditNoteOf({
      order,
      lines: [{ ...jars, returnedQuantity: 1 }],
      earlier: [],
      refund: { kind: "return", amount: 2_124, returned: [{ position: 1, quantity: 1 }] },
    });
    expect(one.lines).toEqual([
      { productTitle: "Resin", variantTitle: "10 g", quantity: 1, amount: 2_124, taxAmount: includedTax(2_124, 2000) },
    ]);
    // The full unit price is not what that jar was paid: such a refund is credited as one amount, not as the jar.
    const tooMuch = creditNoteOf({
      order,
      lines: [{ ...jars, returnedQuantity: 1 }],
      earlier: [],
      refund: { kind: "return", amount: 2_499, returned: [{ position: 1, quantity: 1 }] },
    });
    expect(tooMuch.lines[0]).toMatchObject({ productTitle: "Refund for returned items", amount: 2_499 });
  });
});

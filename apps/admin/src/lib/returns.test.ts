import { describe, expect, it } from "vitest";
import type { MoneyFormat } from "./money.ts";
import { deliveredOrder, orderLine, rupees } from "./order-fixtures.testing.ts";
import { planReturn, suggestedRefund, unitsLeft, unitsOf, type ReturnChoice } from "./returns.ts";

const npr: MoneyFormat = { currency: "NPR", decimalDigits: 2, template: "Rs. $1", symbol: "Rs" };
// Two 20 g jars at Rs. 600 and one 30 g jar at Rs. 450: Rs. 1650 in all.
const order = deliveredOrder([orderLine(1, 60000, 2), orderLine(2, 45000, 1)]);

function choice(changes: Partial<ReturnChoice>): ReturnChoice {
  return { units: {}, amount: "0", restock: true, reason: "", ...changes };
}

describe("units that can come back", () => {
  it("are the line's units less those already back, never below none", () => {
    expect(unitsLeft(orderLine(1, 100, 3))).toBe(3);
    expect(unitsLeft(orderLine(1, 100, 3, 1))).toBe(2);
    expect(unitsLeft(orderLine(1, 100, 3, 3))).toBe(0);
    expect(unitsLeft(orderLine(1, 100, 1, 2))).toBe(0);
  });

  it("reads a units field: empty is none, else a whole number up to what is left", () => {
    const line = orderLine(1, 100, 3, 1);
    expect(unitsOf(line, undefined)).toBe(0);
    expect(unitsOf(line, "")).toBe(0);
    expect(unitsOf(line, " ")).toBe(0);
    expect(unitsOf(line, "0")).toBe(0);
    expect(unitsOf(line, " 2 ")).toBe(2);
    expect(unitsOf(line, "3")).toBeUndefined();
    expect(unitsOf(orderLine(1, 100, 12), "10")).toBe(10);
    expect(unitsOf(orderLine(1, 100, 12), "13")).toBeUndefined();
    for (const text of ["-1", "1.5", "abc", "1e1", "+1"]) expect(unitsOf(line, text), text).toBeUndefined();
  });
});

describe("the refund the chosen units suggest", () => {
  it("is their unit prices times their units", () => {
    expect(suggestedRefund(order, {})).toBe(0);
    expect(suggestedRefund(order, { 1: "1" })).toBe(60000);
    expect(suggestedRefund(order, { 1: "2", 2: "1" })).toBe(165000);
    expect(suggestedRefund(order, { 2: "1" })).toBe(45000);
  });

  it("suggests a discounted line's units at their share of what the line was paid, not their full price", () => {
    // Two jars at Rs. 600 less 10 % (Rs. 120): Rs. 1080 paid, Rs. 540 a jar; one came back before.
    const discounted = deliveredOrder([orderLine(1, 60000, 2, 0, 12000)]);
    expect(suggestedRefund(discounted, { 1: "1" })).toBe(54000);
    expect(suggestedRefund(discounted, { 1: "2" })).toBe(108000);
    const oneBack = deliveredOrder([orderLine(1, 60000, 2, 1, 12000)]);
    expect(suggestedRefund(oneBack, { 1: "1" })).toBe(54000);
  });

  it("leaves out fields that are not a valid count", () => {
    expect(suggestedRefund(order, { 1: "3", 2: "1" })).toBe(45000);
    expect(suggestedRefund(order, { 1: "x" })).toBe(0);
  });

  it("is never more than the order can still give back", () => {
    const partlyRefunded = { ...order, refundable: rupees(100000) };
    expect(suggestedRefund(partlyRefunded, { 1: "2" })).toBe(100000);
    expect(suggestedRefund(partlyRefunded, { 1: "1" })).toBe(60000);
    expect(suggestedRefund({ ...order, refundable: rupees(-5) }, { 1: "1" })).toBe(0);
  });
});

describe("the return the form asks for", () => {
  it("names the lines with units back, the restock, the refund in minor units and the reason", () => {
    expect(
      planReturn(order, choice({ units: { 1: "1", 2: "0" }, amount: "600.50", reason: " Broken lid " }), npr),
    ).toEqual({
      ok: true,
      request: {
        action: "take_return",
        lines: [{ position: 1, quantity: 1 }],
        restock: true,
        refundAmount: 60050,
        reason: "Broken lid",
      },
      units: 1,
      everything: false,
    });
  });

  it("leaves out a blank reason and keeps the restock choice", () => {
    const plan = planReturn(order, choice({ units: { 2: "1" }, amount: "0", restock: false, reason: "  " }), npr);
    expect(plan).toEqual({
      ok: true,
      request: { action: "take_return", lines: [{ position: 2, quantity: 1 }], restock: false, refundAmount: 0 },
      units: 1,
      everything: false,
    });
  });

  it("says when every unit of the order will have come back, counting earlier returns", () => {
    const all = planReturn(order, choice({ units: { 1: "2", 2: "1" } }), npr);
    expect(all.ok && all.units).toBe(3);
    expect(all.ok && all.everything).toBe(true);
    const earlier = deliveredOrder([orderLine(1, 60000, 2, 1), orderLine(2, 45000, 1, 1)]);
    const rest = planReturn(earlier, choice({ units: { 1: "1" } }), npr);
    expect(rest.ok && rest.everything).toBe(true);
    // Each line counts its own units: both units of the first line leave the second one not back.
    const firstLine = planReturn(order, choice({ units: { 1: "2" } }), npr);
    expect(firstLine.ok && firstLine.everything).toBe(false);
    const notYet = planReturn(earlier, choice({ amount: "10" }), npr);
    expect(notYet.ok && notYet.everything).toBe(false);
  });

  it("gives money back without items, up to all that is left to refund", () => {
    const plan = planReturn(order, choice({ amount: "1650" }), npr);
    expect(plan.ok && plan.request).toEqual({ action: "take_return", lines: [], restock: true, refundAmount: 165000 });
    expect(plan.ok && plan.units).toBe(0);
  });

  it("refuses units past what is left, naming the line", () => {
    expect(planReturn(order, choice({ units: { 1: "3" } }), npr)).toEqual({
      ok: false,
      message: "Product 1 (10 g): enter a whole number of units from 0 to 2.",
    });
    expect(planReturn(order, choice({ units: { 2: "-1" } }), npr)).toEqual({
      ok: false,
      message: "Product 2 (20 g): enter a whole number of units from 0 to 1.",
    });
  });

  it("refuses an amount that is not one, or more than can still be refunded", () => {
    expect(planReturn(order, choice({ units: { 1: "1" }, amount: "6OO" }), npr)).toEqual({
      ok: false,
      message: "Enter the amount as a number, e.g. 1200.50 (0 for none).",
    });
    expect(planReturn(order, choice({ units: { 1: "1" }, amount: "1650.01" }), npr)).toEqual({
      ok: false,
      message: "At most Rs. 1650.00 can still be refunded on this order.",
    });
  });

  it("refuses a return with neither units nor money", () => {
    expect(planReturn(order, choice({ units: { 1: "0" }, amount: "0.00" }), npr)).toEqual({
      ok: false,
      message: "Enter the units that came back, or an amount to refund.",
    });
  });
});

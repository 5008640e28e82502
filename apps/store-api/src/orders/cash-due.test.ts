import { describe, expect, it } from "vitest";
import { cashDue } from "./cash-due.ts";

describe("the cash due on delivery", () => {
  it("is the whole total when nothing came back", () => {
    expect(cashDue(375_000, [{ unitAmount: 120_000, quantity: 3, discountAmount: 0, returnedQuantity: 0 }])).toBe(
      375_000,
    );
    expect(cashDue(375_000, [])).toBe(375_000);
  });

  it("leaves out each returned unit at the price it was sold at, and keeps shipping due", () => {
    // Three jars at Rs. 1,200 and Rs. 150 shipping; two came back unpaid.
    expect(cashDue(375_000, [{ unitAmount: 120_000, quantity: 3, discountAmount: 0, returnedQuantity: 2 }])).toBe(
      135_000,
    );
    expect(
      cashDue(200_000, [
        { unitAmount: 65_000, quantity: 1, discountAmount: 0, returnedQuantity: 1 },
        { unitAmount: 120_000, quantity: 1, discountAmount: 0, returnedQuantity: 0 },
      ]),
    ).toBe(135_000);
  });

  it("leaves out a returned unit of a discounted line at its discounted share, never its full price", () => {
    // Two jars at Rs. 1,200 less 10 % (Rs. 240), free shipping: Rs. 2,160 due; one came back.
    expect(cashDue(216_000, [{ unitAmount: 120_000, quantity: 2, discountAmount: 24_000, returnedQuantity: 1 }])).toBe(
      108_000,
    );
  });
});

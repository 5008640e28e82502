import { describe, expect, it } from "vitest";
import { addressShareOfOpenLimit, cashOnDeliveryRefusal, type OpenCounts } from "./cash-on-delivery-limits.ts";

const limits = { openLimit: 3, maxTotal: 2_500_000 };
const none: OpenCounts = { address: 0, phone: 0, email: 0 };
const order = (total: number) => ({ total, totalText: `Rs. ${total / 100}`, maxTotalText: "Rs. 25000.00" });
const waiting = "You already have cash-on-delivery orders waiting for our call to confirm them.";

describe("cashOnDeliveryRefusal", () => {
  it("lets an order up to the ceiling through, and refuses one above it naming both amounts", () => {
    expect(cashOnDeliveryRefusal(order(2_500_000), none, limits)).toBeUndefined();
    expect(cashOnDeliveryRefusal(order(2_500_001), none, limits)).toBe(
      "Cash on delivery takes orders of up to Rs. 25000.00; this one is Rs. 25000.01. Please pay online, or split the order.",
    );
  });

  it("refuses once the phone or the email already holds the limit, and not one order before", () => {
    for (const key of ["phone", "email"] as const) {
      expect(cashOnDeliveryRefusal(order(100), { ...none, [key]: 2 }, limits)).toBeUndefined();
      expect(cashOnDeliveryRefusal(order(100), { ...none, [key]: 3 }, limits)).toContain(waiting);
      expect(cashOnDeliveryRefusal(order(100), { ...none, [key]: 4 }, limits)).toContain(waiting);
    }
  });

  it("lets one shared address hold ten times a person's limit, and then offers paying online", () => {
    expect(addressShareOfOpenLimit).toBe(10);
    expect(cashOnDeliveryRefusal(order(100), { ...none, address: 29 }, limits)).toBeUndefined();
    for (const address of [30, 31]) {
      const refusal = cashOnDeliveryRefusal(order(100), { ...none, address }, limits);
      expect(refusal).toBe(
        "Many cash-on-delivery orders from your internet connection are waiting for our call to confirm them. Please pay online, or try cash on delivery again later.",
      );
    }
  });

  it("names the ceiling first when both apply", () => {
    expect(cashOnDeliveryRefusal(order(9_000_000), { address: 5, phone: 5, email: 5 }, limits)).toMatch(
      /^Cash on delivery takes orders of up to/,
    );
  });

  it("treats 0 as no limit and no ceiling", () => {
    const off = { openLimit: 0, maxTotal: 0 };
    expect(cashOnDeliveryRefusal(order(900_000_000), { address: 99, phone: 99, email: 99 }, off)).toBeUndefined();
    expect(cashOnDeliveryRefusal(order(900_000_000), none, { ...limits, maxTotal: 0 })).toBeUndefined();
    expect(cashOnDeliveryRefusal(order(1), { ...none, phone: 99 }, { ...limits, openLimit: 0 })).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { canApply, deltaOf, entriesOf, planStock, StockShortage, type StockEntry } from "./ledger.ts";

describe("the stock ledger's rules", () => {
  it("says how each kind of entry changes units on hand and reserved", () => {
    expect(deltaOf({ kind: "reserve", quantity: 3 })).toEqual({ onHand: 0, reserved: 3 });
    expect(deltaOf({ kind: "release", quantity: 3 })).toEqual({ onHand: 0, reserved: -3 });
    expect(deltaOf({ kind: "sell", quantity: 3 })).toEqual({ onHand: -3, reserved: -3 });
    expect(deltaOf({ kind: "restock", quantity: 3 })).toEqual({ onHand: 3, reserved: 0 });
    expect(deltaOf({ kind: "adjust", quantity: -2 })).toEqual({ onHand: -2, reserved: 0 });
  });

  it("merges entries per variant, in variant id order, leaving out what nets to nothing", () => {
    const entries: StockEntry[] = [
      { kind: "reserve", variantId: "var_c", quantity: 2 },
      { kind: "release", variantId: "var_a", quantity: 1 },
      { kind: "reserve", variantId: "var_b", quantity: 4 },
      { kind: "release", variantId: "var_b", quantity: 4 },
      { kind: "sell", variantId: "var_a", quantity: 5 },
      { kind: "reserve", variantId: "var_c", quantity: 1 },
    ];
    expect(planStock(entries)).toEqual([
      { variantId: "var_a", onHand: -5, reserved: -6, adjusts: false },
      { variantId: "var_c", onHand: 0, reserved: 3, adjusts: false },
    ]);
  });

  it("keeps a variant whose on-hand units change even when its reservation does not, and the reverse", () => {
    expect(planStock([{ kind: "restock", variantId: "var_a", quantity: 2 }])).toEqual([
      { variantId: "var_a", onHand: 2, reserved: 0, adjusts: false },
    ]);
    expect(planStock([{ kind: "release", variantId: "var_a", quantity: 2 }])).toEqual([
      { variantId: "var_a", onHand: 0, reserved: -2, adjusts: false },
    ]);
  });

  it("sorts ids by code unit, the same order for every transaction", () => {
    const ids = ["var_b", "var_B", "var_a", "var_10", "var_9"];
    const plan = planStock(ids.map((variantId) => ({ kind: "reserve" as const, variantId, quantity: 1 })));
    expect(plan.map((change) => change.variantId)).toEqual(["var_10", "var_9", "var_B", "var_a", "var_b"]);
    const again = planStock(
      [...ids].reverse().map((variantId) => ({ kind: "reserve" as const, variantId, quantity: 1 })),
    );
    expect(again.map((change) => change.variantId)).toEqual(plan.map((change) => change.variantId));
  });

  it("marks a change that holds an owner's adjustment, which needs a variant that tracks stock", () => {
    const plan = planStock([
      { kind: "adjust", variantId: "var_a", quantity: 5 },
      { kind: "reserve", variantId: "var_a", quantity: 1 },
      { kind: "reserve", variantId: "var_b", quantity: 1 },
    ]);
    expect(plan).toEqual([
      { variantId: "var_a", onHand: 5, reserved: 1, adjusts: true },
      { variantId: "var_b", onHand: 0, reserved: 1, adjusts: false },
    ]);
  });

  it("lets stock take a change only when nothing goes below zero and reserved stays within on hand", () => {
    expect(canApply({ onHand: 5, reserved: 2 }, { onHand: 0, reserved: 3 })).toBe(true);
    expect(canApply({ onHand: 5, reserved: 2 }, { onHand: 0, reserved: 4 })).toBe(false);
    expect(canApply({ onHand: 5, reserved: 2 }, { onHand: 0, reserved: -2 })).toBe(true);
    expect(canApply({ onHand: 5, reserved: 2 }, { onHand: 0, reserved: -3 })).toBe(false);
    expect(canApply({ onHand: 5, reserved: 2 }, { onHand: -3, reserved: 0 })).toBe(true);
    expect(canApply({ onHand: 5, reserved: 2 }, { onHand: -4, reserved: 0 })).toBe(false);
    expect(canApply({ onHand: 5, reserved: 5 }, { onHand: -5, reserved: -5 })).toBe(true);
  });

  it("makes entries of one kind from order or checkout lines", () => {
    expect(
      entriesOf("sell", [
        { variantId: "var_a", quantity: 2 },
        { variantId: "var_b", quantity: 1 },
      ]),
    ).toEqual([
      { kind: "sell", variantId: "var_a", quantity: 2 },
      { kind: "sell", variantId: "var_b", quantity: 1 },
    ]);
  });

  it("names the variant and the change it could not take", () => {
    const shortage = new StockShortage(
      "var_a",
      { onHand: 1, reserved: 1, tracked: true },
      {
        variantId: "var_a",
        onHand: 0,
        reserved: 2,
        adjusts: false,
      },
    );
    expect(shortage).toMatchObject({ name: "StockShortage", variantId: "var_a" });
    expect(shortage.message).toBe("Stock of var_a cannot change by 0 on hand, 2 reserved");
  });
});

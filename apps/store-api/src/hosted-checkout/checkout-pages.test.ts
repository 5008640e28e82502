import { describe, expect, it } from "vitest";
import type { PaymentSection } from "../pages/kit.ts";
import { quickFirst } from "./checkout-pages.ts";

const section = (id: string, typed: boolean): { id: string; section: PaymentSection } => ({
  id,
  section: {
    id,
    heading: id,
    paragraphs: [],
    button: ["Pay"],
    ...(typed ? { fields: [{ id: `${id}-number`, name: "number", label: "Number", maxLength: 19 }] } : {}),
  },
});

describe("the order of the ways to pay", () => {
  it("puts those that need no typing before card forms, each group in the shop's order", () => {
    const offered = [
      section("card", true),
      section("cod", false),
      section("other-card", true),
      section("khalti", false),
    ];
    expect(quickFirst(offered).map((entry) => entry.id)).toEqual(["cod", "khalti", "card", "other-card"]);
  });

  it("keeps the shop's order when every way is alike", () => {
    expect(quickFirst([section("stripe", false), section("cod", false)]).map((entry) => entry.id)).toEqual([
      "stripe",
      "cod",
    ]);
  });
});

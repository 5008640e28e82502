import type { ProductFacts } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import {
  canAddAmount,
  emptyAmount,
  factsDraftOf,
  factsErrorKey,
  factsFieldOfRefusal,
  readFactsDraft,
  type FactsDraft,
} from "./product-facts.ts";

const saved: ProductFacts = {
  servingSize: "300 mg (about a pea-sized amount)",
  servingsPerContainer: null,
  amounts: [{ name: "Shilajit resin, purified", amount: "300 mg", dailyValue: null }],
  ingredients: null,
  warnings: ["Keep out of reach of children.", "Not for use during pregnancy."],
};

describe("the supplement-facts form", () => {
  it("opens on the saved panel, empty texts for what it lacks and the warnings one a line", () => {
    expect(factsDraftOf(saved)).toEqual({
      servingSize: "300 mg (about a pea-sized amount)",
      servingsPerContainer: "",
      amounts: [{ name: "Shilajit resin, purified", amount: "300 mg", dailyValue: "" }],
      ingredients: "",
      warnings: "Keep out of reach of children.\nNot for use during pregnancy.",
    });
    expect(factsDraftOf({ ...saved, servingsPerContainer: "About 33", ingredients: "Resin.", amounts: [] })).toEqual({
      servingSize: saved.servingSize,
      servingsPerContainer: "About 33",
      amounts: [],
      ingredients: "Resin.",
      warnings: "Keep out of reach of children.\nNot for use during pregnancy.",
    });
  });

  it("opens empty for a product without a panel", () => {
    expect(factsDraftOf(null)).toEqual({
      servingSize: "",
      servingsPerContainer: "",
      amounts: [],
      ingredients: "",
      warnings: "",
    });
    expect(emptyAmount).toEqual({ name: "", amount: "", dailyValue: "" });
  });

  it("reads the panel back as it was saved", () => {
    expect(readFactsDraft(factsDraftOf(saved))).toEqual({ ok: true, value: saved });
  });

  it("reads the warnings one a line, leaving out empty lines, and trims every text", () => {
    const draft: FactsDraft = {
      ...factsDraftOf(saved),
      amounts: [{ name: " Resin ", amount: "1 g", dailyValue: " † " }],
      warnings: "\n Keep cool. \r\n\n",
    };
    expect(readFactsDraft(draft)).toEqual({
      ok: true,
      value: { ...saved, amounts: [{ name: "Resin", amount: "1 g", dailyValue: "†" }], warnings: ["Keep cool."] },
    });
  });

  it("shows each problem on its field and each row's on that row; a row left empty is refused too", () => {
    const draft: FactsDraft = {
      servingSize: "",
      servingsPerContainer: "x".repeat(121),
      amounts: [{ name: "Resin", amount: "", dailyValue: "" }, emptyAmount],
      ingredients: "",
      warnings: `Fine.\n${"w".repeat(401)}\n${"v".repeat(402)}`,
    };
    expect(readFactsDraft(draft)).toEqual({
      ok: false,
      errors: {
        servingSize: "The serving size is needed",
        servingsPerContainer: "Servings per container must be at most 120 characters, not 121",
        "amounts.0.amount": "Amount 1's amount is needed",
        "amounts.1.name": "Amount 2's name is needed",
        "amounts.1.amount": "Amount 2's amount is needed",
        // Only the first problem of the warnings' box.
        warnings: "Warning 2 must be at most 400 characters, not 401",
      },
    });
  });

  it("keeps a problem of the rows as a whole on the rows", () => {
    const row = { name: "Resin", amount: "1 g", dailyValue: "" };
    const reading = readFactsDraft({ ...factsDraftOf(saved), amounts: Array.from({ length: 21 }, () => row) });
    expect(reading).toEqual({ ok: false, errors: { amounts: "The panel may list at most 20 amounts, not 21" } });
  });

  it("puts the store API's refusal on the field it names", () => {
    expect(factsFieldOfRefusal("body.facts.servingSize")).toBe("servingSize");
    expect(factsFieldOfRefusal("body.facts.amounts.3.name")).toBe("amounts.3.name");
    expect(factsFieldOfRefusal("body.facts.warnings.4")).toBe("warnings");
    expect(factsFieldOfRefusal("body.version")).toBeUndefined();
    expect(factsFieldOfRefusal("facts.servingSize")).toBeUndefined();
    expect(factsFieldOfRefusal(undefined)).toBeUndefined();
    expect(factsErrorKey("warnings")).toBe("warnings");
    expect(factsErrorKey("warningsX")).toBe("warningsX");
  });

  it("adds rows up to 20", () => {
    const draft = factsDraftOf(null);
    expect(canAddAmount({ ...draft, amounts: Array.from({ length: 19 }, () => emptyAmount) })).toBe(true);
    expect(canAddAmount({ ...draft, amounts: Array.from({ length: 20 }, () => emptyAmount) })).toBe(false);
  });
});

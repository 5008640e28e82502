import { describe, expect, it } from "vitest";
import { parseProductFacts, productFactsLimits, warningsOfLines, type ProductFacts } from "./product-facts.ts";

/** The flagship resin's panel, as the owner would type it. */
const resin: ProductFacts = {
  servingSize: "300 mg (about a pea-sized amount)",
  servingsPerContainer: "About 33 in a 10 g jar",
  amounts: [{ name: "Shilajit resin, purified", amount: "300 mg", dailyValue: "†" }],
  ingredients: "Purified Himalayan shilajit resin. No fillers or additives.",
  warnings: ["Keep out of reach of children."],
};

function problemsOf(facts: ProductFacts) {
  const parsed = parseProductFacts(facts);
  return parsed.ok ? [] : parsed.problems;
}

describe("a product's supplement facts", () => {
  it("takes a whole panel as typed", () => {
    expect(parseProductFacts(resin)).toEqual({ ok: true, value: resin });
  });

  it("trims every field, and reads an empty optional one as none", () => {
    const parsed = parseProductFacts({
      servingSize: "  1 g  ",
      servingsPerContainer: "   ",
      amounts: [{ name: " Fulvic acid ", amount: "\t60 mg ", dailyValue: "  " }],
      ingredients: " \n ",
      warnings: ["  Keep cool.  "],
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        servingSize: "1 g",
        servingsPerContainer: null,
        amounts: [{ name: "Fulvic acid", amount: "60 mg", dailyValue: null }],
        ingredients: null,
        warnings: ["Keep cool."],
      },
    });
    expect(parseProductFacts({ ...resin, servingsPerContainer: null, ingredients: null })).toEqual({
      ok: true,
      value: { ...resin, servingsPerContainer: null, ingredients: null },
    });
  });

  it("takes a panel with no amounts and no warnings", () => {
    const bare = { ...resin, amounts: [], warnings: [] };
    expect(parseProductFacts(bare)).toEqual({ ok: true, value: bare });
  });

  it("keeps line breaks in the ingredients only, as \\n", () => {
    expect(parseProductFacts({ ...resin, ingredients: "Shilajit resin.\r\nNo fillers.\rNo additives.\n" })).toEqual({
      ok: true,
      value: { ...resin, ingredients: "Shilajit resin.\nNo fillers.\nNo additives." },
    });
    expect(problemsOf({ ...resin, servingSize: "300 mg\nabout a pea" })).toEqual([
      { field: "servingSize", message: "The serving size must not contain control characters or line breaks" },
    ]);
    expect(problemsOf({ ...resin, warnings: ["Keep cool.\r\nKeep dry."] })).toEqual([
      { field: "warnings.0", message: "Warning 1 must not contain control characters or line breaks" },
    ]);
  });

  it("refuses control characters in every field, naming it", () => {
    const nul = "\u0000";
    expect(
      problemsOf({
        servingSize: `300${nul} mg`,
        servingsPerContainer: "About\u001b 33",
        amounts: [{ name: "Resin\u0007", amount: "300\tmg", dailyValue: "\u007f" }],
        ingredients: `Resin.${nul}`,
        warnings: ["Fine.", "Bell\u0085"],
      }),
    ).toEqual([
      { field: "servingSize", message: "The serving size must not contain control characters or line breaks" },
      {
        field: "servingsPerContainer",
        message: "Servings per container must not contain control characters or line breaks",
      },
      { field: "amounts.0.name", message: "Amount 1's name must not contain control characters or line breaks" },
      { field: "amounts.0.amount", message: "Amount 1's amount must not contain control characters or line breaks" },
      {
        field: "amounts.0.dailyValue",
        message: "Amount 1's daily value must not contain control characters or line breaks",
      },
      { field: "ingredients", message: "The ingredients must not contain control characters other than line breaks" },
      { field: "warnings.1", message: "Warning 2 must not contain control characters or line breaks" },
    ]);
    // A tab or a form feed is no line break, in the ingredients either.
    for (const character of ["\t", "\f", "\v", nul]) {
      expect(problemsOf({ ...resin, ingredients: `Resin${character}water` }), JSON.stringify(character)).toEqual([
        { field: "ingredients", message: "The ingredients must not contain control characters other than line breaks" },
      ]);
    }
  });

  it("takes text that looks like markup as plain text, for the pages to escape", () => {
    const markup = { ...resin, ingredients: "<script>alert(1)</script> & <b>resin</b>", warnings: ['"<img>"'] };
    expect(parseProductFacts(markup)).toEqual({ ok: true, value: markup });
  });

  it("needs a serving size, and a name and an amount on every row", () => {
    expect(
      problemsOf({
        ...resin,
        servingSize: " ",
        amounts: [
          { name: "Resin", amount: "300 mg", dailyValue: null },
          { name: "", amount: " ", dailyValue: "†" },
        ],
        warnings: ["Fine.", "  "],
      }),
    ).toEqual([
      { field: "servingSize", message: "The serving size is needed" },
      { field: "amounts.1.name", message: "Amount 2's name is needed" },
      { field: "amounts.1.amount", message: "Amount 2's amount is needed" },
      { field: "warnings.1", message: "Warning 2 is needed" },
    ]);
  });

  it("holds each field to its length, counting characters rather than bytes", () => {
    const limits = productFactsLimits;
    expect(limits).toEqual({
      servingSize: 80,
      servingsPerContainer: 120,
      amounts: 20,
      amountName: 60,
      amountValue: 30,
      dailyValue: 20,
      ingredients: 600,
      warnings: 10,
      warning: 400,
    });
    const longest: ProductFacts = {
      servingSize: "s".repeat(80),
      servingsPerContainer: "é".repeat(120),
      amounts: [{ name: "न".repeat(60), amount: "a".repeat(30), dailyValue: "†".repeat(20) }],
      ingredients: `${"i".repeat(299)}\n${"i".repeat(300)}`,
      warnings: ["w".repeat(400)],
    };
    expect(parseProductFacts(longest)).toEqual({ ok: true, value: longest });
    expect(
      problemsOf({
        servingSize: "s".repeat(81),
        servingsPerContainer: "é".repeat(121),
        amounts: [{ name: "न".repeat(61), amount: "a".repeat(31), dailyValue: "†".repeat(21) }],
        ingredients: "i".repeat(601),
        warnings: ["w".repeat(401)],
      }),
    ).toEqual([
      { field: "servingSize", message: "The serving size must be at most 80 characters, not 81" },
      { field: "servingsPerContainer", message: "Servings per container must be at most 120 characters, not 121" },
      { field: "amounts.0.name", message: "Amount 1's name must be at most 60 characters, not 61" },
      { field: "amounts.0.amount", message: "Amount 1's amount must be at most 30 characters, not 31" },
      { field: "amounts.0.dailyValue", message: "Amount 1's daily value must be at most 20 characters, not 21" },
      { field: "ingredients", message: "The ingredients must be at most 600 characters, not 601" },
      { field: "warnings.0", message: "Warning 1 must be at most 400 characters, not 401" },
    ]);
    // Spaces trimmed away do not count.
    expect(parseProductFacts({ ...resin, servingSize: ` ${"s".repeat(80)} ` }).ok).toBe(true);
  });

  it("takes at most 20 amounts and 10 warnings", () => {
    const row = { name: "Resin", amount: "1 mg", dailyValue: null };
    const full = { ...resin, amounts: Array.from({ length: 20 }, () => row), warnings: Array(10).fill("Care.") };
    expect(parseProductFacts(full).ok).toBe(true);
    expect(problemsOf({ ...full, amounts: [...full.amounts, row], warnings: [...full.warnings, "One more."] })).toEqual(
      [
        { field: "amounts", message: "The panel may list at most 20 amounts, not 21" },
        { field: "warnings", message: "The panel may list at most 10 warnings, not 11" },
      ],
    );
  });
});

describe("the warnings field of the back office's form", () => {
  it("reads one warning a line, trimmed, whatever the line breaks, leaving out empty lines", () => {
    expect(warningsOfLines("  Keep cool. \r\n\r\nKeep dry.\rNot for children.\n\n")).toEqual([
      "Keep cool.",
      "Keep dry.",
      "Not for children.",
    ]);
    expect(warningsOfLines("")).toEqual([]);
    expect(warningsOfLines(" \n\t\n")).toEqual([]);
  });
});

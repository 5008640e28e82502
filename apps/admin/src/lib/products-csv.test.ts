import type { AdminProductImportResult } from "@herbo/hosted-api/admin";
import { describe, expect, it } from "vitest";
import {
  describeImportItem,
  describeImportProblem,
  importFileRefusal,
  importSummary,
  refusedHeading,
  unlistedProblems,
  unlistedRefusals,
} from "./products-csv.ts";

const result = (changes: Partial<AdminProductImportResult> = {}): AdminProductImportResult => ({
  applied: false,
  products: { create: 0, update: 0 },
  variants: { create: 0, update: 0 },
  items: [],
  problems: [],
  problemCount: 0,
  refused: [],
  refusedCount: 0,
  ...changes,
});

describe("importing products from a CSV file", () => {
  it("refuses an empty file and one beyond 2 MB before reading it", () => {
    expect(importFileRefusal({ size: 0 })).toBe("That file is empty. Choose a CSV file exported from a shop.");
    expect(importFileRefusal({ size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(importFileRefusal({ size: 2 * 1024 * 1024 + 1 })).toBe(
      "That file is larger than 2 MB. Split it into smaller files and import them one by one.",
    );
  });

  it("sums up what a check found and what an import did", () => {
    const counts = { products: { create: 1, update: 2 }, variants: { create: 3, update: 0 } };
    expect(importSummary(result(counts))).toBe("1 product to create, 2 to change; 3 variants to create, 0 to change.");
    expect(importSummary(result({ ...counts, applied: true }))).toBe(
      "Imported: 1 product created, 2 changed; 3 variants created, 0 changed.",
    );
    expect(importSummary(result())).toBe("This file changes nothing.");
    expect(importSummary(result({ applied: true }))).toBe(
      "Imported: the file matched the catalogue, so nothing changed.",
    );
  });

  it("names each problem's line and column, and each change", () => {
    expect(describeImportProblem({ line: 4, column: "price_USD", message: "USD has 2 decimals, not more" })).toBe(
      "Line 4, price_USD: USD has 2 decimals, not more",
    );
    expect(describeImportProblem({ line: 1, column: null, message: "The column sku is missing" })).toBe(
      "Line 1: The column sku is missing",
    );
    expect(
      describeImportItem({
        line: 3,
        kind: "variant",
        action: "update",
        title: "Tin · 5 g",
        changes: ["SKU", "Prices"],
      }),
    ).toBe("Line 3: change the variant Tin · 5 g (SKU, Prices)");
    expect(describeImportItem({ line: 2, kind: "product", action: "create", title: "Honey", changes: [] })).toBe(
      "Line 2: add the product Honey",
    );
  });

  it("says how many problems the answer left out", () => {
    const problem = { line: 2, column: null, message: "x" };
    expect(unlistedProblems(result({ problems: [problem], problemCount: 1 }))).toBeUndefined();
    expect(unlistedProblems(result({ problems: [problem], problemCount: 2 }))).toBe("…and 1 more problem.");
    expect(unlistedProblems(result({ problems: [problem], problemCount: 5 }))).toBe("…and 4 more problems.");
  });

  it("heads the lines left out because the back office changed them since the export, before and after importing", () => {
    const first = { line: 4, column: null, message: "Jar, 20 g was changed (price in USD)." };
    const refused = [first];
    expect(refusedHeading(result({ refused, refusedCount: 1 }))).toBe(
      "1 line will not be imported: it was changed in the back office after this file was exported.",
    );
    expect(refusedHeading(result({ applied: true, refused, refusedCount: 3 }))).toBe(
      "3 lines were not imported: they were changed in the back office after this file was exported.",
    );
    expect(unlistedRefusals(result({ refused, refusedCount: 1 }))).toBeUndefined();
    expect(unlistedRefusals(result({ refused, refusedCount: 202 }))).toBe("…and 201 more lines.");
    expect(describeImportProblem(first)).toBe("Line 4: Jar, 20 g was changed (price in USD).");
  });
});

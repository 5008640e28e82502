import { describe, expect, it } from "vitest";
import {
  batchesEntity,
  changedProductFields,
  describeBatchChange,
  describeFactsChange,
  describeVariantChange,
  factsEntity,
  isProductStatus,
  productIdFor,
  storedRelated,
  storedSections,
  styleOptions,
  variantSelectionOf,
} from "./product-fields.ts";

describe("a new product's id", () => {
  it("is made from its title: lower case, accents dropped, words joined by underscores", () => {
    expect(productIdFor("Mountain Honey Jar", new Set())).toBe("prod_mountain_honey_jar");
    expect(productIdFor("  Śilājit — 50 g!  ", new Set())).toBe("prod_silajit_50_g");
    expect(productIdFor("शिलाजीत", new Set())).toBe("prod_item");
  });
  it("is at most 60 characters of words, never ending in an underscore", () => {
    const id = productIdFor(`${"a".repeat(59)} b`, new Set());
    expect(id).toBe(`prod_${"a".repeat(59)}`);
  });
  it("gets the next free number when taken", () => {
    expect(productIdFor("Jar", new Set(["prod_jar"]))).toBe("prod_jar_2");
    expect(productIdFor("Jar", new Set(["prod_jar", "prod_jar_2", "prod_jar_3"]))).toBe("prod_jar_4");
    expect(productIdFor("Jar", new Set(["prod_jar_2"]))).toBe("prod_jar");
  });
});

describe("the history's words", () => {
  it("says whether the supplement facts were added, changed or removed", () => {
    const panel = { servingSize: "300 mg" };
    expect(factsEntity).toBe("product_facts");
    expect(describeFactsChange({ facts: null }, { facts: panel })).toBe("Supplement facts added");
    expect(describeFactsChange({ facts: panel }, { facts: { servingSize: "1 g" } })).toBe("Supplement facts");
    expect(describeFactsChange({ facts: panel }, { facts: null })).toBe("Supplement facts removed");
    expect(describeFactsChange({}, {})).toBe("Supplement facts removed");
    // A change recorded without the field before (none) reads as the panel added.
    expect(describeFactsChange({}, { facts: panel })).toBe("Supplement facts added");
  });

  it("says which batch was added, or which one became current again", () => {
    expect(batchesEntity).toBe("product_batches");
    expect(describeBatchChange({ added: { lot: "HS-2611" }, current: "HS-2611" })).toBe(
      "Batch HS-2611 added, now current",
    );
    expect(describeBatchChange({ current: "HS-2604" })).toBe("Current batch: HS-2604");
    expect(describeBatchChange({ current: null })).toBe("Current batch: none");
  });

  it("names the product fields that changed, in the form's order", () => {
    expect(
      changedProductFields({ title: "A", sortOrder: 1, sections: [] }, { title: "B", sortOrder: 1, sections: [] }),
    ).toEqual(["Title"]);
    expect(
      changedProductFields(
        { status: "draft", relatedProductIds: ["a"], purchasable: true },
        { status: "published", relatedProductIds: ["b"], purchasable: false },
      ),
    ).toEqual(["For sale", "Status", "Related products"]);
    expect(changedProductFields({ sections: [{ title: "A", descriptionHtml: "" }] }, { sections: [] })).toEqual([
      "Sections",
    ]);
    expect(changedProductFields({ title: "A" }, { title: "A" })).toEqual([]);
  });
  it("says which variant fields changed, or that a variant was added", () => {
    const variant = { title: "10 g", sku: "A", gtin: null, mpn: null, weight: 0.1, manageInventory: true };
    expect(describeVariantChange(null, variant)).toBe("Variant 10 g added");
    expect(describeVariantChange(variant, { ...variant, sku: "B", weight: 0.2 })).toBe("Variant 10 g: SKU, weight");
    expect(describeVariantChange(variant, { ...variant, gtin: "96385074", mpn: "HS-10" })).toBe(
      "Variant 10 g: GTIN, MPN",
    );
    // A change saved before variants had identifiers holds neither, before or after: that is no change of them.
    const { gtin: _gtin, mpn: _mpn, ...older } = variant;
    expect(describeVariantChange(older, { ...older, title: "10 g jar" } as typeof variant)).toBe(
      "Variant 10 g jar: title",
    );
    expect(describeVariantChange(variant, { ...variant, manageInventory: false, title: "20 g" })).toBe(
      "Variant 20 g: title, stock counting",
    );
    expect(describeVariantChange(variant, variant)).toBe("Variant 10 g: no change");
  });
});

describe("what the catalogue stores", () => {
  it("gives a product of two or more variants one Style option whose values are their titles", () => {
    expect(styleOptions("prod_a", [{ id: "v1", title: "10 g" }])).toEqual([]);
    expect(
      styleOptions("prod_a", [
        { id: "v1", title: "10 g" },
        { id: "v2", title: "20 g" },
      ]),
    ).toEqual([
      {
        id: "opt_prod_a_style",
        title: "Style",
        values: [
          { id: "optval_v1", option_id: "opt_prod_a_style", variant_id: "v1", value: "10 g" },
          { id: "optval_v2", option_id: "opt_prod_a_style", variant_id: "v2", value: "20 g" },
        ],
      },
    ]);
  });
  it("numbers sections and related products from 1 in the order given", () => {
    expect(
      storedSections("prod_a", [
        { title: "Use", descriptionHtml: "<p>u</p>" },
        { title: "Keep", descriptionHtml: "<p>k</p>" },
      ]),
    ).toEqual([
      { id: "info_prod_a_1", order: 1, title: "Use", description: "<p>u</p>" },
      { id: "info_prod_a_2", order: 2, title: "Keep", description: "<p>k</p>" },
    ]);
    expect(storedRelated("prod_a", ["prod_b", "prod_c"])).toEqual([
      {
        id: "rel_prod_a_prod_b",
        section_title: "You may also like",
        related_type: "product",
        related_id: "prod_b",
        position: 1,
      },
      {
        id: "rel_prod_a_prod_c",
        section_title: "You may also like",
        related_type: "product",
        related_id: "prod_c",
        position: 2,
      },
    ]);
  });
  it("knows the three statuses and two variant rules, and nothing else", () => {
    expect(["draft", "published", "archived", "deleted", ""].map(isProductStatus)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(["first_variant", "lowest_price_first", "cheapest", null].map(variantSelectionOf)).toEqual([
      "first_variant",
      "lowest_price_first",
      null,
      null,
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  identifierError,
  parseSortOrder,
  productFieldsOf,
  productStatusHelp,
  productStatusLabels,
  variantSelectionLabels,
  parseWeight,
  productListQuery,
  productStatusTone,
  variantFieldsOf,
  variantSelectionOf,
} from "./products.ts";

describe("the product editor's fields", () => {
  it("edits and sends only the product's own fields, none of what the page shows beside them", () => {
    const fields = {
      title: "Resin",
      subtitle: null,
      ribbonText: "Best value",
      descriptionHtml: "<p>Pure.</p>",
      sections: [{ title: "How to use", descriptionHtml: "<p>Warm water.</p>" }],
      purchasable: true,
      variantSelection: null,
      sortOrder: 2,
      status: "draft" as const,
      relatedProductIds: ["prod_2"],
    };
    const product = { ...fields, id: "prod_1", version: 3, variants: [], otherProducts: [], history: [] };
    expect(productFieldsOf(product)).toEqual(fields);
  });
  it("reads the order in the store as a whole number from 0", () => {
    expect(parseSortOrder(" 7 ")).toEqual({ ok: true, value: 7 });
    expect(parseSortOrder("0")).toEqual({ ok: true, value: 0 });
    expect(parseSortOrder("120")).toEqual({ ok: true, value: 120 });
    expect(parseSortOrder("999999")).toEqual({ ok: true, value: 999999 });
    expect(parseSortOrder("x")).toEqual({ ok: false, message: "The order in the store is a whole number, 0 or more." });
    for (const text of ["", "-1", "1.5", "abc", "1234567"]) expect(parseSortOrder(text).ok, text).toBe(false);
  });
  it("reads a weight in kilograms with a point or a comma; empty is unknown", () => {
    expect(parseWeight("0.06")).toEqual({ ok: true, value: 0.06 });
    expect(parseWeight("0,5")).toEqual({ ok: true, value: 0.5 });
    expect(parseWeight(" ")).toEqual({ ok: true, value: null });
    expect(parseWeight("1000")).toEqual({ ok: true, value: 1000 });
    for (const text of ["-1", "60 g", "0.0001", "1001", "1e3"]) expect(parseWeight(text).ok, text).toBe(false);
    expect(parseWeight("60 g")).toEqual({
      ok: false,
      message: "Weigh it in kilograms, e.g. 0.06 for 60 g (up to 3 decimals).",
    });
    expect(parseWeight("1000.5")).toEqual({ ok: false, message: "A parcel weighs at most 1000 kg." });
  });
  it("reads a variant's form, with an empty SKU, GTIN and MPN as none and the checkbox as stock counting", () => {
    const form: Record<string, string> = {
      title: " 20 g ",
      sku: " ",
      gtin: " ",
      mpn: "",
      weight: "0.08",
      manageInventory: "on",
    };
    expect(variantFieldsOf((name) => form[name] ?? null)).toEqual({
      ok: true,
      value: { title: "20 g", sku: null, gtin: null, mpn: null, weight: 0.08, manageInventory: true },
    });
    expect(variantFieldsOf((name) => ({ title: "Kit", sku: "HS-KIT" })[name] ?? null)).toEqual({
      ok: true,
      value: { title: "Kit", sku: "HS-KIT", gtin: null, mpn: null, weight: null, manageInventory: false },
    });
    expect(variantFieldsOf(() => null)).toEqual({
      ok: false,
      message: "Give the variant a title, e.g. 20 g.",
      fieldErrors: {},
    });
    expect(variantFieldsOf((name) => ({ title: "Kit", weight: "heavy" })[name] ?? null)).toEqual({
      ok: false,
      message: "Weigh it in kilograms, e.g. 0.06 for 60 g (up to 3 decimals).",
      fieldErrors: {},
    });
  });

  it("reads a GTIN and an MPN by the contract's rules, as the store API does", () => {
    const form: Record<string, string> = { title: "20 g", gtin: " 4006381-333931 ", mpn: "  HS-RESIN-20 " };
    expect(variantFieldsOf((name) => form[name] ?? null)).toEqual({
      ok: true,
      value: {
        title: "20 g",
        sku: null,
        gtin: "4006381333931",
        mpn: "HS-RESIN-20",
        weight: null,
        manageInventory: false,
      },
    });
    const upc = { title: "20 g", gtin: "036000291452" };
    expect(variantFieldsOf((name) => upc[name as keyof typeof upc] ?? null)).toMatchObject({
      ok: true,
      value: { gtin: "036000291452", mpn: null },
    });
  });

  it("puts each identifier's problem on its own field, both at once, beside a title or weight problem", () => {
    const wrong: Record<string, string> = { title: "20 g", gtin: "4006381333932", mpn: "HS\nRESIN" };
    expect(variantFieldsOf((name) => wrong[name] ?? null)).toEqual({
      ok: false,
      message: undefined,
      fieldErrors: {
        gtin: "This GTIN's last digit does not match its check digit (expected 1)",
        mpn: "An MPN must not contain line breaks or other control characters",
      },
    });
    const short: Record<string, string> = { title: "20 g", gtin: "4006381", mpn: "x".repeat(71) };
    expect(variantFieldsOf((name) => short[name] ?? null)).toEqual({
      ok: false,
      message: undefined,
      fieldErrors: {
        gtin: "A GTIN has 8, 12, 13 or 14 digits; this one has 7",
        mpn: "An MPN has at most 70 characters; this one has 71",
      },
    });
    expect(variantFieldsOf((name) => ({ title: "20 g", mpn: "x".repeat(71) })[name] ?? null)).toEqual({
      ok: false,
      message: undefined,
      fieldErrors: { mpn: "An MPN has at most 70 characters; this one has 71" },
    });
    expect(variantFieldsOf((name) => ({ title: " ", gtin: "12345" })[name] ?? null)).toEqual({
      ok: false,
      message: "Give the variant a title, e.g. 20 g.",
      fieldErrors: { gtin: "A GTIN has 8, 12, 13 or 14 digits; this one has 5" },
    });
    expect(variantFieldsOf((name) => ({ title: "Kit", weight: "-1", gtin: "GTIN" })[name] ?? null)).toEqual({
      ok: false,
      message: "Weigh it in kilograms, e.g. 0.06 for 60 g (up to 3 decimals).",
      fieldErrors: { gtin: "A GTIN is made of digits only (spaces and hyphens are fine: they are left out)" },
    });
  });

  it("checks one identifier field as the owner leaves it: empty is fine, a wrong one says why", () => {
    expect(identifierError("gtin", "")).toBeUndefined();
    expect(identifierError("gtin", "96385074")).toBeUndefined();
    expect(identifierError("gtin", "96385075")).toBe(
      "This GTIN's last digit does not match its check digit (expected 4)",
    );
    expect(identifierError("mpn", " HS-1 ")).toBeUndefined();
    expect(identifierError("mpn", "x".repeat(71))).toBe("An MPN has at most 70 characters; this one has 71");
  });
  it("knows the variant rules and maps anything else to the shop's default", () => {
    expect(variantSelectionOf("first_variant")).toBe("first_variant");
    expect(variantSelectionOf("lowest_price_first")).toBe("lowest_price_first");
    expect(variantSelectionOf("")).toBeNull();
    expect(variantSelectionOf("cheapest")).toBeNull();
  });
});

describe("the words for statuses and rules", () => {
  it("names each status and says what it means to shoppers", () => {
    expect(productStatusLabels).toEqual({ draft: "Draft", published: "On sale", archived: "Archived" });
    expect(productStatusHelp).toEqual({
      draft: "Only you see it.",
      published: "Shoppers see and buy it.",
      archived: "Gone from the shop; its address answers that it is no longer sold. Old orders keep it.",
    });
    expect(variantSelectionLabels).toEqual({
      "": "The shop's default (the cheapest)",
      lowest_price_first: "The cheapest",
      first_variant: "The first in the list",
    });
  });
});

describe("the products list", () => {
  it("puts only a search and a known status in its address", () => {
    expect(productListQuery("", "")).toBe("");
    expect(productListQuery(" tin ", "draft")).toBe("?search=tin&status=draft");
    expect(productListQuery("", "archived")).toBe("?status=archived");
    expect(productListQuery("a&b", "deleted")).toBe("?search=a%26b");
    expect(productListQuery("  ", "published")).toBe("?status=published");
  });
  it("colours a status by what it means to shoppers", () => {
    expect(productStatusTone("published")).toBe("good");
    expect(productStatusTone("draft")).toBe("warn");
    expect(productStatusTone("archived")).toBe("plain");
  });
});

import type { ProductFacts, WireDetailProduct } from "@herbo/hosted-api";
import type { AdminProduct } from "@herbo/hosted-api/admin";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogChanges, products } from "../src/db/schema.ts";
import { backOfficeSuite, expectSessionAndOriginGuard } from "./admin-helpers.ts";
import { databaseKinds } from "./harness.ts";

const kinds = await databaseKinds();

/** A travel tin's panel, as the owner would type it. */
const tinFacts: ProductFacts = {
  servingSize: "300 mg (about a pea-sized amount)",
  servingsPerContainer: "About 16 in a 5 g tin",
  amounts: [
    { name: "Shilajit resin, purified", amount: "300 mg", dailyValue: "†" },
    { name: "Fulvic acid", amount: "60 mg", dailyValue: null },
  ],
  ingredients: "Purified Himalayan shilajit resin.\nNo fillers or additives.",
  warnings: ["Not for use during pregnancy or breastfeeding.", "Keep out of reach of children."],
};

describe.each(kinds)("a product's supplement facts in the back office on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test" });

  const adminProduct = (id: string) => shop.owner.get<AdminProduct>(`/products/${id}`);
  async function storeProduct(id: string): Promise<WireDetailProduct> {
    const response = await fetch(`${shop.api.storeUrl}/products/${id}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { product: WireDetailProduct }).product;
  }
  /** What a refused save must leave as it was: the product's row and the history's length. */
  async function stored(id: string) {
    const [row] = await shop.api.db.select().from(products).where(eq(products.id, id));
    const [changes] = await shop.api.db.select({ total: count() }).from(catalogChanges);
    return { version: row?.version, facts: row?.facts, updatedAt: row?.updatedAt, changes: changes?.total };
  }

  it("refuses the facts route without a session (401), from another origin or with no Origin (403)", async () => {
    const before = await stored("prod_travel_tin");
    await expectSessionAndOriginGuard(shop.api, shop.owner, [
      ["PUT", "/products/prod_travel_tin/facts", { version: 1, facts: tinFacts }],
    ]);
    const anonymous = await shop.owner.request(
      "PUT",
      "/products/prod_travel_tin/facts",
      { version: 1, facts: tinFacts },
      null,
    );
    expect(anonymous.status).toBe(403);
    expect(await stored("prod_travel_tin")).toEqual(before);
  });

  it("shows the seeded panel of the flagship resin, and none for the others", async () => {
    const resin = await storeProduct("prod_himalayan_resin");
    expect(resin.facts).toMatchObject({
      serving_size: "300 mg (about a pea-sized amount)",
      amounts: [{ name: "Shilajit resin, purified", amount: "300 mg", daily_value: "†" }],
      ingredients: "Purified Himalayan shilajit resin. No fillers or additives.",
    });
    expect(resin.batch).toBeNull();
    expect((await storeProduct("prod_travel_tin")).facts).toBeNull();
    expect((await adminProduct("prod_travel_tin")).facts).toBeNull();
  });

  it("sets a panel: the product's version moves on, the history says so, and the shop's answer carries it at once", async () => {
    const before = await adminProduct("prod_travel_tin");
    // The answer is cached: a change must reach the next one anyway.
    expect((await storeProduct("prod_travel_tin")).facts).toBeNull();
    const response = await shop.owner.put("/products/prod_travel_tin/facts", {
      version: before.version,
      facts: {
        ...tinFacts,
        servingSize: "  300 mg (about a pea-sized amount) ",
        servingsPerContainer: "About 16 in a 5 g tin",
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as AdminProduct;
    expect(saved.version).toBe(before.version + 1);
    expect(saved.facts).toEqual(tinFacts);
    expect(saved.history[0]).toMatchObject({ actor: "owner@shop.test", fields: ["Supplement facts added"] });
    const [change] = await shop.api.db.select().from(catalogChanges).where(eq(catalogChanges.entity, "product_facts"));
    expect(change).toMatchObject({ entityId: "prod_travel_tin", before: { facts: null }, after: { facts: tinFacts } });

    expect((await storeProduct("prod_travel_tin")).facts).toEqual({
      serving_size: "300 mg (about a pea-sized amount)",
      servings_per_container: "About 16 in a 5 g tin",
      amounts: [
        { name: "Shilajit resin, purified", amount: "300 mg", daily_value: "†" },
        { name: "Fulvic acid", amount: "60 mg", daily_value: null },
      ],
      ingredients: "Purified Himalayan shilajit resin.\nNo fillers or additives.",
      warnings: ["Not for use during pregnancy or breastfeeding.", "Keep out of reach of children."],
    });
    // The list answer never carries the panel.
    const list = (await (await fetch(`${shop.api.storeUrl}/products?limit=50`)).json()) as {
      products: Record<string, unknown>[];
    };
    expect(list.products.find((product) => product.id === "prod_travel_tin")).not.toHaveProperty("facts");
  });

  it("replaces a panel, then removes it with null", async () => {
    const current = await adminProduct("prod_travel_tin");
    // The history lists changes newest first: each save here comes a second after the one before.
    shop.api.clock.advance(1_000);
    const replaced = await shop.partner.put("/products/prod_travel_tin/facts", {
      version: current.version,
      facts: { ...tinFacts, amounts: [], warnings: [], servingsPerContainer: "", ingredients: null },
    });
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    const afterReplace = (await replaced.json()) as AdminProduct;
    expect(afterReplace.facts).toEqual({
      ...tinFacts,
      amounts: [],
      warnings: [],
      servingsPerContainer: null,
      ingredients: null,
    });
    expect(afterReplace.history[0]).toMatchObject({ actor: "partner@shop.test", fields: ["Supplement facts"] });
    expect((await storeProduct("prod_travel_tin")).facts?.amounts).toEqual([]);

    shop.api.clock.advance(1_000);
    const removed = await shop.owner.put("/products/prod_travel_tin/facts", {
      version: afterReplace.version,
      facts: null,
    });
    expect(removed.status).toBe(200);
    const afterRemove = (await removed.json()) as AdminProduct;
    expect(afterRemove.facts).toBeNull();
    expect(afterRemove.history[0]?.fields).toEqual(["Supplement facts removed"]);
    expect((await storeProduct("prod_travel_tin")).facts).toBeNull();
  });

  it("refuses a save from an outdated page with 409 and the current version, changing nothing", async () => {
    const seen = await adminProduct("prod_travel_tin");
    const first = await shop.owner.put("/products/prod_travel_tin/facts", { version: seen.version, facts: tinFacts });
    expect(first.status).toBe(200);
    const before = await stored("prod_travel_tin");
    const late = await shop.partner.put("/products/prod_travel_tin/facts", { version: seen.version, facts: null });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: "edit_conflict", details: { version: before.version } } });
    // A product save from before the facts were set is refused too: the panel is part of the product.
    const { id: _id, variants: _v, otherProducts: _o, history: _h, facts: _f, ...fields } = seen;
    expect((await shop.owner.put("/products/prod_travel_tin", { ...fields, title: "Tin" })).status).toBe(409);
    expect(await stored("prod_travel_tin")).toEqual(before);
  });

  it("refuses invalid input with 400 naming the field, and changes nothing", async () => {
    const { version } = await adminProduct("prod_travel_tin");
    const before = await stored("prod_travel_tin");
    const row = { name: "Resin", amount: "1 mg", dailyValue: null };
    const cases: [string, unknown, string, RegExp][] = [
      [
        "a serving size too long",
        { ...tinFacts, servingSize: "s".repeat(81) },
        "body.facts.servingSize",
        /The serving size must be at most 80 characters, not 81/,
      ],
      [
        "ingredients too long",
        { ...tinFacts, ingredients: "i".repeat(601) },
        "body.facts.ingredients",
        /at most 600 characters/,
      ],
      [
        "too many rows",
        { ...tinFacts, amounts: Array.from({ length: 21 }, () => row) },
        "body.facts.amounts",
        /at most 20 amounts, not 21/,
      ],
      [
        "too many warnings",
        { ...tinFacts, warnings: Array.from({ length: 11 }, () => "Care.") },
        "body.facts.warnings",
        /at most 10 warnings/,
      ],
      [
        "a control character",
        { ...tinFacts, amounts: [{ ...row, name: "Resin\u0000" }] },
        "body.facts.amounts.0.name",
        /control characters/,
      ],
      [
        "a line break in a warning",
        { ...tinFacts, warnings: ["Keep cool.\nKeep dry."] },
        "body.facts.warnings.0",
        /control characters or line breaks/,
      ],
      ["an empty serving size", { ...tinFacts, servingSize: "   " }, "body.facts.servingSize", /is needed/],
      ["a number for a text", { ...tinFacts, servingSize: 300 }, "body.facts.servingSize", /expected string/],
      ["a text for the rows", { ...tinFacts, amounts: "300 mg" }, "body.facts.amounts", /expected array/],
      ["a row without its amount", { ...tinFacts, amounts: [{ name: "Resin" }] }, "body.facts.amounts.0.amount", /./],
      ["an unknown field", { ...tinFacts, html: "<b>x</b>" }, "body.facts", /Unrecognized key/],
      ["a list for the facts", [tinFacts], "body.facts", /expected object/],
    ];
    for (const [label, facts, field, message] of cases) {
      const response = await shop.owner.put("/products/prod_travel_tin/facts", { version, facts });
      expect(response.status, label).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string; details: { field: string } } };
      expect(body.error.code, label).toBe("invalid_request");
      expect(body.error.details.field, label).toBe(field);
      expect(body.error.message, label).toMatch(message);
    }
    const withoutVersion = await shop.owner.put("/products/prod_travel_tin/facts", { facts: tinFacts });
    expect(withoutVersion.status).toBe(400);
    expect(((await withoutVersion.json()) as { error: { details: { field: string } } }).error.details.field).toBe(
      "body.version",
    );
    expect((await shop.owner.put("/products/prod_nothing/facts", { version: 1, facts: null })).status).toBe(404);
    expect(await stored("prod_travel_tin")).toEqual(before);
  });

  it("keeps text that looks like markup as plain text: the shop's answer returns it as typed, never as HTML", async () => {
    const { version } = await adminProduct("prod_starter_kit");
    const script = "<script>alert('facts')</script>";
    const response = await shop.owner.put("/products/prod_starter_kit/facts", {
      version,
      facts: {
        ...tinFacts,
        servingSize: `<b>300 mg</b>`,
        ingredients: `Resin ${script} & <img src=x onerror=alert(1)>`,
        warnings: [script],
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = await fetch(`${shop.api.storeUrl}/products/prod_starter_kit`);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const facts = ((await answer.json()) as { product: WireDetailProduct }).product.facts;
    expect(facts?.serving_size).toBe("<b>300 mg</b>");
    expect(facts?.ingredients).toBe(`Resin ${script} & <img src=x onerror=alert(1)>`);
    expect(facts?.warnings).toEqual([script]);
    // The back office's answer is JSON too; its page escapes the text (apps/admin's facts section test).
    expect((await adminProduct("prod_starter_kit")).facts?.warnings).toEqual([script]);
  });
});

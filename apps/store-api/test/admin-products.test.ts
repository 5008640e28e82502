import type { AdminOrderDetail, AdminProduct, AdminProductList, AdminPrices } from "@herbo/hosted-api/admin";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogChanges, products, variants } from "../src/db/schema.ts";
import { backOfficeSuite, expectSessionAndOriginGuard, placeTestOrder, type AdminCall } from "./admin-helpers.ts";
import { databaseKinds } from "./harness.ts";

const kinds = await databaseKinds();

/** Every market's currency with a price, as the Prices page would send them (minor units). */
const fullPriceList = [
  { currencyCode: "NPR", amount: 90000, saleAmount: null },
  { currencyCode: "USD", amount: 1999, saleAmount: null },
  { currencyCode: "INR", amount: 149900, saleAmount: null },
  { currencyCode: "GBP", amount: 1599, saleAmount: null },
  { currencyCode: "CAD", amount: 2699, saleAmount: null },
  { currencyCode: "AED", amount: 7400, saleAmount: null },
];

describe.each(kinds)("the back office's products on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test" });

  /** The editor's full body for a product as it is now, with some fields changed. */
  function edit(product: AdminProduct, changes: Partial<AdminProduct> = {}) {
    const { id: _id, variants: _variants, otherProducts: _others, history: _history, ...fields } = product;
    return { ...fields, ...changes };
  }
  async function createDraft(title: string, sku: string | null): Promise<AdminProduct> {
    const response = await shop.owner.post("/products", { title, variantTitle: "100 g", sku });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as AdminProduct;
  }
  async function storeProduct(id: string): Promise<Response> {
    return fetch(`${shop.api.storeUrl}/products/${id}`);
  }
  async function priceEveryMarket(variantId: string) {
    const prices = await shop.owner.get<AdminPrices>("/prices");
    const variant = prices.products.flatMap((product) => product.variants).find((entry) => entry.id === variantId);
    const response = await shop.owner.put(`/variants/${variantId}/prices`, {
      version: variant?.version,
      prices: fullPriceList,
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  it("refuses every product route without a session (401) and from another origin (403)", async () => {
    const [jar] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_travel_tin"));
    // Bodies the owner's session would have saved: a GTIN and MPN reach no variant without one.
    const identified = { title: "5 g", sku: null, gtin: "96385074", mpn: "TIN-5", weight: null, manageInventory: true };
    const routes: AdminCall[] = [
      ["GET", "/products", undefined],
      ["POST", "/products", { title: "X", variantTitle: "Y", sku: null }],
      ["GET", "/products/prod_travel_tin", undefined],
      ["PUT", "/products/prod_travel_tin", {}],
      ["POST", "/products/prod_travel_tin/variants", { ...identified, title: "7 g", prices: fullPriceList }],
      ["PUT", "/variants/var_travel_tin", { ...identified, version: jar?.version }],
    ];
    await expectSessionAndOriginGuard(shop.api, shop.owner, routes);
    const [tin] = await shop.api.db.select().from(products).where(eq(products.id, "prod_travel_tin"));
    expect(tin?.version).toBe(1);
    expect(await shop.api.db.select().from(variants).where(eq(variants.productId, "prod_travel_tin"))).toEqual([jar]);
  });

  it("lists products with their status, finds them by title, id or SKU (any case), and filters by status", async () => {
    const all = await shop.owner.get<AdminProductList>("/products");
    expect(all.products.map((product) => product.id)).toEqual(
      expect.arrayContaining(["prod_himalayan_resin", "prod_travel_tin", "prod_gift_box"]),
    );
    expect(all.products.find((product) => product.id === "prod_himalayan_resin")).toMatchObject({
      status: "published",
      variantCount: 3,
      skus: ["HS-RESIN-10", "HS-RESIN-20", "HS-RESIN-30"],
    });
    const byTitle = await shop.owner.get<AdminProductList>("/products?search=travel");
    expect(byTitle.products.map((product) => product.id)).toEqual(["prod_travel_tin"]);
    const bySku = await shop.owner.get<AdminProductList>("/products?search=hs-pack-3x20");
    expect(bySku.products.map((product) => product.id)).toEqual(["prod_value_pack"]);
    // A wildcard typed by the owner is a character, not a pattern.
    const literal = await shop.owner.get<AdminProductList>("/products?search=%25");
    expect(literal.products).toEqual([]);
    const drafts = await shop.owner.get<AdminProductList>("/products?status=draft");
    expect(drafts.products.every((product) => product.status === "draft")).toBe(true);
    const wrong = await shop.owner.request("GET", "/products?status=deleted", undefined, null);
    expect(wrong.status).toBe(400);
  });

  it("creates a draft with its first variant: its id comes from its title, and shoppers cannot see it", async () => {
    const draft = await createDraft("Mountain Honey Jar", "MH-100");
    expect(draft).toMatchObject({
      id: "prod_mountain_honey_jar",
      status: "draft",
      version: 1,
      title: "Mountain Honey Jar",
    });
    expect(draft.variants).toEqual([
      // Counted from the start, with none on hand: a new variant never sells more than the owner has.
      expect.objectContaining({ title: "100 g", sku: "MH-100", manageInventory: true, weight: null, version: 1 }),
    ]);
    const [first] = await shop.api.db.select().from(variants).where(eq(variants.productId, draft.id));
    expect(first).toMatchObject({ manageInventory: true, stockOnHand: 0, stockReserved: 0 });
    // Written in one transaction at one instant, so in either order.
    expect(draft.history).toHaveLength(2);
    expect(draft.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: "owner@shop.test", fields: ["Variant 100 g added"] }),
        expect.objectContaining({ actor: "owner@shop.test", fields: ["Product created"] }),
      ]),
    );
    expect((await storeProduct(draft.id)).status).toBe(404);
    // The same title again gets an id of its own.
    const twin = await createDraft("Mountain Honey Jar", null);
    expect(twin.id).toBe("prod_mountain_honey_jar_2");
  });

  it("names a related product to shoppers only once it is published: a draft's id stays in the back office", async () => {
    const draft = await createDraft("Secret Winter Blend", null);
    const tin = await shop.owner.get<AdminProduct>("/products/prod_travel_tin");
    const response = await shop.owner.put(
      "/products/prod_travel_tin",
      edit(tin, { relatedProductIds: [draft.id, "prod_starter_kit"] }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as AdminProduct).relatedProductIds).toEqual([draft.id, "prod_starter_kit"]);
    const relatedIn = (body: string) => {
      const { product } = JSON.parse(body) as { product: { related_products: { related_id: string }[] } };
      return product.related_products.map((entry) => entry.related_id);
    };
    const single = await (await storeProduct("prod_travel_tin")).text();
    expect(relatedIn(single)).toEqual(["prod_starter_kit"]);
    expect(single).not.toContain("secret_winter_blend");
    const list = await (await fetch(`${shop.api.storeUrl}/products?limit=100`)).text();
    expect(list).not.toContain("secret_winter_blend");
    const restored = await shop.owner.put(
      "/products/prod_travel_tin",
      edit(await shop.owner.get<AdminProduct>("/products/prod_travel_tin"), {
        relatedProductIds: tin.relatedProductIds,
      }),
    );
    expect(restored.status).toBe(200);
  });

  it("refuses a SKU another variant has, whatever its case, and creates nothing", async () => {
    const before = await shop.api.db.select().from(products);
    const response = await shop.owner.post("/products", { title: "Copy", variantTitle: "5 g", sku: "hs-tin-5" });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: "duplicate_sku", details: { sku: "hs-tin-5" } } });
    expect(await shop.api.db.select().from(products)).toHaveLength(before.length);
    const tin = await shop.owner.get<AdminProduct>("/products/prod_travel_tin");
    const variant = tin.variants[0];
    const renamed = await shop.owner.put("/variants/var_travel_tin", {
      ...variant,
      sku: "HS-RESIN-10",
      version: variant?.version,
    });
    expect(renamed.status).toBe(409);
    const [row] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_travel_tin"));
    expect(row?.sku).toBe("HS-TIN-5");
  });

  it("sets and clears a variant's GTIN and MPN: the history names them, and both of the shop's answers carry them", async () => {
    type Served = { variants: { id: string; gtin: string | null; mpn: string | null }[] };
    const servedVariant = async (variantId: string) => {
      const single = (await (await storeProduct("prod_himalayan_resin")).json()) as { product: Served };
      const list = (await (await fetch(`${shop.api.storeUrl}/products?limit=100`)).json()) as { products: Served[] };
      const listed = list.products.flatMap((product) => product.variants).find((entry) => entry.id === variantId);
      const shown = single.product.variants.find((entry) => entry.id === variantId);
      expect(listed).toEqual(shown);
      return { gtin: shown?.gtin, mpn: shown?.mpn };
    };
    expect(await servedVariant("var_resin_20g")).toEqual({ gtin: null, mpn: null });
    const resin = await shop.owner.get<AdminProduct>("/products/prod_himalayan_resin");
    const jar = resin.variants.find((variant) => variant.id === "var_resin_20g");
    if (jar === undefined) throw new Error("No 20 g jar");
    expect(jar).toMatchObject({ gtin: null, mpn: null });

    // Typed with the spaces and hyphens of the pack: kept as its digits.
    const set = await shop.partner.put(`/variants/${jar.id}`, { ...jar, gtin: " 4006381-333931 ", mpn: " HS-R20 " });
    expect(set.status, await set.clone().text()).toBe(200);
    const saved = (await set.json()) as AdminProduct;
    expect(saved.variants.find((variant) => variant.id === jar.id)).toMatchObject({
      gtin: "4006381333931",
      mpn: "HS-R20",
      version: jar.version + 1,
    });
    expect(saved.history[0]).toMatchObject({ actor: "partner@shop.test", fields: ["Variant 20 g: GTIN, MPN"] });
    const [change] = await shop.api.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entityId, jar.id))
      .orderBy(desc(catalogChanges.at))
      .limit(1);
    expect(change).toMatchObject({
      entity: "variant",
      before: expect.objectContaining({ gtin: null, mpn: null }),
      after: expect.objectContaining({ gtin: "4006381333931", mpn: "HS-R20" }),
    });
    expect(await servedVariant(jar.id)).toEqual({ gtin: "4006381333931", mpn: "HS-R20" });

    // Empty or null: none, and the shop's answers say so.
    const savedJar = saved.variants.find((variant) => variant.id === jar.id);
    const cleared = await shop.owner.put(`/variants/${jar.id}`, { ...savedJar, gtin: "  ", mpn: null });
    expect(cleared.status, await cleared.clone().text()).toBe(200);
    const [row] = await shop.api.db.select().from(variants).where(eq(variants.id, jar.id));
    expect(row).toMatchObject({ gtin: null, mpn: null });
    expect(await servedVariant(jar.id)).toEqual({ gtin: null, mpn: null });
  });

  it("refuses a wrong GTIN or MPN with the rule's message and the field named, and changes nothing", async () => {
    const tin = await shop.owner.get<AdminProduct>("/products/prod_travel_tin");
    const variant = tin.variants[0];
    if (variant === undefined) throw new Error("The tin has a variant");
    const before = await shop.api.db.select().from(variants).orderBy(variants.id);
    const { gtin: _gtin, ...withoutGtin } = variant;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ gtin: "4006381333932" }, "body.gtin", "This GTIN's last digit does not match its check digit (expected 1)"],
      [{ gtin: "036000291451" }, "body.gtin", "This GTIN's last digit does not match its check digit (expected 2)"],
      [{ gtin: "4006381" }, "body.gtin", "A GTIN has 8, 12, 13 or 14 digits; this one has 7"],
      [
        { gtin: "EAN 4006381333931" },
        "body.gtin",
        "A GTIN is made of digits only (spaces and hyphens are fine: they are left out)",
      ],
      [{ mpn: "m".repeat(71) }, "body.mpn", "An MPN has at most 70 characters; this one has 71"],
      [{ mpn: "HS\nTIN" }, "body.mpn", "An MPN must not contain line breaks or other control characters"],
      [{ gtin: 4006381333931 }, "body.gtin", expect.stringContaining("Invalid body.gtin")],
    ];
    for (const [changes, field, message] of cases) {
      const response = await shop.owner.put(`/variants/${variant.id}`, { ...variant, ...changes });
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(await response.json(), JSON.stringify(changes)).toEqual({
        error: { code: "invalid_request", message, details: { field } },
      });
    }
    // The editor sends every field: one left out is refused rather than taken as none.
    const missing = await shop.owner.put(`/variants/${variant.id}`, withoutGtin);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { details: { field: "body.gtin" } } });
    const added = await shop.owner.post("/products/prod_travel_tin/variants", {
      title: "9 g",
      sku: null,
      gtin: "96385075",
      weight: null,
      prices: fullPriceList,
    });
    expect(added.status).toBe(400);
    expect(await added.json()).toMatchObject({
      error: { message: "This GTIN's last digit does not match its check digit (expected 4)" },
    });
    expect(await shop.api.db.select().from(variants).orderBy(variants.id)).toEqual(before);
  });

  it("refuses a GTIN another variant has, in either of its forms, naming that variant, and adds or changes nothing", async () => {
    const resin = await shop.owner.get<AdminProduct>("/products/prod_himalayan_resin");
    const small = resin.variants.find((variant) => variant.id === "var_resin_10g");
    if (small === undefined) throw new Error("No 10 g jar");
    const taken = await shop.owner.put(`/variants/${small.id}`, { ...small, gtin: "036000291452" });
    expect(taken.status, await taken.clone().text()).toBe(200);
    const before = await shop.api.db.select().from(variants).orderBy(variants.id);

    // The same barcode as an EAN-13 (a zero in front) is the same barcode.
    const tin = (await shop.owner.get<AdminProduct>("/products/prod_travel_tin")).variants[0];
    const renamed = await shop.owner.put("/variants/var_travel_tin", { ...tin, gtin: "0036000291452" });
    expect(renamed.status).toBe(409);
    expect(await renamed.json()).toEqual({
      error: {
        code: "duplicate_gtin",
        message: "Another variant already has the GTIN 0036000291452: Pure Himalayan Shilajit Resin, 10 g",
        details: { gtin: "0036000291452", variant_id: "var_resin_10g" },
      },
    });
    const added = await shop.owner.post("/products/prod_gift_box/variants", {
      title: "Copy",
      sku: null,
      gtin: "036000291452",
      weight: null,
      prices: fullPriceList,
    });
    expect(added.status).toBe(409);
    expect(await added.json()).toMatchObject({ error: { code: "duplicate_gtin" } });
    expect(await shop.api.db.select().from(variants).orderBy(variants.id)).toEqual(before);

    // A variant keeps its own GTIN when saved again, and a new variant takes a GTIN and an MPN of its own.
    const again = ((await taken.json()) as AdminProduct).variants.find((variant) => variant.id === small.id);
    const resaved = await shop.owner.put(`/variants/${small.id}`, { ...again, title: "10 g" });
    expect(resaved.status, await resaved.clone().text()).toBe(200);
    const fresh = await shop.owner.post("/products/prod_gift_box/variants", {
      title: "Mini box",
      sku: null,
      gtin: "96385074",
      mpn: "GIFT-MINI",
      weight: null,
      prices: fullPriceList,
    });
    expect(fresh.status, await fresh.clone().text()).toBe(201);
    const gift = (await fresh.json()) as AdminProduct;
    expect(gift.variants.find((variant) => variant.title === "Mini box")).toMatchObject({
      gtin: "96385074",
      mpn: "GIFT-MINI",
    });
    expect(gift.history[0]?.fields).toEqual(["Variant Mini box added"]);
  });

  it("publishes a product only once every variant has a price in every market's currency", async () => {
    const draft = await createDraft("Shilajit Drops", "SD-30");
    const variantId = draft.variants[0]?.id ?? "";
    const early = await shop.owner.put(`/products/${draft.id}`, edit(draft, { status: "published" }));
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(
      "Set the prices of 100 g in NPR, USD, INR, GBP, CAD, AED before publishing: every market needs one",
    );
    await priceEveryMarket(variantId);
    const published = await shop.owner.put(`/products/${draft.id}`, edit(draft, { status: "published" }));
    expect(published.status, await published.clone().text()).toBe(200);
    const shown = await storeProduct(draft.id);
    expect(shown.status).toBe(200);
    const list = (await (await fetch(`${shop.api.storeUrl}/products?limit=100`)).json()) as {
      products: { id: string }[];
    };
    expect(list.products.map((product) => product.id)).toContain(draft.id);
  });

  it("keeps markup out of plain fields and cleans rich text by the storefront's rules, as the storefront then serves it", async () => {
    const tin = await shop.owner.get<AdminProduct>("/products/prod_travel_tin");
    const response = await shop.owner.put(
      "/products/prod_travel_tin",
      edit(tin, {
        title: '<img src=x onerror="alert(1)">Travel <b>Tin</b>',
        subtitle: "<script>alert(1)</script>Pocket size",
        ribbonText: "<a href='javascript:alert(1)'>New</a>",
        descriptionHtml:
          '<p onclick="alert(1)">Small <strong>jar</strong></p><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://evil.test"></iframe><a href="https://example.com" target="_blank">ok</a>',
        sections: [{ title: "<i>How</i> to use", descriptionHtml: '<p>Warm water<img src=x onerror="alert(4)"></p>' }],
      }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as AdminProduct;
    expect(saved.title).toBe("Travel Tin");
    expect(saved.subtitle).toBe("Pocket size");
    expect(saved.ribbonText).toBe("New");
    expect(saved.descriptionHtml).toBe(
      '<p>Small <strong>jar</strong></p><a>x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    // A picture from anywhere but the shop's own photos goes too.
    expect(saved.sections).toEqual([{ title: "How to use", descriptionHtml: "<p>Warm water</p>" }]);
    const served = (await (await storeProduct("prod_travel_tin")).json()) as {
      product: { title: string; description: string; additional_info: { title: string; description: string }[] };
    };
    expect(served.product.title).toBe("Travel Tin");
    expect(served.product.description).not.toMatch(/script|onclick|javascript|iframe/i);
    expect(served.product.additional_info).toEqual([
      expect.objectContaining({ order: 1, title: "How to use", description: "<p>Warm water</p>" }),
    ]);
  });

  it("refuses a save from an older version with the current one, and changes nothing", async () => {
    const seen = await shop.owner.get<AdminProduct>("/products/prod_gift_box");
    const first = await shop.partner.put("/products/prod_gift_box", edit(seen, { subtitle: "Wrapped by hand" }));
    expect(first.status).toBe(200);
    const second = await shop.owner.put("/products/prod_gift_box", edit(seen, { subtitle: "In a wooden box" }));
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      error: { code: "edit_conflict", details: { version: seen.version + 1 } },
    });
    const now = await shop.owner.get<AdminProduct>("/products/prod_gift_box");
    expect(now.subtitle).toBe("Wrapped by hand");
    // Turning sales off on the Stock page is an edit too: an editor opened before it cannot undo it.
    const toggled = await shop.owner.put("/products/prod_gift_box/purchasable", { purchasable: true });
    expect(toggled.status).toBe(200);
    const stale = await shop.owner.put("/products/prod_gift_box", edit(now, { purchasable: false }));
    expect(stale.status).toBe(409);
  });

  it("writes who changed what, with the values before and after", async () => {
    const kit = await shop.owner.get<AdminProduct>("/products/prod_starter_kit");
    const response = await shop.partner.put(
      "/products/prod_starter_kit",
      edit(kit, { ribbonText: "Gift idea", sortOrder: 9, relatedProductIds: ["prod_travel_tin"] }),
    );
    expect(response.status).toBe(200);
    const saved = (await response.json()) as AdminProduct;
    expect(saved.relatedProductIds).toEqual(["prod_travel_tin"]);
    expect(saved.history[0]).toMatchObject({
      actor: "partner@shop.test",
      fields: ["Ribbon", "Order in the store", "Related products"],
    });
    const [row] = await shop.api.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entityId, "prod_starter_kit"))
      .orderBy(catalogChanges.at);
    expect(row).toMatchObject({
      actor: "partner@shop.test",
      entity: "product",
      before: expect.objectContaining({ ribbonText: "Only a few left", sortOrder: kit.sortOrder }),
      after: expect.objectContaining({ ribbonText: "Gift idea", sortOrder: 9 }),
    });
  });

  it("refuses fields that cannot be saved, with the field named", async () => {
    const kit = await shop.owner.get<AdminProduct>("/products/prod_starter_kit");
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "  " }, "body.title"],
      [{ sortOrder: 1.5 }, "body.sortOrder"],
      [{ sortOrder: -1 }, "body.sortOrder"],
      [{ ribbonText: "x".repeat(41) }, "body.ribbonText"],
      [{ title: "Tab\there" }, "body.title"],
      [{ status: "deleted" }, "body.status"],
      [{ relatedProductIds: ["prod_nothing"] }, "body.relatedProductIds"],
      [{ relatedProductIds: ["prod_starter_kit"] }, "body.relatedProductIds"],
      [{ relatedProductIds: ["prod_travel_tin", "prod_travel_tin"] }, "body.relatedProductIds"],
      [{ sections: [{ title: "", descriptionHtml: "<p>x</p>" }] }, "body.sections.0.title"],
    ];
    for (const [changes, field] of cases) {
      const response = await shop.owner.put("/products/prod_starter_kit", edit(kit, changes));
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(await response.json(), JSON.stringify(changes)).toMatchObject({
        error: { code: "invalid_request", details: { field: expect.stringContaining(field) } },
      });
    }
    const unchanged = await shop.owner.get<AdminProduct>("/products/prod_starter_kit");
    expect(unchanged.version).toBe(kit.version);
    const missing = await shop.owner.request("GET", "/products/prod_nothing", undefined, null);
    expect(missing.status).toBe(404);
  });

  it("edits a variant: its title becomes the Style option's value, and a negative weight is refused", async () => {
    const resin = await shop.owner.get<AdminProduct>("/products/prod_himalayan_resin");
    const jar = resin.variants.find((variant) => variant.id === "var_resin_30g");
    if (jar === undefined) throw new Error("No 30 g jar");
    const heavy = await shop.owner.put(`/variants/${jar.id}`, { ...jar, weight: -1 });
    expect(heavy.status).toBe(400);
    const response = await shop.owner.put(`/variants/${jar.id}`, { ...jar, title: "30 g jar", weight: 0.11 });
    expect(response.status, await response.clone().text()).toBe(200);
    const served = (await (await storeProduct("prod_himalayan_resin")).json()) as {
      product: { options: { title: string; values: { variant_id: string; value: string }[] }[] };
    };
    expect(served.product.options[0]?.title).toBe("Style");
    expect(served.product.options[0]?.values.find((value) => value.variant_id === jar.id)?.value).toBe("30 g jar");
    const again = await shop.owner.put(`/variants/${jar.id}`, { ...jar, title: "30 g" });
    expect(again.status).toBe(409);
  });

  it("adds a variant to a product on sale only with a price in every market's currency", async () => {
    const partial = await shop.owner.post("/products/prod_travel_tin/variants", {
      title: "10 g",
      sku: "HS-TIN-10",
      weight: 0.05,
      manageInventory: false,
      prices: [{ currencyCode: "NPR", amount: 120000, saleAmount: null }],
    });
    expect(partial.status).toBe(400);
    const saleAbove = await shop.owner.post("/products/prod_travel_tin/variants", {
      title: "10 g",
      sku: "HS-TIN-10",
      weight: 0.05,
      manageInventory: false,
      prices: fullPriceList.map((price) => ({ ...price, saleAmount: price.amount })),
    });
    expect(saleAbove.status).toBe(400);
    const unknown = await shop.owner.post("/products/prod_travel_tin/variants", {
      title: "10 g",
      sku: "HS-TIN-10",
      weight: 0.05,
      manageInventory: false,
      prices: [...fullPriceList, { currencyCode: "JPY", amount: 100, saleAmount: null }],
    });
    expect(unknown.status).toBe(400);
    const fractional = await shop.owner.post("/products/prod_travel_tin/variants", {
      title: "10 g",
      sku: "HS-TIN-10",
      weight: 0.05,
      manageInventory: false,
      prices: fullPriceList.map((price) => ({ ...price, amount: price.amount + 0.5 })),
    });
    expect(fractional.status).toBe(400);
    const added = await shop.owner.post("/products/prod_travel_tin/variants", {
      title: "10 g",
      sku: "HS-TIN-10",
      weight: 0.05,
      manageInventory: false,
      prices: fullPriceList,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const served = (await (await storeProduct("prod_travel_tin")).json()) as {
      product: { variants: { title: string; prices: { currency_code: string; amount: number }[] }[] };
    };
    const ten = served.product.variants.find((variant) => variant.title === "10 g");
    expect(ten?.prices.find((price) => price.currency_code.toUpperCase() === "USD")?.amount).toBe(1999);
  });

  it("counts a new variant's stock unless told not to, starting at none, and leaves the others as they were", async () => {
    const before = await shop.api.db.select().from(variants).where(eq(variants.productId, "prod_gift_box"));
    const added = await shop.owner.post("/products/prod_gift_box/variants", {
      title: "Large box",
      sku: "HS-GIFT-L",
      weight: 0.5,
      prices: fullPriceList,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const product = (await added.json()) as AdminProduct;
    expect(product.variants.find((variant) => variant.title === "Large box")?.manageInventory).toBe(true);
    const served = (await (await storeProduct("prod_gift_box")).json()) as {
      product: { variants: { title: string; manage_inventory: boolean; inventory_quantity: number }[] };
    };
    expect(served.product.variants.find((variant) => variant.title === "Large box")).toMatchObject({
      manage_inventory: true,
      inventory_quantity: 0,
    });
    const uncounted = await shop.owner.post("/products/prod_gift_box/variants", {
      title: "Sample",
      sku: null,
      weight: null,
      manageInventory: false,
      prices: fullPriceList,
    });
    expect(uncounted.status).toBe(201);
    expect(
      ((await uncounted.json()) as AdminProduct).variants.find((variant) => variant.title === "Sample")
        ?.manageInventory,
    ).toBe(false);
    const existing = await shop.api.db.select().from(variants).where(eq(variants.productId, "prod_gift_box"));
    for (const row of before) expect(existing.find((entry) => entry.id === row.id)).toEqual(row);
  });

  it("archives a product: its page answers 410, it leaves the store's list, and its old orders stay whole", async () => {
    const draft = await createDraft("Archive Test Jar", "AT-1");
    const variantId = draft.variants[0]?.id ?? "";
    await priceEveryMarket(variantId);
    const publish = await shop.owner.put(`/products/${draft.id}`, edit(draft, { status: "published" }));
    expect(publish.status).toBe(200);
    // A new variant counts its stock from none: the owner adds some before it can sell.
    expect(
      (await shop.owner.post(`/stock/${variantId}/adjustments`, { change: 2, reason: "First delivery" })).status,
    ).toBe(200);
    const number = await placeTestOrder(shop.api, { items: [{ variant_id: variantId, quantity: 2 }], method: "cod" });
    const published = (await publish.json()) as AdminProduct;
    const archived = await shop.owner.put(`/products/${draft.id}`, edit(published, { status: "archived" }));
    expect(archived.status).toBe(200);
    const page = await storeProduct(draft.id);
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({ error: { code: "gone" } });
    expect((await storeProduct("prod_no_such_thing")).status).toBe(404);
    const list = (await (await fetch(`${shop.api.storeUrl}/products?limit=100`)).json()) as {
      products: { id: string }[];
    };
    expect(list.products.map((product) => product.id)).not.toContain(draft.id);
    const order = await shop.owner.get<AdminOrderDetail>(`/orders/${number}`);
    expect(order.lines).toEqual([
      expect.objectContaining({ sku: "AT-1", quantity: 2, productTitle: "Archive Test Jar" }),
    ]);
    const listed = await shop.owner.get<AdminProductList>("/products?status=archived");
    expect(listed.products.map((product) => product.id)).toContain(draft.id);
  });
});

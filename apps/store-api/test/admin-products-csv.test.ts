import type { AdminPrices, AdminProduct, AdminProductImportResult } from "@herbo/hosted-api/admin";
import { parse } from "csv-parse/sync";
import { count, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dayOf } from "../src/shop-time.ts";
import { catalogChanges, products, variantPrices, variants } from "../src/db/schema.ts";
import { richTextShapeLimits } from "@herbo/hosted-api/rich-text-shape";
import { backOfficeSuite, expectSessionAndOriginGuard, type AdminCall } from "./admin-helpers.ts";
import { longestEventLoopHoldMs } from "./event-loop.ts";
import { databaseKinds } from "./harness.ts";

const kinds = await databaseKinds();

const header = [
  "product_id",
  "product_title",
  "status",
  "subtitle",
  "ribbon",
  "description_html",
  "purchasable",
  "sort_order",
  "variant_id",
  "variant_title",
  "sku",
  "weight_kg",
  "manage_inventory",
  "gtin",
  "mpn",
  "price_NPR",
  "sale_price_NPR",
  "price_USD",
  "sale_price_USD",
  "price_INR",
  "sale_price_INR",
  "price_GBP",
  "sale_price_GBP",
  "price_CAD",
  "sale_price_CAD",
  "price_AED",
  "sale_price_AED",
  "product_version",
  "variant_version",
];

/** A file made before variants had identifiers, or by hand without them: the stored ones stay as they are. */
const headerWithoutIdentifiers = header.filter((column) => column !== "gtin" && column !== "mpn");

/** A CSV line from its cells, quoted where needed. */
function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(",");
}

describe.each(kinds)("the back office's products CSV on %s", (kind) => {
  const shop = backOfficeSuite(kind);

  async function exported(): Promise<{ response: Response; csv: string; rows: Record<string, string>[] }> {
    const response = await shop.owner.request("GET", "/products/export.csv", undefined, null);
    expect(response.status).toBe(200);
    const csv = await response.text();
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    return { response, csv, rows };
  }
  async function importCsv(csv: string, apply: boolean): Promise<{ status: number; body: unknown }> {
    const response = await shop.owner.post("/products/import", { csv, apply });
    return { status: response.status, body: await response.json() };
  }
  /** What an import must leave alone when it writes nothing. */
  async function snapshot() {
    const [changes] = await shop.api.db.select({ total: count() }).from(catalogChanges);
    return {
      changes: changes?.total,
      products: await shop.api.db.select().from(products).orderBy(products.id),
      variants: await shop.api.db.select().from(variants).orderBy(variants.id),
      prices: await shop.api.db
        .select()
        .from(variantPrices)
        .orderBy(variantPrices.variantId, variantPrices.currencyCode),
    };
  }
  /** A new product's line: its cells by column name, the rest empty. */
  function line(cells: Record<string, string>, columns: readonly string[] = header): string {
    return csvLine(columns.map((column) => cells[column] ?? ""));
  }
  /** Sets a variant's identifiers in the editor, as another owner would. */
  async function identify(productId: string, variantId: string, gtin: string | null, mpn: string | null) {
    const product = await shop.owner.get<AdminProduct>(`/products/${productId}`);
    const variant = product.variants.find((entry) => entry.id === variantId);
    const response = await shop.owner.put(`/variants/${variantId}`, { ...variant, gtin, mpn });
    expect(response.status, await response.clone().text()).toBe(200);
  }
  const fullPrices = {
    price_NPR: "1200.00",
    price_USD: "29.99",
    sale_price_USD: "24.99",
    price_INR: "1999",
    price_GBP: "19.5",
    price_CAD: "34.99",
    price_AED: "99.00",
  };

  it("refuses both routes without a session (401) and from another origin (403)", async () => {
    const routes: AdminCall[] = [
      ["GET", "/products/export.csv", undefined],
      ["POST", "/products/import", { csv: header.join(","), apply: false }],
    ];
    await expectSessionAndOriginGuard(shop.api, shop.owner, routes);
  });

  it("exports every product, drafts included, one line per variant with prices as decimals", async () => {
    const draft = await shop.owner.post("/products", { title: "Export Draft", variantTitle: "1 g", sku: "EXP-1" });
    expect(draft.status).toBe(201);
    const { response, csv, rows } = await exported();
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="products-${dayOf(shop.api.clock.now())}.csv"`,
    );
    expect(csv.startsWith(`${header.join(",")}\r\n`)).toBe(true);
    expect(rows.find((row) => row.variant_id === "var_travel_tin")).toEqual({
      product_id: "prod_travel_tin",
      product_title: "Shilajit Travel Tin 5 g",
      status: "published",
      subtitle: "A pocket-sized tin for treks, trips and the office drawer",
      ribbon: "Sale",
      description_html: expect.stringMatching(/^<p>The same purified Himalayan resin/),
      purchasable: "true",
      sort_order: expect.stringMatching(/^\d+$/),
      variant_id: "var_travel_tin",
      variant_title: "5 g",
      sku: "HS-TIN-5",
      weight_kg: "0.03",
      manage_inventory: "false",
      gtin: "",
      mpn: "",
      price_NPR: "750.00",
      sale_price_NPR: "650.00",
      price_USD: "19.99",
      sale_price_USD: "17.99",
      price_INR: "899.00",
      sale_price_INR: "799.00",
      price_GBP: "15.99",
      sale_price_GBP: "13.99",
      price_CAD: "25.99",
      sale_price_CAD: "22.99",
      price_AED: "75.00",
      sale_price_AED: "65.00",
      product_version: expect.stringMatching(/^[1-9]\d*$/),
      variant_version: expect.stringMatching(/^[1-9]\d*$/),
    });
    expect(rows.filter((row) => row.product_id === "prod_himalayan_resin")).toHaveLength(3);
    expect(rows.find((row) => row.sku === "EXP-1")).toMatchObject({ status: "draft", price_USD: "" });
  });

  it("escapes a title a spreadsheet would run as a formula, and a round trip through the import changes nothing", async () => {
    const created = (await (
      await shop.owner.post("/products", { title: "Formula", variantTitle: "1 g", sku: null })
    ).json()) as AdminProduct;
    const { id: _id, variants: _variants, otherProducts: _others, history: _history, ...fields } = created;
    const title = '=HYPERLINK("http://evil.test","click")';
    const saved = await shop.owner.put(`/products/${created.id}`, { ...fields, title });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { csv } = await exported();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);

    const before = await snapshot();
    const { status, body } = await importCsv(csv, true);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      applied: true,
      products: { create: 0, update: 0 },
      variants: { create: 0, update: 0 },
      items: [],
      problems: [],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("imports a new product with two variants and every price, with its history", async () => {
    const csv = [
      header.join(","),
      line({
        product_title: "Mountain Honey",
        status: "published",
        subtitle: "Raw, from Ilam",
        description_html: "<p>Thick and <strong>dark</strong></p>",
        purchasable: "true",
        variant_title: "250 g",
        sku: "MH-250",
        weight_kg: "0.3",
        manage_inventory: "true",
        ...fullPrices,
      }),
      line({
        product_title: "Mountain Honey",
        status: "published",
        subtitle: "Raw, from Ilam",
        description_html: "<p>Thick and <strong>dark</strong></p>",
        purchasable: "true",
        variant_title: "500 g",
        sku: "MH-500",
        manage_inventory: "false",
        ...fullPrices,
        price_USD: "49.99",
        sale_price_USD: "",
      }),
    ].join("\r\n");
    const preview = await importCsv(csv, false);
    expect(preview).toMatchObject({
      status: 200,
      body: { applied: false, products: { create: 1, update: 0 }, variants: { create: 2, update: 0 }, problems: [] },
    });
    const { status, body } = await importCsv(csv, true);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(
      (body as AdminProductImportResult).items.map((item) => [item.line, item.kind, item.action, item.title]),
    ).toEqual([
      [2, "product", "create", "Mountain Honey"],
      [2, "variant", "create", "Mountain Honey · 250 g"],
      [3, "variant", "create", "Mountain Honey · 500 g"],
    ]);
    const honey = await shop.owner.get<AdminProduct>("/products/prod_mountain_honey");
    expect(honey).toMatchObject({
      status: "published",
      subtitle: "Raw, from Ilam",
      descriptionHtml: "<p>Thick and <strong>dark</strong></p>",
      version: 1,
    });
    expect(
      honey.variants.map((variant) => [variant.title, variant.sku, variant.weight, variant.manageInventory]),
    ).toEqual([
      ["250 g", "MH-250", 0.3, true],
      ["500 g", "MH-500", null, false],
    ]);
    expect(honey.history.map((change) => change.actor)).toEqual(Array(3).fill("owner@shop.test"));
    const small = honey.variants[0]?.id ?? "";
    const prices = await shop.api.db.select().from(variantPrices).where(eq(variantPrices.variantId, small));
    expect(prices).toHaveLength(6);
    expect(prices.find((price) => price.currencyCode === "USD")).toMatchObject({ amount: 2999, saleAmount: 2499 });
    expect(prices.find((price) => price.currencyCode === "GBP")).toMatchObject({ amount: 1950, saleAmount: null });
    const served = (await (await fetch(`${shop.api.storeUrl}/products/prod_mountain_honey`)).json()) as {
      product: { options: { values: { value: string }[] }[] };
    };
    expect(served.product.options[0]?.values.map((value) => value.value)).toEqual(["250 g", "500 g"]);
  });

  it("updates a price: that variant's version and history move, the shop shows it, the rest stays", async () => {
    const shownBefore = await fetch(`${shop.api.storeUrl}/products/prod_travel_tin`);
    expect(shownBefore.status).toBe(200);
    const { rows } = await exported();
    const before = await snapshot();
    const tin = rows.find((row) => row.variant_id === "var_travel_tin") ?? {};
    const csv = [header.join(","), line({ ...tin, price_USD: "21.50", sale_price_USD: "" })].join("\n");
    const { status, body } = await importCsv(csv, true);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      products: { create: 0, update: 0 },
      variants: { create: 0, update: 1 },
      items: [{ line: 2, kind: "variant", action: "update", changes: ["Prices"] }],
    });
    const after = await snapshot();
    expect(after.changes).toBe((before.changes ?? 0) + 1);
    const [row] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_travel_tin"));
    const old = before.variants.find((variant) => variant.id === "var_travel_tin");
    expect(row?.version).toBe((old?.version ?? 0) + 1);
    expect(
      after.prices.find((price) => price.variantId === "var_travel_tin" && price.currencyCode === "USD"),
    ).toMatchObject({ amount: 2150, saleAmount: null });
    expect(
      after.prices.find((price) => price.variantId === "var_travel_tin" && price.currencyCode === "NPR"),
    ).toMatchObject({ amount: 75000, saleAmount: 65000 });
    expect(after.variants.filter((variant) => variant.id !== "var_travel_tin")).toEqual(
      before.variants.filter((variant) => variant.id !== "var_travel_tin"),
    );
    // Of the products, only the tin's "changed" time moves, as for a price set on the Prices page.
    const withoutTime = (rows: typeof before.products) => rows.map(({ updatedAt: _updatedAt, ...rest }) => rest);
    expect(withoutTime(after.products)).toEqual(withoutTime(before.products));
    expect(after.products.find((product) => product.id === "prod_travel_tin")?.updatedAt).toEqual(shop.api.clock.now());
    const [history] = await shop.api.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entityId, "var_travel_tin"));
    expect(history).toMatchObject({
      actor: "owner@shop.test",
      entity: "variant_prices",
      after: expect.arrayContaining([{ currencyCode: "USD", amount: 2150, saleAmount: null }]),
    });
    const shown = (await (await fetch(`${shop.api.storeUrl}/products/prod_travel_tin`)).json()) as {
      product: { variants: { prices: { currency_code: string; amount: number }[] }[] };
    };
    const usd = shown.product.variants[0]?.prices.find((price) => price.currency_code.toUpperCase() === "USD");
    expect(usd?.amount).toBe(2150);
  });

  it("refuses a file with problems, each named by its line and column, and writes nothing", async () => {
    const before = await snapshot();
    const csv = [
      header.join(","),
      line({
        ...fullPrices,
        product_title: "Bad Jar",
        status: "draft",
        purchasable: "true",
        variant_title: "1 g",
        sku: "hs-resin-10",
        manage_inventory: "false",
      }),
      line({
        ...fullPrices,
        product_title: "Bad Jar 2",
        status: "draft",
        purchasable: "true",
        variant_title: "1 g",
        manage_inventory: "false",
        price_USD: "12.345",
      }),
      line({
        ...fullPrices,
        product_title: "Bad Jar 3",
        status: "draft",
        purchasable: "true",
        variant_title: "1 g",
        manage_inventory: "false",
        sale_price_USD: "29.99",
      }),
      line({
        product_title: "Bad Jar 4",
        status: "published",
        purchasable: "true",
        variant_title: "1 g",
        manage_inventory: "false",
        price_USD: "5",
      }),
    ].join("\r\n");
    // Cell problems come first; the database's (a SKU taken, the publish rule) once the cells are right.
    const cells = await importCsv(csv, false);
    expect(cells.status).toBe(200);
    expect((cells.body as AdminProductImportResult).problems).toEqual([
      { line: 3, column: "price_USD", message: "USD has 2 decimals, not more" },
      { line: 4, column: "sale_price_USD", message: "A sale price must be below the price (29.99)" },
    ]);
    const fixed = csv.replace("12.345", "32.34").replace(/,29\.99,29\.99,/, ",29.99,9.99,");
    const preview = await importCsv(fixed, false);
    expect((preview.body as AdminProductImportResult).problems).toEqual([
      { line: 2, column: "sku", message: "Another variant already has the SKU hs-resin-10" },
      {
        line: 5,
        column: "price_NPR",
        message: "Set the prices of 1 g in NPR, INR, GBP, CAD, AED before publishing: every market needs one",
      },
    ]);
    const applied = await importCsv(fixed, true);
    expect(applied.status).toBe(400);
    expect(applied.body).toEqual({
      error: {
        code: "invalid_request",
        message: "Line 2, sku: Another variant already has the SKU hs-resin-10; 1 more problem. Nothing was imported.",
        details: { field: "body.csv" },
      },
    });
    const columns = [...header, "colour", "price_JPY"].join(",");
    const unknown = await importCsv(`${columns}\n${line({})},red,100`, true);
    expect(unknown.status).toBe(400);
    const checked = await importCsv(`${columns}\n${line({})},red,100`, false);
    expect((checked.body as AdminProductImportResult).problems).toEqual([
      {
        line: 1,
        column: "colour",
        message: "Not a column of the products file; the exported file shows them all",
      },
      { line: 1, column: "price_JPY", message: "The shop sells in no market with the currency JPY" },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("checks a file without writing: the preview counts what the import would do", async () => {
    const { rows } = await exported();
    const before = await snapshot();
    const resin = rows.filter((row) => row.product_id === "prod_himalayan_resin");
    const csv = [
      header.join(","),
      ...resin.map((row, index) =>
        line({ ...row, ribbon: "Preview", sku: index === 0 ? "HS-RESIN-10B" : (row.sku ?? "") }),
      ),
      line({ ...resin[0], variant_id: "", variant_title: "50 g", sku: "HS-RESIN-50", ribbon: "Preview" }),
    ].join("\r\n");
    const { status, body } = await importCsv(csv, false);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      applied: false,
      products: { create: 0, update: 1 },
      variants: { create: 1, update: 1 },
      problems: [],
      problemCount: 0,
      items: [
        { line: 2, kind: "product", action: "update", changes: ["Ribbon"] },
        { line: 2, kind: "variant", action: "update", changes: ["SKU"] },
        { line: 5, kind: "variant", action: "create", changes: [] },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("cleans markup out of the file's titles and description as the editor does", async () => {
    const csv = [
      header.join(","),
      line({
        product_title: '<img src=x onerror="alert(1)">Safe <b>Tea</b>',
        status: "draft",
        subtitle: "<script>alert(1)</script>Green",
        description_html:
          '<p onclick="alert(1)">Leaves</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
        purchasable: "true",
        variant_title: "<i>50 g</i>",
        manage_inventory: "false",
      }),
    ].join("\r\n");
    const { status, body } = await importCsv(csv, true);
    expect(status, JSON.stringify(body)).toBe(200);
    const tea = await shop.owner.get<AdminProduct>("/products/prod_safe_tea");
    expect(tea.title).toBe("Safe Tea");
    expect(tea.subtitle).toBe("Green");
    expect(tea.descriptionHtml).toBe("<p>Leaves</p><a>x</a>");
    expect(tea.variants[0]?.title).toBe("50 g");
  });

  it("refuses rich text too deep or with too many tags before sanitising it, in the editor and the file, never holding the server", async () => {
    const nested = (levels: number) => "<div>".repeat(levels) + "x" + "</div>".repeat(levels);
    // 20 kB: 3,990 elements, each inside the one before.
    const deep = "<div>".repeat(3990);
    const unclosed = "<b>".repeat(richTextShapeLimits.depth + 1) + "x";
    const tooMany = `Has more than ${richTextShapeLimits.tags} tags: simplify its formatting`;
    const tooDeep = `Has formatting nested more than ${richTextShapeLimits.depth} levels deep: simplify it`;
    const before = await snapshot();
    const product = await shop.owner.get<AdminProduct>("/products/prod_travel_tin");
    const { id: _id, variants: _variants, otherProducts: _others, history: _history, ...fields } = product;
    const held = await longestEventLoopHoldMs(async () => {
      const saved = await shop.owner.put("/products/prod_travel_tin", { ...fields, descriptionHtml: deep });
      expect(saved.status).toBe(400);
      expect(await saved.json()).toMatchObject({
        error: {
          message: `The description has more than ${richTextShapeLimits.tags} tags: simplify its formatting`,
          details: { field: "body.descriptionHtml" },
        },
      });
      const section = await shop.owner.put("/products/prod_travel_tin", {
        ...fields,
        sections: [{ title: "Use", descriptionHtml: unclosed }],
      });
      expect(await section.json()).toMatchObject({
        error: {
          message: `Section 1 has formatting nested more than ${richTextShapeLimits.depth} levels deep: simplify it`,
          details: { field: "body.sections.0.descriptionHtml" },
        },
      });
      // About 60 kB: three products whose descriptions would each have held the server for seconds.
      const csv = [
        header.join(","),
        ...[1, 2, 3].map((index) =>
          line({
            product_title: `Deep ${index}`,
            status: "draft",
            purchasable: "true",
            variant_title: "1 g",
            manage_inventory: "false",
            description_html: index === 2 ? unclosed : deep,
          }),
        ),
      ].join("\r\n");
      const checked = await importCsv(csv, false);
      expect(checked.status).toBe(200);
      expect((checked.body as AdminProductImportResult).problems).toEqual([
        { line: 2, column: "description_html", message: tooMany },
        { line: 3, column: "description_html", message: tooDeep },
        { line: 4, column: "description_html", message: tooMany },
      ]);
      const imported = await importCsv(csv, true);
      expect(imported.status).toBe(400);
      expect(imported.body).toMatchObject({
        error: { message: `Line 2, description_html: ${tooMany}; 2 more problems. Nothing was imported.` },
      });
    });
    expect(held).toBeLessThan(100);
    expect(await snapshot()).toEqual(before);
    // At the limits it is taken.
    const fine = await shop.owner.put("/products/prod_travel_tin", {
      ...fields,
      descriptionHtml: `${nested(richTextShapeLimits.depth)}${"<p>a</p>".repeat(richTextShapeLimits.tags - 40)}`,
    });
    expect(fine.status, await fine.clone().text()).toBe(200);
    const restored = await shop.owner.put("/products/prod_travel_tin", {
      ...fields,
      version: ((await fine.json()) as AdminProduct).version,
    });
    expect(restored.status).toBe(200);
  });

  it("exports each variant's GTIN and MPN as set, leading zeros kept, and a round trip changes nothing", async () => {
    await identify("prod_travel_tin", "var_travel_tin", "036000291452", "-TIN-5");
    const { csv, rows } = await exported();
    expect(rows.find((row) => row.variant_id === "var_travel_tin")).toMatchObject({
      gtin: "036000291452",
      // A cell a spreadsheet would read as a formula is escaped, and the import takes the escape off.
      mpn: "'-TIN-5",
    });
    expect(rows.find((row) => row.variant_id === "var_resin_10g")).toMatchObject({ gtin: "", mpn: "" });
    const before = await snapshot();
    const { status, body } = await importCsv(csv, true);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ applied: true, items: [], refused: [], problems: [] });
    expect(await snapshot()).toEqual(before);
  });

  it("sets, moves and clears GTINs and MPNs from a file, with their history, and keeps them when the file has no such columns", async () => {
    const { rows } = await exported();
    const resin = rows.filter((row) => row.product_id === "prod_himalayan_resin");
    const small = resin.find((row) => row.variant_id === "var_resin_10g") ?? {};
    const large = resin.find((row) => row.variant_id === "var_resin_30g") ?? {};
    const [smallBefore] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
    const set = [
      header.join(","),
      line({ ...small, gtin: "4006381-333931", mpn: "R10" }),
      line({ ...large, mpn: " R30 " }),
    ].join("\r\n");
    const applied = await importCsv(set, true);
    expect(applied, JSON.stringify(applied.body)).toMatchObject({
      status: 200,
      body: {
        applied: true,
        items: [
          { line: 2, kind: "variant", action: "update", changes: ["GTIN", "MPN"] },
          { line: 3, kind: "variant", action: "update", changes: ["MPN"] },
        ],
      },
    });
    const [smallAfter] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_resin_10g"));
    expect(smallAfter).toMatchObject({ gtin: "4006381333931", mpn: "R10", version: (smallBefore?.version ?? 0) + 1 });
    const [change] = await shop.api.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entityId, "var_resin_10g"))
      .orderBy(desc(catalogChanges.at))
      .limit(1);
    expect(change).toMatchObject({
      actor: "owner@shop.test",
      entity: "variant",
      after: expect.objectContaining({ gtin: "4006381333931", mpn: "R10" }),
    });

    // A file without the columns changes a price and adds a variant: the identifiers stay, the new one has none.
    const current = (await exported()).rows.filter((row) => row.product_id === "prod_himalayan_resin");
    const smallNow = current.find((row) => row.variant_id === "var_resin_10g") ?? {};
    const withoutColumns = [
      headerWithoutIdentifiers.join(","),
      line({ ...smallNow, price_GBP: "9.99" }, headerWithoutIdentifiers),
      line(
        { ...smallNow, variant_id: "", variant_version: "", variant_title: "5 g", sku: "" },
        headerWithoutIdentifiers,
      ),
    ].join("\r\n");
    const kept = await importCsv(withoutColumns, true);
    expect(kept, JSON.stringify(kept.body)).toMatchObject({
      status: 200,
      body: {
        applied: true,
        refused: [],
        items: [
          { line: 2, action: "update", changes: ["Prices"] },
          { line: 3, action: "create" },
        ],
      },
    });
    const resinVariants = await shop.api.db
      .select()
      .from(variants)
      .where(eq(variants.productId, "prod_himalayan_resin"))
      .orderBy(variants.sortOrder);
    expect(resinVariants.map((row) => [row.title, row.gtin, row.mpn])).toEqual([
      ["10 g", "4006381333931", "R10"],
      ["20 g", null, null],
      ["30 g", null, "R30"],
      ["5 g", null, null],
    ]);

    // A barcode moves from one variant to another in one file, and an empty cell clears an MPN.
    const latest = (await exported()).rows;
    const byId = (id: string) => latest.find((row) => row.variant_id === id) ?? {};
    const moved = [
      header.join(","),
      // The receiving line first: the barcode is freed before any line is written.
      line({ ...byId("var_resin_20g"), gtin: "4006381333931" }),
      line({ ...byId("var_resin_10g"), gtin: "", mpn: "" }),
      line({ ...byId("var_resin_30g"), mpn: "" }),
    ].join("\r\n");
    const movedResult = await importCsv(moved, true);
    expect(movedResult.status, JSON.stringify(movedResult.body)).toBe(200);
    const after = await shop.api.db
      .select()
      .from(variants)
      .where(eq(variants.productId, "prod_himalayan_resin"))
      .orderBy(variants.sortOrder);
    expect(after.map((row) => [row.title, row.gtin, row.mpn])).toEqual([
      ["10 g", null, null],
      ["20 g", "4006381333931", null],
      ["30 g", null, null],
      ["5 g", null, null],
    ]);
  });

  it("refuses a wrong GTIN, one another variant has in either form, and an old line that would undo a GTIN set since", async () => {
    await identify("prod_gift_box", "var_gift_box", "96385074", null);
    const { rows } = await exported();
    const tin = rows.find((row) => row.variant_id === "var_travel_tin") ?? {};
    const resin = rows.filter((row) => row.product_id === "prod_himalayan_resin");
    const before = await snapshot();
    const bad = [
      header.join(","),
      line({ ...tin, gtin: "00000096385074" }),
      line({ ...(resin[0] ?? {}), gtin: "4006381333932" }),
      line({ ...(resin[1] ?? {}), gtin: "4.00638E+12" }),
      line({ ...(resin[2] ?? {}), mpn: "m".repeat(71) }),
    ].join("\r\n");
    const checked = await importCsv(bad, false);
    expect((checked.body as AdminProductImportResult).problems).toEqual([
      { line: 3, column: "gtin", message: "This GTIN's last digit does not match its check digit (expected 1)" },
      {
        line: 4,
        column: "gtin",
        message:
          "A spreadsheet wrote this GTIN as a number and lost digits: format the gtin column as text and type it again",
      },
      { line: 5, column: "mpn", message: "An MPN has at most 70 characters; this one has 71" },
    ]);
    const taken = await importCsv([header.join(","), line({ ...tin, gtin: "00000096385074" })].join("\r\n"), true);
    expect(taken).toEqual({
      status: 400,
      body: {
        error: {
          code: "invalid_request",
          message:
            "Line 2, gtin: Another variant already has the GTIN 00000096385074: Himalayan Gift Box, Gift Box. Nothing was imported.",
          details: { field: "body.csv" },
        },
      },
    });
    expect(await snapshot()).toEqual(before);

    // Another owner sets the tin's GTIN after the export: the old line giving it another is refused, while
    // the same old line from a file without the columns changes nothing of it, and is taken.
    const [exportedTin] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_travel_tin"));
    await identify("prod_travel_tin", "var_travel_tin", "5901234123457", exportedTin?.mpn ?? null);
    const stale = await importCsv([header.join(","), line({ ...tin, gtin: "036000291452" })].join("\r\n"), true);
    expect(stale.body).toMatchObject({
      applied: true,
      items: [],
      refused: [
        {
          line: 2,
          message: expect.stringMatching(
            /, 5 g was changed in the back office after this file was exported \(GTIN\)\./,
          ),
        },
      ],
    });
    const untouched = await importCsv(
      [headerWithoutIdentifiers.join(","), line(tin, headerWithoutIdentifiers)].join("\r\n"),
      true,
    );
    expect(untouched.body).toMatchObject({ applied: true, items: [], refused: [] });
    const [row] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_travel_tin"));
    expect(row?.gtin).toBe("5901234123457");
  });

  it("refuses the lines of an old file that would undo another owner's save, writes none of them, and imports its other lines", async () => {
    const { rows } = await exported();
    const resin = rows.filter((row) => row.product_id === "prod_himalayan_resin");
    const twenty = resin.findIndex((row) => row.variant_id === "var_resin_20g");
    const tin = rows.find((row) => row.variant_id === "var_travel_tin") ?? {};
    expect(twenty).toBeGreaterThan(0);

    // Another owner raises the 20 g jar's US price on the Prices page and renames the tin in the editor.
    const listed = await shop.owner.get<AdminPrices>("/prices");
    const jar = listed.products.flatMap((product) => product.variants).find((entry) => entry.id === "var_resin_20g");
    const raised = await shop.owner.put("/variants/var_resin_20g/prices", {
      version: jar?.version,
      prices: [{ currencyCode: "USD", amount: 5499, saleAmount: null }],
    });
    expect(raised.status, await raised.clone().text()).toBe(200);
    const {
      id: _id,
      variants: _v,
      otherProducts: _o,
      history: _h,
      ...tinFields
    } = await shop.owner.get<AdminProduct>("/products/prod_travel_tin");
    const renamed = await shop.owner.put("/products/prod_travel_tin", { ...tinFields, title: "Travel Tin, Renamed" });
    expect(renamed.status, await renamed.clone().text()).toBe(200);

    // The first owner's old file: the resin's lines with a new GBP price on its first jar (untouched since),
    // and the tin's line as it was exported.
    const csv = [
      header.join(","),
      ...resin.map((row, index) => line(index === 0 ? { ...row, price_GBP: "21.50" } : row)),
      line(tin),
    ].join("\r\n");
    const refused = [
      {
        line: twenty + 2,
        column: null,
        message:
          "Pure Himalayan Shilajit Resin, 20 g was changed in the back office after this file was exported (price in USD). Export again and redo your change.",
      },
      {
        line: resin.length + 2,
        column: null,
        message:
          "Travel Tin, Renamed, 5 g was changed in the back office after this file was exported (title). Export again and redo your change.",
      },
    ];
    const checked = await importCsv(csv, false);
    expect(checked).toMatchObject({
      status: 200,
      body: {
        applied: false,
        problems: [],
        refused,
        refusedCount: 2,
        products: { create: 0, update: 0 },
        variants: { create: 0, update: 1 },
        items: [{ line: 2, kind: "variant", action: "update", changes: ["Prices"] }],
      },
    });

    const before = await snapshot();
    const applied = await importCsv(csv, true);
    expect(applied).toMatchObject({ status: 200, body: { applied: true, refused, variants: { update: 1 } } });
    const after = await snapshot();
    // Nothing of a refused line is written: the raised price and the new title stay.
    expect(after.products.find((row) => row.id === "prod_travel_tin")).toEqual(
      before.products.find((row) => row.id === "prod_travel_tin"),
    );
    expect(after.variants.find((row) => row.id === "var_resin_20g")).toEqual(
      before.variants.find((row) => row.id === "var_resin_20g"),
    );
    const price = (variantId: string, currency: string) =>
      after.prices.find((entry) => entry.variantId === variantId && entry.currencyCode === currency);
    expect(price("var_resin_20g", "USD")).toMatchObject({ amount: 5499, saleAmount: null });
    expect(price(resin[0]?.variant_id ?? "", "GBP")).toMatchObject({ amount: 2150 });
    expect(after.changes).toBe((before.changes ?? 0) + 1);

    // The same file again changes nothing more; a line without versions that would change a product is refused too.
    const again = await importCsv(csv, false);
    expect(again.body).toMatchObject({ items: [], refused });
    const unversioned = [
      header.join(","),
      line({ ...resin[0], price_GBP: "22.50", product_version: "", variant_version: "" }),
    ].join("\r\n");
    const withoutVersion = await importCsv(unversioned, true);
    expect(withoutVersion).toMatchObject({
      status: 200,
      body: {
        applied: true,
        items: [],
        refused: [
          {
            line: 2,
            message: expect.stringMatching(
              /^Pure Himalayan Shilajit Resin, \d+ g has no version in this file, so the import cannot tell whether it was changed in the back office since \(it would change price in GBP\)\./,
            ),
          },
        ],
      },
    });
    expect(await snapshot()).toEqual(after);
  });
});

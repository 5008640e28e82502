import { describe, expect, it } from "vitest";
import type { CurrencyRow, DetailAggregate, PriceRow, ProductAggregate, VariantRow } from "./repository.ts";
import {
  assetUrlOn,
  availableUnits,
  serializeCurrency,
  serializeDetailProduct,
  serializeListProduct,
} from "./serialize.ts";

const npr: CurrencyRow = {
  code: "NPR",
  name: "Nepalese Rupee",
  namePlural: "Nepalese rupees",
  symbol: "Rs",
  symbolNative: "रु",
  template: "Rs. $1",
  decimalDigits: 2,
};
const currencies = new Map([["NPR", npr]]);
const assetUrl = assetUrlOn("https://api.test");
const created = new Date("2025-01-02T03:04:05.000Z");
const updated = new Date("2025-02-03T04:05:06.000Z");

function variant(id: string, overrides: Partial<VariantRow> = {}): VariantRow {
  return {
    id,
    productId: "prod_resin",
    title: id,
    imageUrl: null,
    sku: null,
    gtin: null,
    mpn: null,
    sortOrder: 0,
    manageInventory: false,
    weight: null,
    stockOnHand: 0,
    version: 1,
    stockReserved: 0,
    updatedAt: updated,
    ...overrides,
  };
}

const sizeOption = {
  id: "opt_size",
  title: "Size",
  values: [
    { id: "val_10", option_id: "opt_size", variant_id: "var_10g", value: "10 g" },
    { id: "val_20", option_id: "opt_size", variant_id: "var_20g", value: "20 g" },
  ],
};
const packOption = {
  id: "opt_pack",
  title: "Pack",
  values: [{ id: "val_jar", option_id: "opt_pack", variant_id: "var_20g", value: "Jar" }],
};

const resinFacts = {
  servingSize: "300 mg (about a pea-sized amount)",
  servingsPerContainer: null,
  amounts: [
    { name: "Shilajit resin, purified", amount: "300 mg", dailyValue: "†" },
    { name: "<b>Fulvic acid</b>", amount: "60 mg", dailyValue: null },
  ],
  ingredients: "Purified Himalayan shilajit resin.\nNo fillers or additives.",
  warnings: ["Keep out of reach of children.", "<script>alert(1)</script>"],
};

const batch = {
  id: "bat_0123456789abcdef0123",
  productId: "prod_resin",
  lot: "HS-2611/B.2",
  testedOn: "2026-11-02",
  certificateSha256: "ab".repeat(32),
  certificateBytes: 2048,
  current: true,
  createdAt: updated,
  createdBy: "owner@shop.test",
};

function price(variantId: string, overrides: Partial<PriceRow> = {}): PriceRow {
  return { variantId, currencyCode: "NPR", amount: 120000, saleAmount: null, ...overrides };
}

function aggregate(
  overrides: Partial<ProductAggregate["product"]> = {},
  variants = [variant("var_10g")],
  prices = variants.map((row) => price(row.id)),
): DetailAggregate {
  return {
    product: {
      id: "prod_resin",
      title: "Resin",
      subtitle: "Pure",
      ribbonText: "New",
      description: "<p>Himalayan</p>",
      thumbnail: "/images/resin.svg",
      purchasable: true,
      sortOrder: 3,
      siteProductSelection: "lowest_price_first",
      status: "published",
      typeValue: "physical",
      extras: {
        options: [sizeOption, packOption],
        product_collections: [{ product_id: "prod_resin", collection_id: "col_1", order: 1 }],
        additional_info: [{ id: "info_1", order: 1, title: "Origin", description: "Nepal" }],
        custom_fields: [{ id: "cf_1", title: "Note", is_required: false }],
        related_products: [
          { id: "rel_1", section_title: "Also", related_type: "product", related_id: "prod_kit", position: 1 },
        ],
        metadata: { source: "seed" },
      },
      createdAt: created,
      updatedAt: updated,
      deletedAt: null,
      version: 1,
      facts: null,
      ...overrides,
    },
    images: [
      { productId: "prod_resin", url: "/images/resin.svg", sortOrder: 1, type: "image", alt: "", mediaId: null },
      {
        productId: "prod_resin",
        url: "https://cdn.test/resin-2.webp",
        sortOrder: 2,
        type: "image",
        alt: "The jar, open",
        mediaId: null,
      },
    ],
    media: [],
    variants,
    prices,
    currentBatch: null,
  };
}

describe("asset URLs", () => {
  it("puts stored paths on the API's public URL and leaves absolute URLs alone", () => {
    expect(assetUrl("/images/a.svg")).toBe("https://api.test/images/a.svg");
    expect(assetUrl("images/a.svg")).toBe("https://api.test/images/a.svg");
    expect(assetUrl("https://cdn.test/a.webp")).toBe("https://cdn.test/a.webp");
    expect(assetUrl("HTTP://cdn.test/a.webp")).toBe("HTTP://cdn.test/a.webp");
    expect(assetUrl("/images/https://x")).toBe("https://api.test/images/https://x");
  });
});

describe("serialised product, as the hosted backend shapes it", () => {
  it("writes every field of the product, its images under the given key, and its variants", () => {
    const product = aggregate(
      {},
      [
        variant("var_10g", {
          title: "10 g",
          imageUrl: "/images/10g.svg",
          sku: "HS-10",
          gtin: "4006381333931",
          mpn: "RESIN-10",
          manageInventory: true,
          weight: 10,
          stockOnHand: 7,
          stockReserved: 2,
        }),
      ],
      [price("var_10g", { saleAmount: 99900 })],
    );
    expect(serializeDetailProduct(product, currencies, assetUrl)).toEqual({
      id: "prod_resin",
      title: "Resin",
      subtitle: "Pure",
      ribbon_text: "New",
      description: "<p>Himalayan</p>",
      thumbnail: "https://api.test/images/resin.svg",
      purchasable: true,
      order: 3,
      site_product_selection: "lowest_price_first",
      status: "published",
      media: [
        {
          url: "https://api.test/images/resin.svg",
          order: 1,
          type: "image",
          alt: "",
          width: null,
          height: null,
          sizes: [],
        },
        {
          url: "https://cdn.test/resin-2.webp",
          order: 2,
          type: "image",
          alt: "The jar, open",
          width: null,
          height: null,
          sizes: [],
        },
      ],
      options: [sizeOption, packOption],
      variants: [
        {
          id: "var_10g",
          title: "10 g",
          image_url: "https://api.test/images/10g.svg",
          sku: "HS-10",
          gtin: "4006381333931",
          mpn: "RESIN-10",
          prices: [
            {
              amount: 120000,
              sale_amount: 99900,
              currency_code: "NPR",
              currency: {
                code: "NPR",
                decimal_digits: 2,
                template: "Rs. $1",
                name: "Nepalese Rupee",
                symbol: "Rs",
                symbol_native: "रु",
                name_plural: "Nepalese rupees",
                rounding: 0,
                min_amount: 0,
              },
            },
          ],
          manage_inventory: true,
          weight: 10,
          options: [sizeOption.values[0]],
          inventory_quantity: 5,
        },
      ],
      product_collections: [{ product_id: "prod_resin", collection_id: "col_1", order: 1 }],
      additional_info: [{ id: "info_1", order: 1, title: "Origin", description: "Nepal" }],
      type: { value: "physical" },
      custom_fields: [{ id: "cf_1", title: "Note", is_required: false }],
      related_products: [
        { id: "rel_1", section_title: "Also", related_type: "product", related_id: "prod_kit", position: 1 },
      ],
      updated_at: "2025-02-03T04:05:06.000Z",
      created_at: "2025-01-02T03:04:05.000Z",
      deleted_at: null,
      metadata: {
        source: "seed",
        social_image: { url: "https://api.test/images/cards/resin.png", width: 1200, height: 630 },
      },
      facts: null,
      batch: null,
    });
  });

  it("lists images under `images` in product lists, without the facts and the batch", () => {
    const detailed: DetailAggregate = { ...aggregate({ facts: resinFacts }), currentBatch: batch };
    const serialised = serializeListProduct(detailed, currencies, assetUrl);
    expect(serialised.images).toHaveLength(2);
    expect(serialised).not.toHaveProperty("media");
    expect(serialised).not.toHaveProperty("facts");
    expect(serialised).not.toHaveProperty("batch");
  });

  it("writes the supplement facts in the wire's names, as plain text, and the current batch with its certificate", () => {
    const serialised = serializeDetailProduct(
      { ...aggregate({ facts: resinFacts }), currentBatch: batch },
      currencies,
      assetUrl,
    );
    expect(serialised.facts).toEqual({
      serving_size: "300 mg (about a pea-sized amount)",
      servings_per_container: null,
      amounts: [
        { name: "Shilajit resin, purified", amount: "300 mg", daily_value: "†" },
        { name: "<b>Fulvic acid</b>", amount: "60 mg", daily_value: null },
      ],
      ingredients: "Purified Himalayan shilajit resin.\nNo fillers or additives.",
      warnings: ["Keep out of reach of children.", "<script>alert(1)</script>"],
    });
    expect(serialised.batch).toEqual({
      lot: "HS-2611/B.2",
      tested_on: "2026-11-02",
      certificate_url: `https://api.test/media/certificates/${"ab".repeat(32)}.pdf`,
    });
    const untested = serializeDetailProduct(
      { ...aggregate(), currentBatch: { ...batch, testedOn: null } },
      currencies,
      assetUrl,
    );
    expect(untested.batch?.tested_on).toBeNull();
    expect(untested.facts).toBeNull();
  });

  it("gives an uploaded photo its size, every width it is served at, and a social card drawn from it", () => {
    const id = "med_0123456789abcdef0123";
    const photo = {
      id,
      format: "webp",
      width: 960,
      height: 720,
      widths: [320, 640, 960],
      bytes: 1000,
      sha256: "0".repeat(64),
      createdAt: created,
      createdBy: "owner@shop.test",
    };
    const product = {
      ...aggregate({ thumbnail: `/media/${id}-960.webp` }),
      images: [
        {
          productId: "prod_resin",
          url: `/media/${id}-960.webp`,
          sortOrder: 1,
          type: "image",
          alt: "A jar",
          mediaId: id,
        },
      ],
      media: [photo],
    };
    const serialised = serializeDetailProduct(product, currencies, assetUrl);
    expect(serialised.media).toEqual([
      {
        url: `https://api.test/media/${id}-960.webp`,
        order: 1,
        type: "image",
        alt: "A jar",
        width: 960,
        height: 720,
        sizes: [
          { url: `https://api.test/media/${id}-320.webp`, width: 320 },
          { url: `https://api.test/media/${id}-640.webp`, width: 640 },
          { url: `https://api.test/media/${id}-960.webp`, width: 960 },
        ],
      },
    ]);
    expect(serialised.metadata.social_image).toEqual({
      url: `https://api.test/media/${id}-card.jpg`,
      width: 1200,
      height: 630,
    });
  });

  it("gives each variant the option values of that variant only", () => {
    const serialised = serializeDetailProduct(
      aggregate({}, [variant("var_10g"), variant("var_20g"), variant("var_30g")]),
      currencies,
      assetUrl,
    );
    expect(serialised.variants.map((entry) => [entry.id, entry.options.map((value) => value.id)])).toEqual([
      ["var_10g", ["val_10"]],
      ["var_20g", ["val_20", "val_jar"]],
      ["var_30g", []],
    ]);
  });

  it("writes null for a missing thumbnail, variant image or currency, and the deletion time when there is one", () => {
    const deleted = new Date("2025-03-04T05:06:07.000Z");
    const serialised = serializeDetailProduct(
      aggregate(
        { thumbnail: null, deletedAt: deleted },
        [variant("var_10g")],
        [price("var_10g", { currencyCode: "XYZ" })],
      ),
      currencies,
      assetUrl,
    );
    expect(serialised.thumbnail).toBeNull();
    expect(serialised.deleted_at).toBe("2025-03-04T05:06:07.000Z");
    expect(serialised.variants[0]?.image_url).toBeNull();
    expect(serialised.variants[0]?.prices).toEqual([
      { amount: 120000, sale_amount: null, currency_code: "XYZ", currency: null },
    ]);
  });
});

describe("price lists", () => {
  it("lists each variant's own prices, in the order the repository gave them", () => {
    const usd = { ...npr, code: "USD", template: "$$1", symbol: "$", name: "US Dollar" };
    const product = aggregate(
      {},
      [variant("var_10g"), variant("var_20g")],
      [
        price("var_10g"),
        price("var_20g", { amount: 220000 }),
        price("var_10g", { currencyCode: "USD", amount: 2999 }),
        price("var_20g", { currencyCode: "USD", amount: 4999, saleAmount: 4499 }),
      ],
    );
    const [first, second] = serializeListProduct(product, new Map([...currencies, ["USD", usd]]), assetUrl).variants;
    expect(first?.prices.map((entry) => [entry.currency_code, entry.amount, entry.sale_amount])).toEqual([
      ["NPR", 120000, null],
      ["USD", 2999, null],
    ]);
    expect(second?.prices.map((entry) => [entry.currency_code, entry.amount, entry.sale_amount])).toEqual([
      ["NPR", 220000, null],
      ["USD", 4999, 4499],
    ]);
    expect(second?.prices[1]?.currency?.template).toBe("$$1");
  });

  it("writes no price for a variant without one", () => {
    const product = aggregate({}, [variant("var_10g")], []);
    expect(serializeListProduct(product, currencies, assetUrl).variants[0]?.prices).toEqual([]);
  });
});

describe("available units", () => {
  it("are the units on hand less those reserved by open checkouts", () => {
    expect(availableUnits(variant("v", { stockOnHand: 9, stockReserved: 4 }))).toBe(5);
    expect(availableUnits(variant("v", { stockOnHand: 3, stockReserved: 3 }))).toBe(0);
  });

  it("serialises a currency with zero rounding and minimum", () => {
    expect(serializeCurrency({ ...npr, decimalDigits: 0 })).toMatchObject({
      decimal_digits: 0,
      rounding: 0,
      min_amount: 0,
    });
  });
});

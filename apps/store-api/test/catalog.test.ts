import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSeedCatalog, seedImagesFolder } from "../src/catalog/seed.ts";
import { corsPreflight, databaseKinds, rawGet, shopOrigin, startApi, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();

interface ListedProduct {
  id: string;
  images: unknown[];
  variants: { id: string; inventory_quantity: number; prices: { amount: number; currency: { template: string } }[] }[];
  [field: string]: unknown;
}

const productFields = [
  "id",
  "title",
  "subtitle",
  "ribbon_text",
  "description",
  "thumbnail",
  "purchasable",
  "order",
  "site_product_selection",
  "status",
  "options",
  "variants",
  "product_collections",
  "additional_info",
  "type",
  "custom_fields",
  "related_products",
  "updated_at",
  "created_at",
  "deleted_at",
  "metadata",
];
const variantFields = [
  "id",
  "title",
  "image_url",
  "sku",
  "prices",
  "manage_inventory",
  "weight",
  "options",
  "inventory_quantity",
];

describe.each(kinds)("catalogue on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(async () => {
    await api.close();
  });

  async function getJson(path: string) {
    const response = await fetch(`${api.storeUrl}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("lists products with count, offset, limit and every field of the hosted backend", async () => {
    const { status, body } = await getJson("/products");
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 5, offset: 0, limit: 20 });
    const products = body.products as ListedProduct[];
    expect(products.map((product) => product.id)).toEqual([
      "prod_himalayan_resin",
      "prod_travel_tin",
      "prod_starter_kit",
      "prod_value_pack",
      "prod_gift_box",
    ]);
    for (const product of products) {
      expect(Object.keys(product)).toEqual(expect.arrayContaining([...productFields, "images"]));
      for (const variant of product.variants)
        expect(Object.keys(variant)).toEqual(expect.arrayContaining(variantFields));
    }
    const resin = products[0];
    // The seed's drawings scale: no pixel size and no other widths; their alt text is the product's title.
    const drawing = { type: "image", alt: "", width: null, height: null, sizes: [] };
    expect(resin?.images).toEqual([
      { url: "http://api.test/images/resin-10g.svg", order: 1, ...drawing },
      { url: "http://api.test/images/resin-20g.svg", order: 2, ...drawing },
      { url: "http://api.test/images/resin-30g.svg", order: 3, ...drawing },
      { url: "http://api.test/images/resin-lifestyle.svg", order: 4, ...drawing },
    ]);
    expect(resin?.variants[0]?.prices[0]).toMatchObject({
      amount: 120000,
      sale_amount: null,
      currency_code: "NPR",
      currency: { code: "NPR", template: "Rs. $1", symbol: "Rs", decimal_digits: 2 },
    });
  });

  it("lists only the price in the currency asked for, else each variant's first, on both reads", async () => {
    const all = (await getJson("/products")).body.products as ListedProduct[];
    const dollars = await getJson("/products?currency=usd");
    expect(dollars.status).toBe(200);
    const listed = dollars.body.products as {
      id: string;
      variants: { id: string; prices: { currency_code: string }[] }[];
    }[];
    expect(listed.map((product) => product.id)).toEqual(all.map((product) => product.id));
    for (const product of listed) {
      for (const variant of product.variants) {
        expect(
          variant.prices.map((price) => price.currency_code),
          variant.id,
        ).toEqual(["USD"]);
      }
    }
    // Any case; the detail answer the same way.
    const single = await getJson("/products/prod_himalayan_resin?currency=GBP");
    const detail = single.body.product as { variants: { prices: { currency_code: string; amount: number }[] }[] };
    expect(detail.variants.map((variant) => variant.prices.map((price) => price.currency_code))).toEqual([
      ["GBP"],
      ["GBP"],
      ["GBP"],
    ]);
    const full = (await getJson("/products/prod_himalayan_resin")).body.product as typeof detail;
    expect(detail.variants[0]?.prices[0]).toEqual(
      full.variants[0]?.prices.find((price) => price.currency_code === "GBP"),
    );
    // A currency the store does not price in: the first price, the one a page shows without it.
    const euros = (await getJson("/products/prod_himalayan_resin?currency=eur")).body.product as typeof detail;
    expect(euros.variants.map((variant) => variant.prices)).toEqual(
      full.variants.map((variant) => variant.prices.slice(0, 1)),
    );
  });

  it.each(["US", "usd1", "US$", ""])("refuses a malformed currency %j on both reads", async (currency) => {
    for (const path of ["/products", "/products/prod_himalayan_resin"]) {
      const { status, body } = await getJson(`${path}?currency=${encodeURIComponent(currency)}`);
      expect(status, path).toBe(400);
      expect(body).toMatchObject({ error: { code: "invalid_request", details: { field: "query.currency" } } });
    }
  });

  it("pages with offset and limit", async () => {
    const { body } = await getJson("/products?offset=1&limit=2");
    expect(body).toMatchObject({ count: 5, offset: 1, limit: 2 });
    expect((body.products as ListedProduct[]).map((product) => product.id)).toEqual([
      "prod_travel_tin",
      "prod_starter_kit",
    ]);
  });

  it("filters by repeated ids[] and by a single ids[]", async () => {
    const many = await getJson("/products?ids[]=prod_gift_box&ids[]=prod_travel_tin&ids[]=nope");
    expect(many.body.count).toBe(2);
    expect((many.body.products as ListedProduct[]).map((product) => product.id)).toEqual([
      "prod_travel_tin",
      "prod_gift_box",
    ]);
    const one = await getJson("/products?ids[]=prod_starter_kit");
    expect((one.body.products as ListedProduct[]).map((product) => product.id)).toEqual(["prod_starter_kit"]);
  });

  it("sorts by sort_by and order", async () => {
    const byTitle = await getJson("/products?sort_by=title&order=asc");
    expect((byTitle.body.products as ListedProduct[]).map((product) => product.id)).toEqual([
      "prod_gift_box",
      "prod_himalayan_resin",
      "prod_starter_kit",
      "prod_travel_tin",
      "prod_value_pack",
    ]);
    const newest = await getJson("/products?sort_by=created_at&order=desc&limit=1");
    expect((newest.body.products as ListedProduct[])[0]?.id).toBe("prod_gift_box");
  });

  it("answers to_date and is_hidden", async () => {
    const early = await getJson("/products?to_date=2025-07-06T00:00:00Z");
    expect((early.body.products as ListedProduct[]).map((product) => product.id)).toEqual([
      "prod_himalayan_resin",
      "prod_travel_tin",
    ]);
    expect((await getJson("/products?is_hidden=true")).body.count).toBe(0);
  });

  it.each([
    ["limit=-5", "query.limit"],
    ["limit=0", "query.limit"],
    ["limit=101", "query.limit"],
    ["offset=abc", "query.offset"],
    ["sort_by=price; DROP TABLE products", "query.sort_by"],
    ["order=sideways", "query.order"],
    ["to_date=yesterday", "query.to_date"],
    [Array.from({ length: 101 }, (_, index) => `ids[]=p${index}`).join("&"), "query.ids[]"],
  ])("rejects a bad query %#: %s", async (query, field) => {
    const { status, body } = await getJson(`/products?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: "invalid_request", details: { field } } });
  });

  it("returns one product under `product` with its images in `media`", async () => {
    const { status, body } = await getJson("/products/prod_himalayan_resin");
    expect(status).toBe(200);
    const product = body.product as ListedProduct & { media: unknown[] };
    expect(Object.keys(product)).toEqual(expect.arrayContaining([...productFields, "media"]));
    expect(product.media).toHaveLength(4);
    expect(product.variants.map((variant) => variant.id)).toEqual(["var_resin_10g", "var_resin_20g", "var_resin_30g"]);
    expect(product.options).toEqual([
      expect.objectContaining({
        title: "Style",
        values: [
          expect.objectContaining({ variant_id: "var_resin_10g", value: "10 g" }),
          expect.objectContaining({ variant_id: "var_resin_20g", value: "20 g" }),
          expect.objectContaining({ variant_id: "var_resin_30g", value: "30 g" }),
        ],
      }),
    ]);
  });

  it("gives the gift box its picture and subtitle, and every product a social card", async () => {
    const { body } = await getJson("/products/prod_gift_box");
    expect(body.product).toMatchObject({
      thumbnail: "http://api.test/images/gift-box.svg",
      media: [{ url: "http://api.test/images/gift-box.svg", order: 1, type: "image" }],
      subtitle: expect.stringContaining("20 g jar"),
      variants: [expect.objectContaining({ image_url: "http://api.test/images/gift-box.svg" })],
      metadata: { social_image: { url: "http://api.test/images/cards/gift-box.png", width: 1200, height: 630 } },
    });
  });

  it("answers 404 for an unknown product", async () => {
    const { status, body } = await getJson("/products/prod_missing");
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: "not_found", message: "Product not found" } });
  });

  it("refuses ids with control characters or over 100 characters before the database sees them", async () => {
    for (const id of ["prod_himalayan_resin%00", "%00", "a%0D%0Ab", "x".repeat(101)]) {
      const single = await getJson(`/products/${id}`);
      expect(single.status, id).toBe(400);
      expect(single.body).toMatchObject({ error: { code: "invalid_request" } });
      const listed = await getJson(`/variants?product_ids[]=${id}`);
      expect(listed.status, id).toBe(400);
    }
  });

  it("answers 404 for another store id on every call", async () => {
    for (const path of ["/products", "/products/prod_himalayan_resin", "/variants"]) {
      const response = await fetch(`${api.baseUrl}/store/someone-else${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Store not found" } });
    }
    const checkout = await fetch(`${api.baseUrl}/store/someone-else/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(checkout.status).toBe(404);
  });

  it("lists variant stock for the requested products only, with zero kept as zero", async () => {
    const { status, body } = await getJson(
      "/variants?fields=inventory_quantity&product_ids[]=prod_value_pack&product_ids[]=prod_starter_kit",
    );
    expect(status).toBe(200);
    expect(body.variants).toEqual([
      { id: "var_starter_kit", inventory_quantity: 3 },
      { id: "var_value_2x20", inventory_quantity: 25 },
      { id: "var_value_3x20", inventory_quantity: 0 },
    ]);
  });

  it("lists all variant fields when no fields are asked for, and rejects unknown fields", async () => {
    const all = await getJson("/variants?product_ids[]=prod_travel_tin");
    expect(all.body.variants).toEqual([
      {
        id: "var_travel_tin",
        inventory_quantity: 0,
        title: "5 g",
        sku: "HS-TIN-5",
        manage_inventory: false,
        product_id: "prod_travel_tin",
      },
    ]);
    const bad = await getJson("/variants?fields=password");
    expect(bad.status).toBe(400);
  });

  it("serves product images from the repository, and nothing outside it", async () => {
    const image = await fetch(`${api.baseUrl}/images/resin-10g.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(await image.text()).toContain("<svg");
    for (const path of ["/images/..%2Fcatalog.json", "/images/catalog.json", "/images/missing.svg"]) {
      expect((await fetch(`${api.baseUrl}${path}`)).status).toBe(404);
    }
  });

  it("sends a drawing compressed as the browser accepts, the same picture once unpacked", async () => {
    const file = readFileSync(path.join(seedImagesFolder, "resin-10g.svg"));
    const brotli = await rawGet(`${api.baseUrl}/images/resin-10g.svg`, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toBe("image/svg+xml");
    expect(brotli.headers.vary).toBe("Accept-Encoding");
    expect(brotli.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(brotli.body.length).toBeLessThan(file.length / 2);
    expect(brotliDecompressSync(brotli.body).equals(file)).toBe(true);
    const gzip = await rawGet(`${api.baseUrl}/images/resin-10g.svg`, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(file)).toBe(true);
    const plain = await rawGet(`${api.baseUrl}/images/resin-10g.svg`, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
    // A picture's own format is compressed already: it is sent as it is.
    const card = await rawGet(`${api.baseUrl}/images/cards/resin-10g.png`, "gzip, br");
    expect(card.headers["content-encoding"]).toBeUndefined();
    expect(card.headers["content-type"]).toBe("image/png");
  });

  it("draws a product's social card as a 1200×630 PNG from its artwork", async () => {
    const card = await fetch(`${api.baseUrl}/images/cards/gift-box.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await card.arrayBuffer());
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    // The IHDR chunk holds the width and height as big-endian integers.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    const again = await fetch(`${api.baseUrl}/images/cards/gift-box.png`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    for (const path of ["/images/cards/missing.png", "/images/cards/gift-box.svg", "/images/cards/..%2Fcatalog.png"]) {
      expect((await fetch(`${api.baseUrl}${path}`)).status).toBe(404);
    }
  });

  it("reports health", async () => {
    const response = await fetch(`${api.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("allows CORS only for the shop's origins", async () => {
    const allowed = await fetch(`${api.storeUrl}/products`, { headers: { origin: shopOrigin } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(shopOrigin);
    const preflight = await corsPreflight(`${api.storeUrl}/checkout`, shopOrigin);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(shopOrigin);
    for (const origin of ["http://evil.test", "http://shop.test.evil.test", "null"]) {
      const refused = await fetch(`${api.storeUrl}/products`, { headers: { origin } });
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("answers unknown routes with a JSON 404", async () => {
    const response = await fetch(`${api.baseUrl}/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("a catalogue without pictures", () => {
  let api: RunningApi;
  beforeAll(async () => {
    const seed = await readSeedCatalog();
    const imageless = seed.products.map((product) => ({
      ...product,
      subtitle: null,
      images: [],
      thumbnail: null,
      variants: product.variants.map((variant) => ({ ...variant, image: null })),
    }));
    api = await startApi("pglite", { catalog: { ...seed, products: imageless } });
  });
  afterAll(async () => {
    await api.close();
  });

  it("keeps a product without images imageless, with no social card", async () => {
    const response = await fetch(`${api.storeUrl}/products/prod_gift_box`);
    const body = (await response.json()) as { product: unknown };
    expect(body.product).toMatchObject({ thumbnail: null, media: [], subtitle: null, metadata: {} });
    expect(body.product).not.toHaveProperty("metadata.social_image");
  });
});

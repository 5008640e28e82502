import { describe, expect, it } from "vitest";
import { productPrice } from "../money";
import { readFixture, type FixtureSet } from "./fixtures.testing";
import {
  cardProductOf,
  chosenPrice,
  minorUnits,
  priceInCurrency,
  productInCurrency,
  reshapeCheckout,
  reshapeProduct,
  reshapeProductList,
  reshapeProductResponse,
  reshapeVariantStock,
  UnexpectedResponseError,
  withFreshStock,
} from "./reshape";

const checkoutFixture = readFixture("hosted", "checkout.json");
const productFixture = readFixture("hosted", "product.json");
const productsFixture = readFixture("hosted", "products.json");
const variantsFixture = readFixture("hosted", "variants.json");

describe.each<FixtureSet>(["hosted", "ours"])(
  "reading the %s backend's answers as the contract describes them",
  (set) => {
    it("reads every product of a list with its id, title, picture addresses and priced variants", () => {
      const list = reshapeProductList(readFixture(set, "products.json"));
      expect(list.products.length).toBeGreaterThan(0);
      expect(list.count).toBeGreaterThanOrEqual(list.products.length);
      for (const product of list.products) {
        expect(product.id).not.toBe("");
        expect(product.title).not.toBe("");
        for (const image of product.images) expect(image.url).toMatch(/^https?:\/\//);
        expect(product.variants.length).toBeGreaterThan(0);
        for (const variant of product.variants) {
          expect(variant.priceInCents).toBeGreaterThan(0);
          expect(variant.currency.code).toMatch(/^[a-z]{3}$/);
          expect(variant.currency.template).toContain("$1");
          if (variant.manageInventory) expect(variant.inventoryQuantity).not.toBeNull();
        }
      }
    });

    it("reads one product with its pictures from media, options pointing at its variants", () => {
      const product = reshapeProductResponse(readFixture(set, "product.json"));
      expect(product.images.length).toBeGreaterThan(0);
      expect(product.descriptionHtml).not.toBe("");
      const variantIds = new Set(product.variants.map((variant) => variant.id));
      for (const option of product.options) {
        for (const value of option.values) expect(variantIds.has(value.variantId)).toBe(true);
      }
    });

    it("reads the variants call's stock for every variant it lists", () => {
      const stock = reshapeVariantStock(readFixture(set, "variants.json"));
      expect(stock.size).toBeGreaterThan(0);
      for (const quantity of stock.values()) expect(Number.isInteger(quantity) && quantity >= 0).toBe(true);
    });

    it("reads the payment page's URL from a checkout answer", () => {
      expect(reshapeCheckout(readFixture(set, "checkout.json")).url).toMatch(/^https?:\/\/[^/]+\/.*\?/);
    });
  },
);

describe("reshaping the hosted backend's JSON (fixtures)", () => {
  it("reads the product list with count, offset and limit", () => {
    const list = reshapeProductList(productsFixture);
    expect(list).toMatchObject({ count: 2, offset: 0, limit: 20 });
    expect(list.products.map((product) => product.id)).toEqual(["prod_01HSAMPLE0001", "prod_01HSAMPLE0002"]);
    const [first] = list.products;
    expect(first?.images.map((image) => image.url)).toEqual([
      "https://cdn.example.invalid/shilajit-10g.webp",
      "https://cdn.example.invalid/shilajit-20g.webp",
    ]);
    expect(first?.variants[1]).toMatchObject({
      id: "var_20g",
      priceInCents: 220000,
      salePriceInCents: 199900,
      currency: { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 },
      manageInventory: true,
    });
  });

  it("reads one product with its images from media, keeping a stock of 0 as 0", () => {
    const product = reshapeProductResponse(productFixture);
    expect(product.images).toHaveLength(2);
    expect(product.variants.map((variant) => variant.inventoryQuantity)).toEqual([0, 7]);
    expect(product.options[0]?.values.map((value) => value.variantId)).toEqual(["var_10g", "var_20g"]);
  });

  it("lets the variants call's fresher stock win and keeps 0", () => {
    const product = withFreshStock(reshapeProductResponse(productFixture), reshapeVariantStock(variantsFixture));
    expect(product.variants.map((variant) => [variant.id, variant.inventoryQuantity])).toEqual([
      ["var_10g", 0],
      ["var_20g", 5],
    ]);
  });

  it("keeps the original stock of a variant the variants call did not mention", () => {
    const product = withFreshStock(reshapeProductResponse(productFixture), new Map([["var_10g", 3]]));
    expect(product.variants.map((variant) => variant.inventoryQuantity)).toEqual([3, 7]);
  });

  it("reads the checkout URL, query string and all", () => {
    expect(reshapeCheckout(checkoutFixture)).toEqual({
      url: "https://checkout.example.invalid/pay?session=cs_01HSAMPLE",
    });
  });
});

describe("reading odd or broken answers", () => {
  it("defaults missing prices to 0 and currency to eur, and treats an empty sale amount as no sale", () => {
    const product = reshapeProduct({
      id: 7,
      title: "Bare",
      variants: [{ id: "v", prices: [{ amount: null, sale_amount: "" }] }, { id: "w" }],
    });
    expect(product.id).toBe("7");
    expect(product.variants[0]).toMatchObject({ priceInCents: 0, salePriceInCents: null, currency: { code: "eur" } });
    expect(product.variants[1]).toMatchObject({ priceInCents: 0, inventoryQuantity: null, manageInventory: false });
    expect(product.purchasable).toBe(true);
  });

  it("uses the thumbnail as the only image when no images are listed", () => {
    const product = reshapeProduct({ id: "p", title: "T", thumbnail: "https://x.test/a.webp", images: [] });
    expect(product.images).toEqual([
      { url: "https://x.test/a.webp", order: 1, alt: null, width: null, height: null, sources: [] },
    ]);
    expect(product.thumbnailImage).toEqual(product.images[0]);
  });

  it("reads the social card from metadata.social_image, and only an absolute http(s) URL with whole sizes", () => {
    const card = { url: "https://api.test/images/cards/a.png", width: 1200, height: 630 };
    expect(reshapeProduct({ id: "p", title: "T", metadata: { social_image: card } }).socialImage).toEqual(card);
    expect(
      reshapeProduct({ id: "p", title: "T", metadata: { social_image: { url: card.url, width: "1200", height: -1 } } })
        .socialImage,
    ).toEqual({ url: card.url, width: null, height: null });
    for (const metadata of [undefined, {}, { social_image: "x" }, { social_image: { url: "javascript:alert(1)" } }])
      expect(reshapeProduct({ id: "p", title: "T", metadata }).socialImage).toBeNull();
  });

  it("sorts images by their order", () => {
    const product = reshapeProduct({
      id: "p",
      title: "T",
      images: [
        { url: "b", order: 2 },
        { url: "a", order: 1 },
      ],
    });
    expect(product.images.map((image) => image.url)).toEqual(["a", "b"]);
  });

  it("reads the titled sections in their order, leaving out one without a title", () => {
    const product = reshapeProduct({
      id: "p",
      title: "T",
      additional_info: [
        { id: "b", order: 2, title: "Storage", description: "<p>Cool</p>" },
        { id: "x", order: 0, title: "  ", description: "<p>No title</p>" },
        { id: "a", order: 1, title: "How to use", description: "<p>Warm water</p>" },
        "broken",
        { id: "c", order: 3, title: "Origin" },
      ],
    });
    expect(product.sections).toEqual([
      { title: "How to use", descriptionHtml: "<p>Warm water</p>" },
      { title: "Storage", descriptionHtml: "<p>Cool</p>" },
      { title: "Origin", descriptionHtml: "" },
    ]);
    expect(reshapeProduct({ id: "p", title: "T" }).sections).toEqual([]);
  });

  it("skips a broken product in a list instead of failing the page", () => {
    const list = reshapeProductList({ products: [{ title: "no id" }, { id: "ok", title: "Fine" }, null] });
    expect(list.products.map((product) => product.id)).toEqual(["ok"]);
    expect(list.count).toBe(1);
  });

  it.each([null, "html", { products: "nope" }, []])("refuses a product list answer of %j", (json) => {
    expect(() => reshapeProductList(json)).toThrow(UnexpectedResponseError);
  });

  it("refuses a product answer without `product`, and a checkout without an http URL", () => {
    expect(() => reshapeProductResponse({ id: "p", title: "T" })).toThrow(UnexpectedResponseError);
    expect(() => reshapeCheckout({ url: "javascript:alert(1)" })).toThrow(UnexpectedResponseError);
    expect(() => reshapeCheckout({})).toThrow(UnexpectedResponseError);
  });

  it("reads money as whole minor units only", () => {
    expect(minorUnits(120000)).toBe(120000);
    expect(minorUnits("1999")).toBe(1999);
    expect(minorUnits("")).toBeNull();
    expect(minorUnits(-5)).toBeNull();
    expect(minorUnits(Number.NaN)).toBeNull();
    expect(minorUnits("12.5")).toBeNull();
  });

  it("ignores negative or fractional stock figures sensibly", () => {
    const stock = reshapeVariantStock({
      variants: [{ id: "a", inventory_quantity: -3 }, { id: "b", inventory_quantity: 2.7 }, { id: "c" }],
    });
    expect([...stock]).toEqual([
      ["a", 0],
      ["b", 2],
    ]);
  });
});

describe("reading prices and currencies", () => {
  const variantOf = (price: Record<string, unknown>) =>
    reshapeProduct({ id: "p", title: "T", variants: [{ id: "v", prices: [price] }] }).variants[0];

  it("does not make a product free when the backend sends a sale amount of 0 (sale_amount of 0)", () => {
    expect(variantOf({ amount: 120000, sale_amount: 0 })).toMatchObject({
      priceInCents: 120000,
      salePriceInCents: null,
    });
    expect(variantOf({ amount: 120000, sale_amount: 99900 })).toMatchObject({ salePriceInCents: 99900 });
  });

  it("reads zero-decimal and three-decimal currencies, up to 4 digits", () => {
    const digits = (decimal_digits: unknown) =>
      variantOf({ amount: 1, currency: { decimal_digits } })?.currency.decimalDigits;
    expect(digits(0)).toBe(0);
    expect(digits(3)).toBe(3);
    expect(digits(4)).toBe(4);
  });

  it("falls back to 2 decimals for a missing, negative, fractional or too large digit count", () => {
    const digits = (decimal_digits: unknown) =>
      variantOf({ amount: 1, currency: { decimal_digits } })?.currency.decimalDigits;
    expect(digits(undefined)).toBe(2);
    expect(digits(-1)).toBe(2);
    expect(digits(2.5)).toBe(2);
    expect(digits(5)).toBe(2);
  });

  it("takes the currency code from the price, else from its currency, in lower case", () => {
    expect(variantOf({ amount: 1, currency_code: "NPR", currency: { code: "USD" } })?.currency.code).toBe("npr");
    expect(variantOf({ amount: 1, currency: { code: "USD", symbol: "$", template: "$$1" } })?.currency).toEqual({
      code: "usd",
      symbol: "$",
      template: "$$1",
      decimalDigits: 2,
    });
  });

  it("reads money as whole minor units, from trimmed digit strings too", () => {
    expect(minorUnits(0)).toBe(0);
    expect(minorUnits(" 1999 ")).toBe(1999);
    expect(minorUnits(12.6)).toBe(13);
    expect(minorUnits(Number.POSITIVE_INFINITY)).toBeNull();
    expect(minorUnits(true)).toBeNull();
    expect(minorUnits(null)).toBeNull();
    expect(minorUnits({})).toBeNull();
  });
});

describe("reading a product field by field", () => {
  it("reads every field of a full record", () => {
    const product = reshapeProduct({
      id: "p",
      title: "Resin",
      subtitle: "Pure",
      ribbon_text: "New",
      description: "<p>D</p>",
      additional_info: [{ id: "i", order: 1, title: "Storage", description: "<p>Cool</p>" }],
      thumbnail: "https://x.test/t.webp",
      images: [{ url: "https://x.test/a.webp", order: 1 }],
      purchasable: false,
      order: 5,
      site_product_selection: "first_variant",
      options: [{ id: "o", title: "Size", values: [{ id: "ov", variant_id: "v", value: "10 g" }] }],
      variants: [
        {
          id: "v",
          title: "10 g",
          image_url: "https://x.test/v.webp",
          sku: "HS-10",
          gtin: "4006381333931",
          mpn: "HS-10-M",
          prices: [{ amount: 120000, sale_amount: null, currency_code: "npr" }],
          manage_inventory: true,
          inventory_quantity: 4,
          weight: 12.5,
        },
      ],
    });
    expect(product).toEqual({
      id: "p",
      title: "Resin",
      subtitle: "Pure",
      ribbonText: "New",
      descriptionHtml: "<p>D</p>",
      sections: [{ title: "Storage", descriptionHtml: "<p>Cool</p>" }],
      thumbnail: "https://x.test/t.webp",
      thumbnailImage: { url: "https://x.test/t.webp", order: 1, alt: null, width: null, height: null, sources: [] },
      images: [{ url: "https://x.test/a.webp", order: 1, alt: null, width: null, height: null, sources: [] }],
      purchasable: false,
      order: 5,
      siteProductSelection: "first_variant",
      options: [{ id: "o", title: "Size", values: [{ id: "ov", variantId: "v", value: "10 g" }] }],
      socialImage: null,
      variants: [
        {
          id: "v",
          title: "10 g",
          imageUrl: "https://x.test/v.webp",
          sku: "HS-10",
          gtin: "4006381333931",
          mpn: "HS-10-M",
          priceInCents: 120000,
          salePriceInCents: null,
          currency: { code: "npr", symbol: null, template: null, decimalDigits: 2 },
          prices: [
            { amount: 120000, sale: null, currency: { code: "npr", symbol: null, template: null, decimalDigits: 2 } },
          ],
          manageInventory: true,
          inventoryQuantity: 4,
          weight: 12.5,
        },
      ],
    });
  });

  it("gives a bare record our defaults", () => {
    expect(reshapeProduct({ id: "p", title: "T" })).toEqual({
      id: "p",
      title: "T",
      subtitle: null,
      ribbonText: null,
      descriptionHtml: "",
      sections: [],
      thumbnail: null,
      thumbnailImage: null,
      images: [],
      purchasable: true,
      order: 0,
      siteProductSelection: null,
      options: [],
      socialImage: null,
      variants: [],
    });
  });

  it("uses the first image as the thumbnail when there is none", () => {
    const product = reshapeProduct({ id: "p", title: "T", media: [{ url: "https://x.test/a.webp" }] });
    expect(product.thumbnail).toBe("https://x.test/a.webp");
  });

  it("numbers unordered images in their listed order and skips entries without a URL", () => {
    const product = reshapeProduct({
      id: "p",
      title: "T",
      media: [{ url: "https://x.test/a.webp" }, null, { order: 0 }, { url: "https://x.test/b.webp" }],
    });
    expect(product.images).toEqual([
      { url: "https://x.test/a.webp", order: 1, alt: null, width: null, height: null, sources: [] },
      { url: "https://x.test/b.webp", order: 4, alt: null, width: null, height: null, sources: [] },
    ]);
  });

  it("reads an uploaded photo's alt text, size and widths; the thumbnail keeps them when it is one of the images", () => {
    const photo = {
      url: "https://api.test/media/m-1280.webp",
      order: 1,
      alt: " A jar, open ",
      width: 1280,
      height: 960,
      sizes: [
        { url: "https://api.test/media/m-640.webp", width: 640 },
        { url: "https://api.test/media/m-320.webp", width: 320 },
        { url: "https://api.test/media/m-640-again.webp", width: 640 },
        { url: "https://api.test/media/m-bad.webp", width: -3 },
        { width: 960 },
        { url: "https://api.test/media/m-1280.webp", width: 1280 },
      ],
    };
    const product = reshapeProduct({ id: "p", title: "T", thumbnail: photo.url, media: [photo] });
    const expected = {
      url: photo.url,
      order: 1,
      alt: "A jar, open",
      width: 1280,
      height: 960,
      sources: [
        { url: "https://api.test/media/m-320.webp", width: 320 },
        { url: "https://api.test/media/m-640.webp", width: 640 },
        { url: "https://api.test/media/m-1280.webp", width: 1280 },
      ],
    };
    expect(product.images).toEqual([expected]);
    expect(product.thumbnailImage).toEqual(expected);
    expect(cardProductOf(product).thumbnailImage).toEqual(expected);
  });

  it("reads a size only when both sides are whole pixels, and a blank alt text as none", () => {
    const product = reshapeProduct({
      id: "p",
      title: "T",
      media: [
        { url: "a", order: 1, alt: "  ", width: 1280, height: "960" },
        { url: "b", order: 2, alt: 5, width: 0, height: 10, sizes: "nope" },
      ],
    });
    expect(product.images.map(({ alt, width, height, sources }) => ({ alt, width, height, sources }))).toEqual([
      { alt: null, width: null, height: null, sources: [] },
      { alt: null, width: null, height: null, sources: [] },
    ]);
  });

  it("skips variants without an id and gives a variant without a title an empty one", () => {
    const product = reshapeProduct({ id: "p", title: "T", variants: [null, { title: "no id" }, { id: 9 }] });
    expect(product.variants.map((variant) => [variant.id, variant.title])).toEqual([["9", ""]]);
  });

  it("reads option values per variant (option values per variant), skipping entries without ids", () => {
    const product = reshapeProduct({
      id: "p",
      title: "T",
      options: [
        null,
        { title: "no id" },
        {
          id: "o",
          values: [
            { id: "a", variant_id: "v1", value: "10 g" },
            { id: "b", variant_id: "v2" },
            { id: "c" },
            { variant_id: "v3" },
            null,
          ],
        },
        { id: "bare", title: "Pack" },
      ],
    });
    expect(product.options).toEqual([
      {
        id: "o",
        title: "",
        values: [
          { id: "a", variantId: "v1", value: "10 g" },
          { id: "b", variantId: "v2", value: "" },
        ],
      },
      { id: "bare", title: "Pack", values: [] },
    ]);
  });

  it("refuses a product without a title, naming what was unexpected", () => {
    expect(() => reshapeProduct({ id: "p" })).toThrow("Unexpected response from the store (product)");
    expect(() => reshapeProduct(null)).toThrow(UnexpectedResponseError);
    const error = (() => {
      try {
        reshapeProduct("html");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).name).toBe("UnexpectedResponseError");
  });
});

describe("reading lists, stock and checkout answers", () => {
  it("takes count, offset and limit from the answer when it gives them", () => {
    expect(reshapeProductList({ products: [], count: 12, offset: 40, limit: 20 })).toMatchObject({
      count: 12,
      offset: 40,
      limit: 20,
    });
    expect(reshapeProductList({ products: [{ id: "a", title: "A" }] })).toMatchObject({
      count: 1,
      offset: 0,
      limit: 1,
    });
    expect(() => reshapeProductList(null)).toThrow("Unexpected response from the store (product list)");
  });

  it("refuses a product answer that is not an object", () => {
    expect(() => reshapeProductResponse(null)).toThrow(UnexpectedResponseError);
  });

  it("refuses a stock answer without a variants list, and skips entries without an id", () => {
    expect(() => reshapeVariantStock(null)).toThrow("Unexpected response from the store (variants)");
    expect(() => reshapeVariantStock({ variants: "none" })).toThrow(UnexpectedResponseError);
    expect([
      ...reshapeVariantStock({ variants: [null, { inventory_quantity: 3 }, { id: "a", inventory_quantity: 1 }] }),
    ]).toEqual([["a", 1]]);
  });

  it("accepts an http or https checkout URL only at the start (the checkout URL's ^ anchor)", () => {
    expect(reshapeCheckout({ url: "http://localhost:4000/checkout/cs_1" })).toEqual({
      url: "http://localhost:4000/checkout/cs_1",
    });
    expect(() => reshapeCheckout({ url: "javascript:alert('https://x.test')" })).toThrow(
      "Unexpected response from the store (checkout)",
    );
    expect(() => reshapeCheckout(null)).toThrow(UnexpectedResponseError);
  });
});

describe("a product as a card needs it", () => {
  const cardFields = [
    "id",
    "price",
    "purchasable",
    "ribbonText",
    "siteProductSelection",
    "subtitle",
    "thumbnail",
    "thumbnailImage",
    "title",
    "variants",
  ];
  const cardVariantFields = [
    "currency",
    "id",
    "imageUrl",
    "inventoryQuantity",
    "manageInventory",
    "priceInCents",
    "salePriceInCents",
    "title",
  ];

  it.each<FixtureSet>(["hosted", "ours"])(
    "keeps every field a card reads, unchanged, from the %s backend's list",
    (set) => {
      const { products } = reshapeProductList(readFixture(set, "products.json"));
      for (const product of products) {
        const card = cardProductOf(product);
        expect(Object.keys(card).sort()).toEqual(cardFields);
        for (const field of cardFields.filter((name) => name !== "variants" && name !== "price")) {
          expect(card[field as keyof typeof card], field).toEqual(product[field as keyof typeof product]);
        }
        expect(card.variants).toHaveLength(product.variants.length);
        card.variants.forEach((variant, index) => {
          const original = product.variants[index];
          expect(Object.keys(variant).sort()).toEqual(cardVariantFields);
          for (const field of cardVariantFields) {
            expect(variant[field as keyof typeof variant], field).toEqual(original?.[field as keyof typeof original]);
          }
        });
      }
    },
  );

  it("leaves out the description, gallery, options and social card, which only the detail page reads", () => {
    const product = reshapeProductResponse(readFixture("ours", "product.json"));
    expect(product.descriptionHtml).not.toBe("");
    expect(product.options.length).toBeGreaterThan(0);
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.socialImage).not.toBeNull();
    const sent = JSON.stringify(cardProductOf(product));
    expect(sent).not.toContain(product.descriptionHtml);
    expect(sent).not.toContain("options");
    expect(sent).not.toContain("socialImage");
    expect(sent).not.toContain('"images"');
  });
});

/** One of a variant's prices as the store API sends it. */
const wirePrice = (amount: number, code: string, sale: number | null = null, symbol = code) => ({
  amount,
  sale_amount: sale,
  currency_code: code.toLowerCase(),
  currency: { code, symbol, template: code === "NPR" ? "Rs. $1" : null, decimal_digits: 2 },
});

describe("one price per market currency (issue 26)", () => {
  const product = reshapeProduct({
    id: "prod_himalayan_resin",
    title: "Resin",
    site_product_selection: "lowest_price_first",
    variants: [
      {
        id: "var_resin_10g",
        title: "10 g",
        prices: [wirePrice(120000, "NPR"), wirePrice(2999, "USD"), wirePrice(149900, "INR"), wirePrice(2499, "GBP")],
      },
      {
        id: "var_resin_30g",
        title: "30 g",
        // On sale in rupees and dollars; no pound price at all.
        prices: [wirePrice(320000, "NPR", 300000), wirePrice(7999, "USD", 6999)],
      },
    ],
  });
  const [tenGrams, thirtyGrams] = product.variants;
  if (tenGrams === undefined || thirtyGrams === undefined) throw new Error("variants missing");

  it("keeps every price in the store's order, the first shown until a market picks its own (SPEC §9)", () => {
    expect(tenGrams.prices.map((price) => [price.currency.code, price.amount, price.sale])).toEqual([
      ["npr", 120000, null],
      ["usd", 2999, null],
      ["inr", 149900, null],
      ["gbp", 2499, null],
    ]);
    expect(tenGrams).toMatchObject({ priceInCents: 120000, salePriceInCents: null, currency: { code: "npr" } });
    expect(thirtyGrams).toMatchObject({ priceInCents: 320000, salePriceInCents: 300000 });
  });

  it("chooses the price in the market's currency, in any case, and falls back to the first without one", () => {
    expect(priceInCurrency(tenGrams.prices, "USD")?.amount).toBe(2999);
    expect(priceInCurrency(tenGrams.prices, "usd")?.amount).toBe(2999);
    expect(priceInCurrency(thirtyGrams.prices, "GBP")).toBeUndefined();
    expect(chosenPrice(tenGrams.prices, "GBP")?.amount).toBe(2499);
    expect(chosenPrice(thirtyGrams.prices, "GBP")).toMatchObject({ amount: 320000, currency: { code: "npr" } });
    expect(chosenPrice([], "USD")).toBeUndefined();
  });

  it("prices a product for a market: each variant's shown price, sale and currency in its currency", () => {
    const us = productInCurrency(product, "USD");
    expect(
      us.variants.map((variant) => [variant.priceInCents, variant.salePriceInCents, variant.currency.code]),
    ).toEqual([
      [2999, null, "usd"],
      [7999, 6999, "usd"],
    ]);
    // The card a market page sends shows the market's price.
    expect(cardProductOf(us).variants[0]).toMatchObject({
      priceInCents: 2999,
      currency: { code: "usd", symbol: "USD" },
    });
    // ...already written, for the cheapest variant, so the browser draws it without Intl.
    expect(cardProductOf(us).price).toEqual({ price: "$29.99", regularPrice: null });
    // Every price is kept, so the cart can move to another market later.
    expect(us.variants[0]?.prices).toEqual(tenGrams.prices);
    const uk = productInCurrency(product, "GBP");
    expect(uk.variants.map((variant) => [variant.priceInCents, variant.currency.code])).toEqual([
      [2499, "gbp"],
      [320000, "npr"],
    ]);
  });

  it("keeps a one-price backend as it was on every market (the hosted fixtures)", () => {
    const list = reshapeProductList(productsFixture);
    for (const listed of list.products) {
      expect(productInCurrency(listed, "USD")).toEqual(listed);
    }
  });

  it("leaves a variant without any price as the reading left it", () => {
    const bare = reshapeProduct({ id: "p", title: "T", variants: [{ id: "v" }] });
    expect(bare.variants[0]?.prices).toEqual([]);
    expect(productInCurrency(bare, "USD").variants[0]).toEqual(bare.variants[0]);
  });
});

describe("a card's price, written on the server", () => {
  it("is its displayed variant's price, with the regular price struck through on sale, in the variant's currency", () => {
    const { products } = reshapeProductList(readFixture("ours", "products.json"));
    for (const product of products) {
      expect(cardProductOf(product).price).toEqual(productPrice(product));
    }
    const onSale = reshapeProduct({
      id: "prod_sale",
      title: "Sale",
      site_product_selection: "lowest_price_first",
      variants: [
        { id: "var_dear", title: "Dear", prices: [wirePrice(5000, "USD", null, "$")] },
        { id: "var_cheap", title: "Cheap", prices: [wirePrice(4000, "USD", 2500, "$")] },
      ],
    });
    expect(cardProductOf(onSale).price).toEqual({ price: "$25.00", regularPrice: "$40.00" });
  });

  it("is null for a product without variants", () => {
    const bare = reshapeProduct({ id: "prod_bare", title: "Bare", variants: [] });
    expect(cardProductOf(bare).price).toBeNull();
  });
});

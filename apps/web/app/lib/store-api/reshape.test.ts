import { describe, expect, it } from "vitest";
import checkoutFixture from "./fixtures/checkout.json";
import productFixture from "./fixtures/product.json";
import productsFixture from "./fixtures/products.json";
import variantsFixture from "./fixtures/variants.json";
import {
  minorUnits,
  reshapeCheckout,
  reshapeProduct,
  reshapeProductList,
  reshapeProductResponse,
  reshapeVariantStock,
  UnexpectedResponseError,
  withFreshStock,
} from "./reshape";

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
    expect(product.images).toEqual([{ url: "https://x.test/a.webp", order: 1 }]);
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

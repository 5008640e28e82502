import { describe, expect, it } from "vitest";
import { publishedShippingRates } from "~/content/shipping";
import { rupees, testProduct, testVariant } from "~/lib/store-api/catalog-fixtures.testing";
import { noReviews } from "~/lib/product-reviews";
import type { Product, ProductReview, ProductReviews, Variant } from "~/lib/store-api/types";
import { productJsonLd } from "./product-structured-data";
import { returnPolicyJsonLd, shippingDetailsJsonLd } from "./structured-data";

const siteUrl = "https://shop.test";
const page = { siteUrl, year: 2026 };

/** The store's rates as a fresh shop has them (seeded from the published offer). */
const shippingRates = publishedShippingRates;

/** The one picture every product here shows. */
const picture = { url: "https://api.test/a.svg", order: 1, alt: null, width: null, height: null, sources: [] };

describe("catalogue product data", () => {
  const variant = testVariant({
    sku: "HS-10",
    salePriceInCents: 99900,
    manageInventory: true,
    inventoryQuantity: 0,
  });
  const product = testProduct({
    id: "p 1",
    thumbnail: "https://api.test/a.svg",
    images: [picture],
    variants: [variant],
  });

  it("offers the shown price in major units and says when it is out of stock", () => {
    expect(productJsonLd(product, { ...page, description: "D", shippingRates })).toMatchObject({
      name: "Resin",
      sku: "HS-10",
      image: ["https://api.test/a.svg"],
      url: `${siteUrl}/product/p%201`,
      offers: { priceCurrency: "NPR", price: "999", availability: "https://schema.org/OutOfStock" },
    });
    const stocked = { ...product, variants: [{ ...variant, inventoryQuantity: 4 }] };
    expect(productJsonLd(stocked, { ...page, description: "D", shippingRates }).offers).toMatchObject({
      availability: "https://schema.org/InStock",
    });
  });

  it("ships to the destinations rated in its currency, takes returns and stays valid to the end of the year", () => {
    const offers = productJsonLd(product, { ...page, description: "D", shippingRates }).offers as Record<
      string,
      unknown
    >;
    expect(offers.priceValidUntil).toBe("2026-12-31");
    // The product is priced in rupees: Nepal's rate, the one in the offer's currency (Google asks for that).
    expect(offers.shippingDetails).toEqual(
      shippingRates.filter((rate) => rate.currency === "NPR").map(shippingDetailsJsonLd),
    );
    expect(offers.shippingDetails).toHaveLength(1);
    expect(offers.hasMerchantReturnPolicy).toEqual(returnPolicyJsonLd());
  });

  it("states the store's rates as the owner set them, and no shipping when the store could not say", () => {
    const charged = shippingRates.map((rate) => (rate.country === "NP" ? { ...rate, amount: 10_000 } : rate));
    const offers = productJsonLd(product, { ...page, description: "D", shippingRates: charged }).offers;
    expect(offers).toMatchObject({ shippingDetails: [{ shippingRate: { value: "100.00", currency: "NPR" } }] });
    for (const unknown of [null, []]) {
      const bare = productJsonLd(product, { ...page, description: "D", shippingRates: unknown }).offers;
      expect(bare).not.toHaveProperty("shippingDetails");
      expect(bare).toMatchObject({ priceCurrency: "NPR", hasMerchantReturnPolicy: { merchantReturnDays: 30 } });
    }
  });

  it("puts the social card first among the images, and falls back to the brand's card without pictures", () => {
    const card = { url: "https://api.test/images/cards/a.png", width: 1200, height: 630 };
    expect(
      productJsonLd({ ...product, socialImage: card }, { ...page, description: "D", shippingRates }).image,
    ).toEqual([card.url, "https://api.test/a.svg"]);
    const bare = { ...product, thumbnail: null, images: [] };
    expect(productJsonLd(bare, { ...page, description: "D", shippingRates }).image).toEqual([
      `${siteUrl}/images/og-default.png`,
    ]);
  });
});

describe("catalogue product data, edge cases", () => {
  const variant = (changes: Partial<Variant> = {}): Variant =>
    testVariant({ sku: "HS-10", manageInventory: true, inventoryQuantity: 5, ...changes });
  const product = (changes: Partial<Product> = {}): Product =>
    testProduct({ id: "resin", images: [picture], variants: [variant()], ...changes });
  const availability = (data: Record<string, unknown>) => (data.offers as { availability: string }).availability;
  const jsonLd = (changes: Partial<Product> = {}) =>
    productJsonLd(product(changes), { ...page, description: "D", shippingRates });

  it("writes the whole product and its offer", () => {
    expect(jsonLd()).toMatchInlineSnapshot(`
      {
        "@context": "https://schema.org",
        "@type": "Product",
        "brand": {
          "@type": "Brand",
          "name": "Herbo Shilajit",
        },
        "description": "D",
        "image": [
          "https://api.test/a.svg",
        ],
        "name": "Resin",
        "offers": {
          "@type": "Offer",
          "availability": "https://schema.org/InStock",
          "hasMerchantReturnPolicy": {
            "@type": "MerchantReturnPolicy",
            "applicableCountry": [
              "NP",
              "IN",
              "US",
              "GB",
              "CA",
              "AE",
            ],
            "merchantReturnDays": 30,
            "refundType": "https://schema.org/FullRefund",
            "returnFees": "https://schema.org/ReturnFeesCustomerResponsibility",
            "returnMethod": "https://schema.org/ReturnByMail",
            "returnPolicyCategory": "https://schema.org/MerchantReturnFiniteReturnWindow",
          },
          "itemCondition": "https://schema.org/NewCondition",
          "price": "1200",
          "priceCurrency": "NPR",
          "priceValidUntil": "2026-12-31",
          "shippingDetails": [
            {
              "@type": "OfferShippingDetails",
              "deliveryTime": {
                "@type": "ShippingDeliveryTime",
                "handlingTime": {
                  "@type": "QuantitativeValue",
                  "maxValue": 2,
                  "minValue": 1,
                  "unitCode": "DAY",
                },
                "transitTime": {
                  "@type": "QuantitativeValue",
                  "maxValue": 5,
                  "minValue": 1,
                  "unitCode": "DAY",
                },
              },
              "shippingDestination": {
                "@type": "DefinedRegion",
                "addressCountry": "NP",
              },
              "shippingRate": {
                "@type": "MonetaryAmount",
                "currency": "NPR",
                "value": "0.00",
              },
            },
          ],
          "url": "https://shop.test/product/resin",
        },
        "sku": "HS-10",
        "url": "https://shop.test/product/resin",
      }
    `);
  });

  it("announces an unbuyable product as out of stock even with stock (unbuyable products in JSON-LD)", () => {
    expect(availability(jsonLd({ purchasable: false }))).toBe("https://schema.org/OutOfStock");
  });

  it("counts untracked stock and an unknown stock figure as in stock", () => {
    expect(availability(jsonLd({ variants: [variant({ manageInventory: false, inventoryQuantity: 0 })] }))).toBe(
      "https://schema.org/InStock",
    );
    expect(availability(jsonLd({ variants: [variant({ inventoryQuantity: null })] }))).toBe(
      "https://schema.org/InStock",
    );
  });

  it("leaves out the offer and SKU that a product does not have, and shows the brand's card without pictures", () => {
    const bare = jsonLd({ images: [], variants: [] });
    expect(bare).not.toHaveProperty("offers");
    expect(bare).not.toHaveProperty("sku");
    expect(bare.image).toEqual([`${siteUrl}/images/og-default.png`]);
    expect(jsonLd({ variants: [variant({ sku: null })] })).not.toHaveProperty("sku");
  });

  it("writes prices of zero-decimal and three-decimal currencies in major units", () => {
    const priced = (decimalDigits: number, priceInCents: number) =>
      (
        jsonLd({ variants: [variant({ priceInCents, currency: { ...rupees, decimalDigits } })] }).offers as {
          price: string;
        }
      ).price;
    expect(priced(0, 1500)).toBe("1500");
    expect(priced(3, 12345)).toBe("12.345");
  });
});

describe("a product in several sizes (Google's product variants)", () => {
  const dollars = { code: "usd", symbol: "$", template: "$$1", decimalDigits: 2 };
  const size = (id: string, title: string, price: number, sale: number | null, stock: number): Variant =>
    testVariant({
      id,
      title,
      imageUrl: `https://api.test/${id}.svg`,
      sku: `HS-${id.toUpperCase()}`,
      priceInCents: price,
      salePriceInCents: sale,
      currency: dollars,
      manageInventory: true,
      inventoryQuantity: stock,
    });
  const resin = testProduct({
    id: "prod_resin",
    images: [picture],
    siteProductSelection: "lowest_price_first",
    variants: [
      size("r10", "10 g", 2999, null, 120),
      size("r20", "20 g", 4999, null, 80),
      size("r30", "30 g", 6999, 6499, 0),
    ],
  });
  const data = productJsonLd(resin, { ...page, description: "D", path: "/us/product/prod_resin", shippingRates });
  const variants = data.hasVariant as Record<string, unknown>[];

  it("is a ProductGroup of one Product per size, grouped by the product's id and varying by size", () => {
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: "Resin",
      productGroupID: "prod_resin",
      variesBy: ["https://schema.org/size"],
      url: `${siteUrl}/us/product/prod_resin`,
      brand: { "@type": "Brand", name: "Herbo Shilajit" },
    });
    expect(data).not.toHaveProperty("offers");
    expect(variants.map((variant) => [variant.name, variant.sku, variant.size, variant.inProductGroupWithID])).toEqual([
      ["Resin, 10 g", "HS-R10", "10 g", "prod_resin"],
      ["Resin, 20 g", "HS-R20", "20 g", "prod_resin"],
      ["Resin, 30 g", "HS-R30", "30 g", "prod_resin"],
    ]);
    expect(variants[0]).toMatchObject({ "@type": "Product", image: ["https://api.test/r10.svg"] });
  });

  it("gives each size its own offer at the price the page shows, in its currency, with its own stock", () => {
    expect(variants.map((variant) => variant.offers)).toMatchObject([
      { "@type": "Offer", priceCurrency: "USD", price: "29.99", availability: "https://schema.org/InStock" },
      { "@type": "Offer", priceCurrency: "USD", price: "49.99", availability: "https://schema.org/InStock" },
      { "@type": "Offer", priceCurrency: "USD", price: "64.99", availability: "https://schema.org/OutOfStock" },
    ]);
    for (const variant of variants) {
      expect(variant.offers).toMatchObject({
        url: `${siteUrl}/us/product/prod_resin`,
        priceValidUntil: "2026-12-31",
        // The US rate only: the one in the offer's currency.
        shippingDetails: [{ shippingDestination: { addressCountry: "US" }, shippingRate: { currency: "USD" } }],
        hasMerchantReturnPolicy: returnPolicyJsonLd(),
      });
    }
  });

  it("marks a sale as Google documents: the regular price as a StrikethroughPrice, only where there is a sale", () => {
    expect((variants[2]?.offers as Record<string, unknown>).priceSpecification).toEqual({
      "@type": "UnitPriceSpecification",
      priceType: "https://schema.org/StrikethroughPrice",
      price: "69.99",
      priceCurrency: "USD",
    });
    expect(variants[0]?.offers).not.toHaveProperty("priceSpecification");
    expect(variants[1]?.offers).not.toHaveProperty("priceSpecification");
  });

  it("marks a single-variant product's sale the same way, and every size unbuyable when the product is", () => {
    const tin = { ...resin, variants: [size("tin", "5 g", 1999, 1799, 5)] };
    expect(productJsonLd(tin, { ...page, description: "D", shippingRates })).toMatchObject({
      "@type": "Product",
      sku: "HS-TIN",
      offers: {
        price: "17.99",
        priceSpecification: {
          priceType: "https://schema.org/StrikethroughPrice",
          price: "19.99",
          priceCurrency: "USD",
        },
      },
    });
    const withdrawn = productJsonLd({ ...resin, purchasable: false }, { ...page, description: "D", shippingRates });
    expect(
      (withdrawn.hasVariant as { offers: { availability: string } }[]).map((variant) => variant.offers.availability),
    ).toEqual(Array(3).fill("https://schema.org/OutOfStock"));
  });
});

describe("a product's published reviews (Google's review snippets)", () => {
  const review = (changes: Partial<ProductReview> = {}): ProductReview => ({
    id: "rev_1",
    rating: 4,
    title: "Dissolves well",
    body: "A pea-sized amount in warm water.\n\nLasts a month.",
    displayName: "Asha K.",
    market: "us",
    writtenOn: "2026-11-02",
    reply: "Thank you!",
    repliedOn: "2026-11-04",
    ...changes,
  });
  const reviewed = (reviews: ProductReviews, changes: Partial<Product> = {}): Product =>
    testProduct({
      id: "resin",
      images: [picture],
      variants: [testVariant({ sku: "HS-10" })],
      details: { facts: null, batch: null, reviews },
      ...changes,
    });
  const page: ProductReviews = {
    count: 12,
    averageRating: 4.5,
    page: 2,
    pageCount: 3,
    reviews: [review(), review({ id: "rev_2", rating: 5, title: null, displayName: "Ben", writtenOn: null })],
  };
  const jsonLd = (product: Product) => productJsonLd(product, { siteUrl, year: 2026, description: "D", shippingRates });

  it("rates the product with the average and count of all its published reviews, on a scale of 1 to 5", () => {
    expect(jsonLd(reviewed(page)).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: "5",
      worstRating: "1",
    });
    expect(jsonLd(reviewed({ ...page, averageRating: 4, count: 1 })).aggregateRating).toMatchObject({
      ratingValue: 4,
      reviewCount: 1,
    });
  });

  it("lists the reviews the page shows, each with its author, date, title, text and stars", () => {
    expect(jsonLd(reviewed(page)).review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Asha K." },
        datePublished: "2026-11-02",
        name: "Dissolves well",
        reviewBody: "A pea-sized amount in warm water.\n\nLasts a month.",
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: "5" },
      },
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Ben" },
        reviewBody: "A pea-sized amount in warm water.\n\nLasts a month.",
        reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: "5" },
      },
    ]);
  });

  it("states no rating and no review without a published review, as product pages did before reviews", () => {
    for (const product of [
      reviewed(noReviews),
      reviewed({ ...noReviews, count: 3 }),
      testProduct({ id: "resin", images: [picture], variants: [testVariant({ sku: "HS-10" })] }),
    ]) {
      const data = jsonLd(product);
      expect(data).not.toHaveProperty("aggregateRating");
      expect(data).not.toHaveProperty("review");
    }
    // A page past the last shows no reviews: the rating stays, no review is listed.
    const past = jsonLd(reviewed({ ...page, page: 9, reviews: [] }));
    expect(past.aggregateRating).toMatchObject({ reviewCount: 12 });
    expect(past).not.toHaveProperty("review");
  });

  it("puts the rating and the reviews on the group of a product in several sizes, not on each size", () => {
    const sizes = [
      testVariant({ id: "a", title: "10 g", sku: "A" }),
      testVariant({ id: "b", title: "20 g", sku: "B" }),
    ];
    const group = jsonLd(reviewed(page, { variants: sizes }));
    expect(group).toMatchObject({
      "@type": "ProductGroup",
      aggregateRating: { ratingValue: 4.5, reviewCount: 12 },
    });
    expect(group.review).toHaveLength(2);
    for (const size of group.hasVariant as Record<string, unknown>[]) {
      expect(size).not.toHaveProperty("aggregateRating");
      expect(size).not.toHaveProperty("review");
    }
  });
});

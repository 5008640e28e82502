import { marketByCode } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { publishedShippingRates } from "~/content/shipping";
import { productJsonLd } from "~/lib/seo/product-structured-data";
import { testProduct, testVariant } from "~/lib/store-api/catalog-fixtures.testing";
import type { Currency, Product, Variant, VariantPrice } from "~/lib/store-api/types";
import { feedMarketOf } from "./feed-data.server";
import { feedItems, feedPrice, maxFeedDescription, maxFeedTitle, type FeedInput } from "./feed-items";
import { googleFeedProblems, metaFeedProblems, readGoogleFeed, readMetaFeed } from "./feed-validator.testing";
import { googleFeedXml, type FeedChannel } from "./google-feed";
import { metaFeedCsv } from "./meta-feed.server";

const siteUrl = "https://shop.test";
const us = marketByCode("us");
const dollars: Currency = { code: "usd", symbol: "$", template: "$$1", decimalDigits: 2 };
const rupeeCurrency: Currency = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };

/** A variant priced in rupees and dollars, shown in dollars as a US page shows it. */
function dollarVariant(changes: Partial<Variant> = {}, amount = 2999, sale: number | null = null): Variant {
  const prices: VariantPrice[] = [
    { amount: 120000, sale: null, currency: rupeeCurrency },
    { amount, sale, currency: dollars },
  ];
  return testVariant({ prices, priceInCents: amount, salePriceInCents: sale, currency: dollars, ...changes });
}

const photo = (url: string) => ({ url, order: 1, alt: null, width: 800, height: 800, sources: [] });
const drawing = (url: string) => ({ url, order: 1, alt: null, width: null, height: null, sources: [] });

function input(products: Product[], changes: Partial<FeedInput> = {}): FeedInput {
  return {
    siteUrl,
    market: us,
    products,
    descriptions: new Map(products.map((product) => [product.id, `About ${product.title}.`])),
    shippingRates: publishedShippingRates,
    ...changes,
  };
}

const channel: FeedChannel = {
  title: "Herbo Shilajit: United States",
  link: `${siteUrl}/us`,
  description: "Products",
  freeShippingOver: null,
};

describe("feed items", () => {
  const sizes = testProduct({
    id: "prod_resin",
    title: "Resin",
    images: [drawing("https://api.test/resin.svg"), photo("https://api.test/resin.jpg")],
    variants: [
      dollarVariant({ id: "var_10", title: "10 g", sku: "R-10", manageInventory: true, inventoryQuantity: 3 }),
      dollarVariant({ id: "var_20", title: "20 g", manageInventory: true, inventoryQuantity: 0 }, 4999, 4499),
    ],
  });

  it("lists each size as its own item of one group, at the price and stock its page states", () => {
    const items = feedItems(input([sizes]));
    expect(items.map((item) => [item.id, item.groupId, item.size, item.title])).toEqual([
      ["var_10", "prod_resin", "10 g", "Resin, 10 g"],
      ["var_20", "prod_resin", "20 g", "Resin, 20 g"],
    ]);
    expect(items.map((item) => [item.price, item.salePrice, item.currency, item.inStock])).toEqual([
      [2999, null, "USD", true],
      [4999, 4499, "USD", false],
    ]);
    expect(items[0]?.link).toBe(`${siteUrl}/us/product/prod_resin`);
    expect(items[0]?.brand).toBe("Herbo Shilajit");
    expect(items[0]?.description).toBe("About Resin.");
  });

  it("agrees with the product page's structured data on price, sale, currency, availability and link", () => {
    const jsonLd = productJsonLd(sizes, {
      siteUrl,
      year: 2026,
      description: "D",
      path: "/us/product/prod_resin",
      shippingRates: publishedShippingRates,
    });
    const offers = (jsonLd.hasVariant as { sku?: string; offers: Record<string, unknown> }[]).map(
      (variant) => variant.offers,
    );
    const items = feedItems(input([sizes]));
    items.forEach((item, index) => {
      const offer = offers[index] ?? {};
      const paid = item.salePrice ?? item.price;
      expect(Number(offer.price)).toBe(paid / 100);
      expect(offer.priceCurrency).toBe(item.currency);
      expect(offer.availability).toBe(item.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
      expect(offer.url).toBe(item.link);
    });
  });

  it("names a product of one size by its title alone, outside any group", () => {
    const [item] = feedItems(input([testProduct({ id: "tin", title: "Tin", variants: [dollarVariant()] })]));
    expect(item).toMatchObject({ id: "v", groupId: null, size: null, title: "Tin" });
  });

  it("leaves out a variant without a price in the market's currency instead of listing another currency", () => {
    const rupeesOnly = testVariant({ id: "var_np", prices: [{ amount: 100, sale: null, currency: rupeeCurrency }] });
    const product = testProduct({ variants: [dollarVariant({ id: "var_us" }), rupeesOnly] });
    expect(feedItems(input([product])).map((item) => item.id)).toEqual(["var_us"]);
  });

  it("is out of stock when the product is not for sale, whatever its stock", () => {
    const product = testProduct({ purchasable: false, variants: [dollarVariant()] });
    expect(feedItems(input([product]))[0]?.inStock).toBe(false);
  });

  it("sends raster pictures only: the variant's first, then the product's, then its social card, then the brand's", () => {
    const product = testProduct({
      images: [drawing("https://api.test/a.svg"), photo("https://api.test/b.jpg"), photo("https://api.test/c.webp")],
      socialImage: { url: "https://api.test/card.png", width: 1200, height: 630 },
      variants: [dollarVariant({ imageUrl: "https://api.test/c.webp" })],
    });
    const [item] = feedItems(input([product]));
    expect(item?.imageLink).toBe("https://api.test/c.webp");
    expect(item?.additionalImageLinks).toEqual(["https://api.test/b.jpg", "https://api.test/card.png"]);
    const drawn = testProduct({ images: [drawing("https://api.test/a.svg?v=2")], variants: [dollarVariant()] });
    expect(feedItems(input([drawn]))[0]).toMatchObject({
      imageLink: `${siteUrl}/images/og-default.png`,
      additionalImageLinks: [],
    });
  });

  it("ships at the rates in the market's currency only", () => {
    const [item] = feedItems(input([testProduct({ variants: [dollarVariant()] })]));
    expect(item?.shipping.map((rate) => rate.country)).toEqual(
      publishedShippingRates.filter((rate) => rate.currency === "USD").map((rate) => rate.country),
    );
    expect(item?.shipping.length).toBeGreaterThan(0);
  });

  it("falls back to the subtitle, then the title, and keeps titles and descriptions within the platforms' limits", () => {
    const long = "word ".repeat(2_000);
    const product = testProduct({ id: "p", title: "T".repeat(200), subtitle: "Sub", variants: [dollarVariant()] });
    const [item] = feedItems(input([product], { descriptions: new Map([["p", ""]]) }));
    expect(item?.description).toBe("Sub");
    expect(item?.title).toHaveLength(maxFeedTitle);
    expect(item?.title.endsWith("…")).toBe(true);
    const [described] = feedItems(input([product], { descriptions: new Map([["p", long]]) }));
    expect(described?.description.length).toBeLessThanOrEqual(maxFeedDescription);
    const [bare] = feedItems(input([{ ...product, subtitle: null }], { descriptions: new Map() }));
    expect(bare?.description).toBe("T".repeat(200));
  });

  it("flattens white space, keeps a text of exactly the limit whole, and cuts at the limit with an ellipsis", () => {
    const exact = "T".repeat(maxFeedTitle);
    const product = testProduct({ id: "p", title: exact, variants: [dollarVariant()] });
    const [item] = feedItems(
      input([product], { descriptions: new Map([["p", "  Pure\n\n resin,\t small   batches.  "]]) }),
    );
    expect(item?.title).toBe(exact);
    expect(item?.description).toBe("Pure resin, small batches.");
    // Cut at a space, the space goes before the ellipsis.
    const words = `xy${"ab ".repeat(80)}`;
    const [cut] = feedItems(input([{ ...product, title: words }]));
    expect(cut?.title).toBe(`xy${"ab ".repeat(48)}ab…`);
    expect(cut?.title).toHaveLength(maxFeedTitle - 1);
  });

  it("sends at most ten more pictures", () => {
    const images = Array.from({ length: 14 }, (_, index) => photo(`https://api.test/${index}.jpg`));
    const [item] = feedItems(input([testProduct({ images, variants: [dollarVariant()] })]));
    expect(item?.imageLink).toBe("https://api.test/0.jpg");
    expect(item?.additionalImageLinks).toEqual(images.slice(1, 11).map((image) => image.url));
  });

  it("writes prices with the currency's decimals and its code", () => {
    expect(feedPrice(2999, 2, "USD")).toBe("29.99 USD");
    expect(feedPrice(120000, 2, "NPR")).toBe("1200.00 NPR");
    expect(feedPrice(7, 2, "GBP")).toBe("0.07 GBP");
    expect(feedPrice(500, 0, "JPY")).toBe("500 JPY");
  });
});

describe("the Google feed", () => {
  const hostile = testProduct({
    id: "prod_x",
    title: `Resin <script>alert("x")</script> & "co"`,
    variants: [dollarVariant({ id: "var_x", gtin: "4006381333931", mpn: "HS-10" }, 2999, 2499)],
  });

  it("is well-formed RSS with Google's namespace, escapes what the owner typed, and passes the field checks", () => {
    const xml = googleFeedXml(channel, feedItems(input([hostile])));
    expect(xml).not.toContain("<script>");
    const feed = readGoogleFeed(xml);
    expect(feed.channel).toEqual({ title: channel.title, link: channel.link, description: channel.description });
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({
      id: "var_x",
      title: hostile.title,
      price: "29.99 USD",
      sale_price: "24.99 USD",
      availability: "in_stock",
      condition: "new",
      brand: "Herbo Shilajit",
      gtin: "4006381333931",
      mpn: "HS-10",
    });
    expect(feed.items[0]).not.toHaveProperty("identifier_exists");
    expect(googleFeedProblems(feed.items, "USD", us.countries)).toEqual([]);
  });

  it("writes the whole document: declaration, channel, and every field of a size of a product in several sizes", () => {
    const product = testProduct({
      id: "prod_r",
      title: "Resin",
      images: [photo("https://api.test/r1.jpg"), photo("https://api.test/r2.jpg")],
      variants: [
        dollarVariant({ id: "var_10", title: "10 g", manageInventory: true, inventoryQuantity: 0 }),
        dollarVariant({ id: "var_20", title: "20 g", gtin: "036000291452" }),
      ],
    });
    const us = publishedShippingRates.filter((rate) => rate.currency === "USD");
    const xml = googleFeedXml(channel, feedItems(input([product], { shippingRates: us.slice(0, 1) })));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml.endsWith("</channel>\n</rss>\n")).toBe(true);
    const rate = us[0];
    const shipping = {
      "g:country": rate?.country,
      "g:service": "Standard",
      "g:price": feedPrice(rate?.amount ?? -1, 2, "USD"),
      "g:min_handling_time": String(rate?.handlingDays.min),
      "g:max_handling_time": String(rate?.handlingDays.max),
      "g:min_transit_time": String(rate?.transitDays.min),
      "g:max_transit_time": String(rate?.transitDays.max),
    };
    const common = {
      description: "About Resin.",
      link: `${siteUrl}/us/product/prod_r`,
      image_link: "https://api.test/r1.jpg",
      additional_image_link: ["https://api.test/r2.jpg"],
      price: "29.99 USD",
      condition: "new",
      brand: "Herbo Shilajit",
      item_group_id: "prod_r",
      shipping: [shipping],
    };
    expect(readGoogleFeed(xml).items).toEqual([
      {
        ...common,
        id: "var_10",
        title: "Resin, 10 g",
        availability: "out_of_stock",
        identifier_exists: "no",
        size: "10 g",
      },
      { ...common, id: "var_20", title: "Resin, 20 g", availability: "in_stock", gtin: "036000291452", size: "20 g" },
    ]);
  });

  it("names an MPN alone as an identifier too", () => {
    const items = feedItems(input([testProduct({ variants: [dollarVariant({ mpn: "HS-5" })] })]));
    const [item] = readGoogleFeed(googleFeedXml(channel, items)).items;
    expect(item).toMatchObject({ mpn: "HS-5" });
    expect(item).not.toHaveProperty("identifier_exists");
    expect(item).not.toHaveProperty("gtin");
    expect(item).not.toHaveProperty("sale_price");
    expect(item).not.toHaveProperty("item_group_id");
    expect(item).not.toHaveProperty("size");
  });

  it("says a product without a GTIN or MPN has no identifiers", () => {
    const feed = readGoogleFeed(
      googleFeedXml(channel, feedItems(input([testProduct({ variants: [dollarVariant()] })]))),
    );
    expect(feed.items[0]).toMatchObject({ identifier_exists: "no" });
    expect(feed.items[0]).not.toHaveProperty("gtin");
    expect(googleFeedProblems(feed.items, "USD", us.countries)).toEqual([]);
  });

  it("states each destination's rate and delivery days, and the market's free-shipping threshold", () => {
    const items = feedItems(input([testProduct({ variants: [dollarVariant()] })]));
    const feed = readGoogleFeed(googleFeedXml({ ...channel, freeShippingOver: 10000 }, items));
    const rate = publishedShippingRates.find((entry) => entry.country === "US");
    expect(feed.items[0]?.shipping).toContainEqual({
      "g:country": "US",
      "g:service": "Standard",
      "g:price": feedPrice(rate?.amount ?? -1, 2, "USD"),
      "g:min_handling_time": String(rate?.handlingDays.min),
      "g:max_handling_time": String(rate?.handlingDays.max),
      "g:min_transit_time": String(rate?.transitDays.min),
      "g:max_transit_time": String(rate?.transitDays.max),
    });
    expect(feed.items[0]?.free_shipping_threshold).toContainEqual({
      "g:country": "US",
      "g:price_threshold": "100.00 USD",
    });
    const plain = readGoogleFeed(googleFeedXml(channel, items));
    expect(plain.items[0]).not.toHaveProperty("free_shipping_threshold");
  });

  it("is an empty channel when nothing is for sale, and the checks catch a broken item", () => {
    expect(readGoogleFeed(googleFeedXml(channel, [])).items).toEqual([]);
    const broken = {
      id: "x",
      title: "",
      price: "29.99",
      availability: "maybe",
      image_link: "https://a.test/x.svg",
      gtin: "4006381333932",
    };
    expect(googleFeedProblems([broken], "USD", us.countries)).toEqual(
      expect.arrayContaining([
        "x: title is missing",
        'x: price "29.99" is not "12.99 USD"',
        'x: availability "maybe"',
        "x: image_link is not an absolute URL of a raster picture",
        "x: gtin 4006381333932 is not a valid GTIN",
        "x: no shipping",
      ]),
    );
    expect(googleFeedProblems([{ ...broken, gtin: "" }], "USD", us.countries)).toContain(
      'x: neither gtin, mpn nor identifier_exists "no"',
    );
  });
});

describe("the Meta feed", () => {
  it("is a CSV with one row per variant, its fields in Meta's words, and passes the field checks", () => {
    const product = testProduct({
      id: "prod_r",
      title: 'Resin, "gold", 10 g',
      variants: [
        dollarVariant({ id: "var_a", title: "10 g", mpn: "HS-10" }),
        dollarVariant({ id: "var_b", title: "20 g", manageInventory: true, inventoryQuantity: 0 }, 4999, 4499),
      ],
    });
    const rows = readMetaFeed(metaFeedCsv(feedItems(input([product]))));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: "var_a",
      title: 'Resin, "gold", 10 g, 10 g',
      availability: "in stock",
      condition: "new",
      price: "29.99 USD",
      sale_price: "",
      mpn: "HS-10",
      gtin: "",
      item_group_id: "prod_r",
      size: "10 g",
      link: `${siteUrl}/us/product/prod_r`,
    });
    expect(rows[1]).toMatchObject({ availability: "out of stock", price: "49.99 USD", sale_price: "44.99 USD" });
    expect(String(rows[0]?.shipping)).toContain(
      `US::Standard:${feedPrice(publishedShippingRates.find((rate) => rate.country === "US")?.amount ?? -1, 2, "USD")}`,
    );
    expect(metaFeedProblems(rows, "USD", us.countries)).toEqual([]);
    expect(metaFeedProblems([{ ...rows[0], shipping: "US:Standard" }], "USD", us.countries)).toEqual([
      'var_a: shipping "US:Standard"',
    ]);
  });
});

describe("the Meta file", () => {
  const usRate = publishedShippingRates.find((rate) => rate.country === "US");
  if (usRate === undefined) throw new Error("The published offer has no US rate");
  it("is exactly Meta's header and one line per variant, cells quoted only where they must be", () => {
    const product = testProduct({
      id: "p",
      title: "Tin",
      images: [photo("https://api.test/a.jpg"), photo("https://api.test/b.jpg"), photo("https://api.test/c.jpg")],
      variants: [dollarVariant({ id: "v1", gtin: "96385074" }, 1000, 900)],
    });
    const csv = metaFeedCsv(
      feedItems(
        input([product], {
          shippingRates: [
            {
              ...usRate,
              amount: 1299,
            },
            {
              ...usRate,
              country: "PR",
              amount: 1599,
            },
          ],
        }),
      ),
    );
    expect(csv).toBe(
      [
        "id,title,description,availability,condition,price,sale_price,link,image_link,additional_image_link,brand,gtin,mpn,item_group_id,size,shipping",
        `v1,Tin,About Tin.,in stock,new,10.00 USD,9.00 USD,${siteUrl}/us/product/p,https://api.test/a.jpg,"https://api.test/b.jpg,https://api.test/c.jpg",Herbo Shilajit,96385074,,,,"US::Standard:12.99 USD,PR::Standard:15.99 USD"`,
        "",
      ].join("\n"),
    );
  });
});

describe("feed file names", () => {
  it("name a market by its lower-case code and the feed's extension, and nothing else", () => {
    expect(feedMarketOf("us.xml", "xml")?.code).toBe("us");
    expect(feedMarketOf("np.csv", "csv")?.code).toBe("np");
    for (const name of ["US.xml", "us.csv", "xx.xml", "us.xml.xml", "../us.xml", "us", ""]) {
      expect(feedMarketOf(name, "xml")).toBeUndefined();
    }
  });
});

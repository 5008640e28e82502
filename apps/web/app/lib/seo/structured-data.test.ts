import { describe, expect, it } from "vitest";
import { countries, findCountry } from "~/content/countries";
import { nepal } from "~/content/nepal";
import { shippingRateFor, shippingRates } from "~/content/shipping";
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  countryProductJsonLd,
  countrySku,
  faqJsonLd,
  nepalProductJsonLd,
  organizationJsonLd,
  productJsonLd,
  returnPolicyJsonLd,
  shippingDetailsJsonLd,
  webSiteJsonLd,
} from "./structured-data";

const siteUrl = "https://shop.test";
const page = { siteUrl, year: 2026 };

describe("country product data (SPEC §3, §9; issue 16)", () => {
  it("ships to each country under its ISO 3166-1 alpha-2 code", () => {
    expect(countries.map((country) => [country.slug, country.countryCode])).toEqual([
      ["usa", "US"],
      ["india", "IN"],
      ["uk", "GB"],
      ["canada", "CA"],
      ["uae", "AE"],
    ]);
  });

  it("builds the SKU from HERBO-SHILAJIT- and the upper-case slug", () => {
    expect(countrySku("india")).toBe("HERBO-SHILAJIT-INDIA");
  });

  it.each(countries.map((country) => [country.slug, country] as const))(
    "%s: offer valid to the end of the year, rating, shipping with rate and delivery time, returns",
    (slug, country) => {
      const data = countryProductJsonLd(country, page);
      const rate = shippingRateFor(country.countryCode);
      expect(data).toMatchObject({
        "@type": "Product",
        sku: `HERBO-SHILAJIT-${slug.toUpperCase()}`,
        brand: { name: "Herbo Shilajit" },
        aggregateRating: { ratingValue: "4.9", reviewCount: "500" },
        offers: {
          url: `${siteUrl}/shilajit-in-${slug}`,
          priceCurrency: country.currency,
          price: country.price,
          priceValidUntil: "2026-12-31",
          itemCondition: "https://schema.org/NewCondition",
          availability: "https://schema.org/InStock",
          shippingDetails: {
            "@type": "OfferShippingDetails",
            shippingRate: { value: (rate.amount / 100).toFixed(2), currency: country.currency },
            shippingDestination: { addressCountry: country.countryCode },
            deliveryTime: {
              handlingTime: { minValue: rate.handlingDays.min, maxValue: rate.handlingDays.max, unitCode: "DAY" },
              transitTime: { minValue: rate.transitDays.min, maxValue: rate.transitDays.max, unitCode: "DAY" },
            },
          },
          hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy", merchantReturnDays: 30 },
        },
      });
      expect(String(data.name)).toContain(country.country);
    },
  );

  it("has SPEC's currencies and prices", () => {
    expect(countries.map((country) => [country.slug, country.currency, country.price])).toEqual([
      ["usa", "USD", "29.99"],
      ["india", "INR", "1499"],
      ["uk", "GBP", "24.99"],
      ["canada", "CAD", "39.99"],
      ["uae", "AED", "110"],
    ]);
    expect(findCountry("mars")).toBeUndefined();
  });
});

describe("shipping and returns (one table for every page)", () => {
  it("delivers free across Nepal and charges each other country a flat rate in its own currency", () => {
    expect(shippingRates.map((rate) => [rate.country, rate.currency, rate.amount > 0])).toEqual([
      ["NP", "NPR", false],
      ["IN", "INR", true],
      ["AE", "AED", true],
      ["GB", "GBP", true],
      ["US", "USD", true],
      ["CA", "CAD", true],
    ]);
    for (const country of countries) expect(shippingRateFor(country.countryCode).currency).toBe(country.currency);
    for (const rate of shippingRates) {
      expect(Number.isInteger(rate.amount), rate.country).toBe(true);
      expect(rate.handlingDays.min).toBeLessThanOrEqual(rate.handlingDays.max);
      expect(rate.transitDays.min).toBeLessThanOrEqual(rate.transitDays.max);
    }
  });

  it("writes a rate in major units with its delivery time in days", () => {
    expect(shippingDetailsJsonLd(shippingRateFor("US"))).toEqual({
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: "12.99", currency: "USD" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        handlingTime: { "@type": "QuantitativeValue", minValue: 1, maxValue: 2, unitCode: "DAY" },
        transitTime: { "@type": "QuantitativeValue", minValue: 8, maxValue: 14, unitCode: "DAY" },
      },
    });
  });

  it("promises a 30-day return window by post, for every country the shop ships to", () => {
    expect(returnPolicyJsonLd()).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: ["NP", "IN", "AE", "GB", "US", "CA"],
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      refundType: "https://schema.org/FullRefund",
    });
  });
});

describe("Nepal page data", () => {
  it("offers NPR 1200 with 150 reviews and free shipping to Nepal", () => {
    expect(nepalProductJsonLd({ ...page, description: "d" })).toMatchObject({
      aggregateRating: { ratingValue: "4.9", reviewCount: "150" },
      offers: {
        priceCurrency: "NPR",
        price: "1200",
        priceValidUntil: "2026-12-31",
        shippingDetails: {
          shippingRate: { value: "0.00", currency: "NPR" },
          shippingDestination: { addressCountry: "NP" },
          deliveryTime: { handlingTime: { unitCode: "DAY" }, transitTime: { unitCode: "DAY" } },
        },
        hasMerchantReturnPolicy: { applicableCountry: expect.arrayContaining(["NP"]) },
      },
    });
  });

  it("lists the visible FAQ as FAQPage data", () => {
    const data = faqJsonLd(nepal.faq);
    expect(data.mainEntity).toEqual(
      nepal.faq.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    );
  });
});

describe("home page and breadcrumb data", () => {
  it("describes the shop as an Organization and the site as a WebSite published by it", () => {
    const organization = organizationJsonLd(siteUrl);
    expect(organization).toMatchObject({
      "@type": "Organization",
      name: "Herbo Shilajit",
      url: `${siteUrl}/`,
      logo: `${siteUrl}/apple-touch-icon.png`,
      address: { addressCountry: "NP" },
    });
    expect(webSiteJsonLd(siteUrl)).toMatchObject({
      "@type": "WebSite",
      name: "Herbo Shilajit",
      url: `${siteUrl}/`,
      publisher: { "@id": organization["@id"] },
    });
  });

  it("numbers the crumbs from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: "Blog", item: `${siteUrl}/blog` },
      ],
    });
  });
});

describe("article data", () => {
  it("describes a blog post", () => {
    const data = blogPostingJsonLd({
      siteUrl,
      slug: "a",
      title: "T",
      description: "D",
      isoDate: "2025-07-18",
      author: "Herbo Shilajit Team",
      keywords: ["k1", "k2"],
      wordCount: 700,
    });
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "T",
      datePublished: "2025-07-18",
      author: { name: "Herbo Shilajit Team" },
      mainEntityOfPage: { "@id": `${siteUrl}/blog/a` },
    });
  });
});

describe("catalogue product data", () => {
  const currency = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };
  const variant = {
    id: "v",
    title: "10 g",
    imageUrl: null,
    sku: "HS-10",
    priceInCents: 120000,
    salePriceInCents: 99900,
    currency,
    manageInventory: true,
    inventoryQuantity: 0,
    weight: null,
  };
  const product = {
    id: "p 1",
    title: "Resin",
    subtitle: null,
    ribbonText: null,
    descriptionHtml: "",
    thumbnail: "https://api.test/a.svg",
    images: [{ url: "https://api.test/a.svg", order: 1 }],
    socialImage: null,
    purchasable: true,
    order: 1,
    siteProductSelection: null,
    options: [],
    variants: [variant],
  };

  it("offers the shown price in major units and says when it is out of stock", () => {
    expect(productJsonLd(product, { ...page, description: "D" })).toMatchObject({
      name: "Resin",
      sku: "HS-10",
      image: ["https://api.test/a.svg"],
      url: `${siteUrl}/product/p%201`,
      offers: { priceCurrency: "NPR", price: "999.00", availability: "https://schema.org/OutOfStock" },
    });
    const stocked = { ...product, variants: [{ ...variant, inventoryQuantity: 4 }] };
    expect(productJsonLd(stocked, { ...page, description: "D" }).offers).toMatchObject({
      availability: "https://schema.org/InStock",
    });
  });

  it("ships to every destination, takes returns and stays valid to the end of the year", () => {
    const offers = productJsonLd(product, { ...page, description: "D" }).offers as Record<string, unknown>;
    expect(offers.priceValidUntil).toBe("2026-12-31");
    expect(offers.shippingDetails).toEqual(shippingRates.map(shippingDetailsJsonLd));
    expect(offers.hasMerchantReturnPolicy).toEqual(returnPolicyJsonLd());
  });

  it("puts the social card first among the images, and falls back to the brand's card without pictures", () => {
    const card = { url: "https://api.test/images/cards/a.png", width: 1200, height: 630 };
    expect(productJsonLd({ ...product, socialImage: card }, { ...page, description: "D" }).image).toEqual([
      card.url,
      "https://api.test/a.svg",
    ]);
    const bare = { ...product, thumbnail: null, images: [] };
    expect(productJsonLd(bare, { ...page, description: "D" }).image).toEqual([`${siteUrl}/images/og-default.png`]);
  });
});

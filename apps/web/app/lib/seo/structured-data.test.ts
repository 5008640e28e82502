import { describe, expect, it } from "vitest";
import { countries, findCountry } from "~/content/countries";
import { nepal } from "~/content/nepal";
import { site } from "~/content/site";
import type { ShippingRate } from "~/lib/store-api/types";
import { landingRating } from "~/lib/shop-rating";
import { publishedShippingRates, shippingRateFor } from "~/content/shipping";
import { blogPostingJsonLd, breadcrumbJsonLd, organizationJsonLd, webSiteJsonLd } from "./page-structured-data";
import {
  countryProductJsonLd,
  countrySku,
  faqJsonLd,
  nepalProductJsonLd,
  offerPrice,
  returnPolicyJsonLd,
  shippingDetailsJsonLd,
  type CataloguePrice,
} from "./structured-data";

const siteUrl = "https://shop.test";
const page = { siteUrl, year: 2026 };

/** The store's rates as a fresh shop has them (seeded from the published offer), and one country's. */
const shippingRates = publishedShippingRates;
function rateTo(country: string): ShippingRate {
  const rate = shippingRateFor(shippingRates, country);
  if (rate === undefined) throw new Error(`no rate to ${country}`);
  return rate;
}

/** The seed catalogue's 10 g jar in each country's currency, as the store lists it. */
const cataloguePrices: Record<string, CataloguePrice> = {
  usa: { amount: 2999, currency: "USD", decimalDigits: 2 },
  india: { amount: 149900, currency: "INR", decimalDigits: 2 },
  uk: { amount: 2499, currency: "GBP", decimalDigits: 2 },
  canada: { amount: 3999, currency: "CAD", decimalDigits: 2 },
  uae: { amount: 11000, currency: "AED", decimalDigits: 2 },
};
const priceOf = (slug: string): CataloguePrice => {
  const price = cataloguePrices[slug];
  if (price === undefined) throw new Error(`no price for ${slug}`);
  return price;
};

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
    "%s: the catalogue's price, offer valid to the end of the year, rating, shipping with rate and delivery time, returns",
    (slug, country) => {
      const rate = rateTo(country.countryCode);
      const data = countryProductJsonLd(country, { ...page, price: priceOf(slug), shipping: rate });
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
      expect(String(data?.name)).toContain(country.country);
    },
  );

  it("makes no offer when the store could not say the price, keeping the product and its rating", () => {
    const usa = findCountry("usa");
    if (usa === undefined) throw new Error("the USA page is missing");
    const data = countryProductJsonLd(usa, { ...page, price: null, shipping: rateTo("US") });
    expect(data).not.toHaveProperty("offers");
    expect(data).toMatchObject({ "@type": "Product", aggregateRating: { ratingValue: "4.9" } });
  });

  it("states the rate the owner set, and no shipping when the store could not say", () => {
    const usa = findCountry("usa");
    if (usa === undefined) throw new Error("the USA page is missing");
    const changed = { ...rateTo("US"), amount: 1_499, transitDays: { min: 6, max: 10 } };
    const offers = countryProductJsonLd(usa, { ...page, price: priceOf("usa"), shipping: changed })?.offers;
    expect(offers).toMatchObject({
      shippingDetails: {
        shippingRate: { value: "14.99", currency: "USD" },
        deliveryTime: { transitTime: { minValue: 6, maxValue: 10 } },
      },
    });
    const unknown = countryProductJsonLd(usa, { ...page, price: priceOf("usa"), shipping: null })?.offers;
    expect(unknown).not.toHaveProperty("shippingDetails");
    expect(unknown).toMatchObject({ price: "29.99", hasMerchantReturnPolicy: { merchantReturnDays: 30 } });
  });

  it("writes an offer's price as a decimal without a zero minor part", () => {
    expect(offerPrice(2999, 2)).toBe("29.99");
    expect(offerPrice(149900, 2)).toBe("1499");
    expect(offerPrice(11000, 2)).toBe("110");
    expect(offerPrice(120050, 2)).toBe("1200.50");
    expect(offerPrice(5, 2)).toBe("0.05");
    expect(offerPrice(0, 2)).toBe("0");
    expect(offerPrice(1499, 0)).toBe("1499");
    expect(offerPrice(10000, 3)).toBe("10");
  });

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
  it("publishes free delivery across Nepal and a flat rate to each other country, in its market's currency", () => {
    expect(shippingRates.map((rate) => [rate.country, rate.currency, rate.amount, rate.decimalDigits])).toEqual([
      ["NP", "NPR", 0, 2],
      ["IN", "INR", 14_900, 2],
      ["US", "USD", 1_299, 2],
      ["GB", "GBP", 999, 2],
      ["CA", "CAD", 1_699, 2],
      ["AE", "AED", 4_500, 2],
    ]);
    for (const rate of shippingRates) {
      expect(Number.isInteger(rate.amount), rate.country).toBe(true);
      expect(rate.handlingDays.min).toBeLessThanOrEqual(rate.handlingDays.max);
      expect(rate.transitDays.min).toBeLessThanOrEqual(rate.transitDays.max);
    }
  });

  it("writes a rate in major units with its delivery time in days", () => {
    expect(shippingDetailsJsonLd(rateTo("US"))).toEqual({
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: "12.99", currency: "USD" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        handlingTime: { "@type": "QuantitativeValue", minValue: 1, maxValue: 2, unitCode: "DAY" },
        transitTime: { "@type": "QuantitativeValue", minValue: 7, maxValue: 14, unitCode: "DAY" },
      },
    });
  });

  it("promises a 30-day return window by post, for every country the shop ships to", () => {
    expect(returnPolicyJsonLd()).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: ["NP", "IN", "US", "GB", "CA", "AE"],
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      refundType: "https://schema.org/FullRefund",
    });
  });
});

const rupees = (amount: number) => ({ amount, currency: "NPR", decimalDigits: 2 });

describe("Nepal page data", () => {
  it("offers the catalogue's NPR 1200 with 150 reviews and free shipping to Nepal", () => {
    expect(
      nepalProductJsonLd({ ...page, description: "d", price: rupees(120000), shipping: rateTo("NP") }),
    ).toMatchObject({
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

  it("states the store's rate to Nepal when the owner charges for it, and none when the store could not say", () => {
    const charged = { ...rateTo("NP"), amount: 15_000 };
    expect(
      nepalProductJsonLd({ ...page, description: "d", price: rupees(120000), shipping: charged })?.offers,
    ).toMatchObject({
      price: "1200",
      shippingDetails: { shippingRate: { value: "150.00", currency: "NPR" } },
    });
    const offers = nepalProductJsonLd({ ...page, description: "d", price: rupees(120000), shipping: null })?.offers;
    expect(offers).toMatchObject({ priceCurrency: "NPR", price: "1200" });
    expect(offers).not.toHaveProperty("shippingDetails");
  });

  it("offers the price the owner set, and no offer when the store could not say", () => {
    const changed = nepalProductJsonLd({ ...page, description: "d", price: rupees(135050), shipping: rateTo("NP") });
    expect(changed?.offers).toMatchObject({ priceCurrency: "NPR", price: "1350.50" });
    const unknown = nepalProductJsonLd({ ...page, description: "d", price: null, shipping: rateTo("NP") });
    expect(unknown).not.toHaveProperty("offers");
    expect(unknown).toMatchObject({ aggregateRating: { reviewCount: "150" } });
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
    expect(organization).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${siteUrl}/#organization`,
      name: "Herbo Shilajit",
      url: `${siteUrl}/`,
      logo: `${siteUrl}/apple-touch-icon.png`,
      email: site.email,
      address: { "@type": "PostalAddress", addressLocality: site.address.locality, addressCountry: "NP" },
      sameAs: [site.social.facebook, site.social.instagram],
    });
    expect(webSiteJsonLd(siteUrl)).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "Herbo Shilajit",
      url: `${siteUrl}/`,
      inLanguage: "en",
      publisher: { "@id": `${siteUrl}/#organization` },
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
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "T",
      description: "D",
      datePublished: "2025-07-18",
      dateModified: "2025-07-18",
      author: { "@type": "Organization", name: "Herbo Shilajit Team", url: `${siteUrl}/` },
      publisher: {
        "@type": "Organization",
        name: "Herbo Shilajit",
        logo: { "@type": "ImageObject", url: `${siteUrl}/apple-touch-icon.png` },
      },
      image: `${siteUrl}/images/og-blog.png`,
      mainEntityOfPage: { "@type": "WebPage", "@id": `${siteUrl}/blog/a` },
      url: `${siteUrl}/blog/a`,
      keywords: "k1, k2",
      wordCount: 700,
      inLanguage: "en",
    });
  });
});

describe("landing page data, in full", () => {
  it("describes the UK page's product with every schema.org type named", () => {
    const uk = findCountry("uk");
    if (uk === undefined) throw new Error("the UK page is missing");
    expect(countryProductJsonLd(uk, { ...page, price: priceOf("uk"), shipping: rateTo("GB") })).toMatchInlineSnapshot(`
      {
        "@context": "https://schema.org",
        "@type": "Product",
        "aggregateRating": {
          "@type": "AggregateRating",
          "bestRating": "5",
          "ratingValue": "4.9",
          "reviewCount": "500",
        },
        "brand": {
          "@type": "Brand",
          "name": "Herbo Shilajit",
        },
        "description": "Pure Himalayan shilajit resin from Nepal, independently tested for purity and heavy metals. Honest labelling and tracked international shipping to the UK.",
        "image": "https://shop.test/images/og-default.png",
        "name": "Herbo Shilajit Pure Himalayan Shilajit Resin in UK",
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
          "price": "24.99",
          "priceCurrency": "GBP",
          "priceValidUntil": "2026-12-31",
          "seller": {
            "@type": "Organization",
            "name": "Herbo Shilajit",
          },
          "shippingDetails": {
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
                "maxValue": 12,
                "minValue": 6,
                "unitCode": "DAY",
              },
            },
            "shippingDestination": {
              "@type": "DefinedRegion",
              "addressCountry": "GB",
            },
            "shippingRate": {
              "@type": "MonetaryAmount",
              "currency": "GBP",
              "value": "9.99",
            },
          },
          "url": "https://shop.test/shilajit-in-uk",
        },
        "sku": "HERBO-SHILAJIT-UK",
      }
    `);
  });

  it("describes the Nepal page's product with its free shipping rate", () => {
    expect(nepalProductJsonLd({ ...page, description: "From Nepal", price: rupees(120000), shipping: rateTo("NP") }))
      .toMatchInlineSnapshot(`
      {
        "@context": "https://schema.org",
        "@type": "Product",
        "aggregateRating": {
          "@type": "AggregateRating",
          "bestRating": "5",
          "ratingValue": "4.9",
          "reviewCount": "150",
        },
        "brand": {
          "@type": "Brand",
          "name": "Herbo Shilajit",
        },
        "description": "From Nepal",
        "image": "https://shop.test/images/og-default.png",
        "name": "Herbo Shilajit Pure Himalayan Shilajit Resin",
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
          "seller": {
            "@type": "Organization",
            "name": "Herbo Shilajit",
          },
          "shippingDetails": {
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
          "url": "https://shop.test/shilajit-nepal",
        },
        "sku": "HERBO-SHILAJIT-NEPAL",
      }
    `);
  });

  it("marks the FAQ as a schema.org FAQPage", () => {
    expect(faqJsonLd([{ question: "Q?", answer: "A." }])).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }],
    });
  });

  it("describes a blog post with its publisher, image, keywords and language", () => {
    expect(
      blogPostingJsonLd({
        siteUrl: "https://shop.test/",
        slug: "resin-guide",
        title: "Resin guide",
        description: "How to take it",
        isoDate: "2025-07-18",
        author: "Herbo Shilajit Team",
        keywords: ["shilajit", "resin"],
        wordCount: 700,
      }),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Resin guide",
      description: "How to take it",
      datePublished: "2025-07-18",
      dateModified: "2025-07-18",
      author: { "@type": "Organization", name: "Herbo Shilajit Team", url: "https://shop.test/" },
      publisher: {
        "@type": "Organization",
        name: "Herbo Shilajit",
        logo: { "@type": "ImageObject", url: "https://shop.test/apple-touch-icon.png" },
      },
      image: "https://shop.test/images/og-blog.png",
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://shop.test/blog/resin-guide" },
      url: "https://shop.test/blog/resin-guide",
      keywords: "shilajit, resin",
      wordCount: 700,
      inLanguage: "en",
    });
  });
});

describe("the landing pages' rating, as the owner chose it", () => {
  const uk = findCountry("uk");
  if (uk === undefined) throw new Error("the UK page is missing");
  const measured = landingRating({ kind: "measured", average: 4.66, count: 12 }, site.rating.countryReviewCount);

  it("states the fixed 4.9 from 500 (country pages) and 150 (Nepal page) by default", () => {
    const fixed = { kind: "fixed" } as const;
    for (const [country, nepalRating] of [
      [undefined, undefined],
      [landingRating(fixed, site.rating.countryReviewCount), landingRating(fixed, site.rating.nepalReviewCount)],
    ]) {
      expect(
        countryProductJsonLd(uk, { ...page, price: priceOf("uk"), shipping: null, rating: country }),
      ).toMatchObject({
        aggregateRating: { ratingValue: "4.9", reviewCount: "500", bestRating: "5" },
      });
      expect(
        nepalProductJsonLd({ ...page, description: "d", price: rupees(120000), shipping: null, rating: nepalRating }),
      ).toMatchObject({ aggregateRating: { ratingValue: "4.9", reviewCount: "150" } });
    }
  });

  it("states the measured average and count of the published reviews instead, on both pages", () => {
    const expected = { "@type": "AggregateRating", ratingValue: "4.7", bestRating: "5", reviewCount: "12" };
    expect(
      countryProductJsonLd(uk, { ...page, price: priceOf("uk"), shipping: null, rating: measured })?.aggregateRating,
    ).toEqual(expected);
    expect(
      nepalProductJsonLd({ ...page, description: "d", price: rupees(120000), shipping: null, rating: measured })
        ?.aggregateRating,
    ).toEqual(expected);
  });

  it("states no rating at all when the measured one has no review yet, keeping the offer", () => {
    const none = landingRating({ kind: "none" }, site.rating.countryReviewCount);
    expect(none).toBeNull();
    const country = countryProductJsonLd(uk, { ...page, price: priceOf("uk"), shipping: null, rating: none });
    expect(country).not.toHaveProperty("aggregateRating");
    expect(country).toMatchObject({ "@type": "Product", offers: { price: "24.99" } });
    const nepalData = nepalProductJsonLd({
      ...page,
      description: "d",
      price: rupees(120000),
      shipping: null,
      rating: none,
    });
    expect(nepalData).not.toHaveProperty("aggregateRating");
    expect(nepalData).toMatchObject({ offers: { price: "1200" } });
    // With neither a rating nor a price there is no product to describe: search engines would refuse it.
    expect(countryProductJsonLd(uk, { ...page, price: null, shipping: null, rating: none })).toBeNull();
    expect(nepalProductJsonLd({ ...page, description: "d", price: null, shipping: null, rating: none })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { countries, findCountry } from "~/content/countries";
import { nepal } from "~/content/nepal";
import type { Product, Variant } from "~/lib/store-api/types";
import {
  blogPostingJsonLd,
  countryProductJsonLd,
  countrySku,
  faqJsonLd,
  nepalProductJsonLd,
  productJsonLd,
  shippingCountryCode,
} from "./structured-data";

const siteUrl = "https://shop.test";

describe("country product data (SPEC §3, §9)", () => {
  it("maps UK to GB and every other slug to its upper case", () => {
    expect(shippingCountryCode("uk")).toBe("GB");
    expect(shippingCountryCode("usa")).toBe("USA");
    expect(shippingCountryCode("uae")).toBe("UAE");
  });

  it("builds the SKU from HERBO-SHILAJIT- and the upper-case slug", () => {
    expect(countrySku("india")).toBe("HERBO-SHILAJIT-INDIA");
  });

  it.each(countries.map((country) => [country.slug, country] as const))(
    "%s: offer, rating and shipping",
    (slug, country) => {
      const data = countryProductJsonLd(country, siteUrl);
      expect(data).toMatchObject({
        "@type": "Product",
        sku: `HERBO-SHILAJIT-${slug.toUpperCase()}`,
        brand: { name: "Herbo Shilajit" },
        aggregateRating: { ratingValue: "4.9", reviewCount: "500" },
        offers: {
          url: `${siteUrl}/shilajit-in-${slug}`,
          priceCurrency: country.currency,
          price: country.price,
          priceValidUntil: "2025-12-31",
          itemCondition: "https://schema.org/NewCondition",
          availability: "https://schema.org/InStock",
          shippingDetails: { shippingDestination: { addressCountry: slug === "uk" ? "GB" : slug.toUpperCase() } },
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

describe("Nepal page data", () => {
  it("offers NPR 1200 with 150 reviews and free shipping to Nepal", () => {
    expect(nepalProductJsonLd({ siteUrl, description: "d" })).toMatchObject({
      aggregateRating: { ratingValue: "4.9", reviewCount: "150" },
      offers: {
        priceCurrency: "NPR",
        price: "1200",
        priceValidUntil: "2025-12-31",
        shippingDetails: {
          shippingRate: { value: "0", currency: "NPR" },
          shippingDestination: { addressCountry: "NP" },
        },
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
    purchasable: true,
    order: 1,
    siteProductSelection: null,
    options: [],
    variants: [variant],
  };

  it("offers the shown price in major units and says when it is out of stock", () => {
    expect(productJsonLd(product, { siteUrl, description: "D" })).toMatchObject({
      name: "Resin",
      sku: "HS-10",
      image: "https://api.test/a.svg",
      url: `${siteUrl}/product/p%201`,
      offers: { priceCurrency: "NPR", price: "999.00", availability: "https://schema.org/OutOfStock" },
    });
    const stocked = { ...product, variants: [{ ...variant, inventoryQuantity: 4 }] };
    expect(productJsonLd(stocked, { siteUrl, description: "D" }).offers).toMatchObject({
      availability: "https://schema.org/InStock",
    });
  });
});

describe("landing page data, in full", () => {
  const brand = { "@type": "Brand", name: "Herbo Shilajit" };
  const seller = { "@type": "Organization", name: "Herbo Shilajit" };

  it("describes the UK page's product with every schema.org type named", () => {
    const uk = findCountry("uk");
    if (uk === undefined) throw new Error("the UK page is missing");
    expect(countryProductJsonLd(uk, siteUrl)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Herbo Shilajit Pure Himalayan Shilajit Resin in UK",
      image: `${siteUrl}/images/og-default.png`,
      description: uk.metaDescription,
      sku: "HERBO-SHILAJIT-UK",
      brand,
      aggregateRating: { "@type": "AggregateRating", ratingValue: "4.9", bestRating: "5", reviewCount: "500" },
      offers: {
        "@type": "Offer",
        url: `${siteUrl}/shilajit-in-uk`,
        priceCurrency: "GBP",
        price: "24.99",
        priceValidUntil: "2025-12-31",
        itemCondition: "https://schema.org/NewCondition",
        availability: "https://schema.org/InStock",
        seller,
        shippingDetails: {
          "@type": "OfferShippingDetails",
          shippingDestination: { "@type": "DefinedRegion", addressCountry: "GB" },
        },
      },
    });
  });

  it("describes the Nepal page's product with its free shipping rate", () => {
    expect(nepalProductJsonLd({ siteUrl, description: "From Nepal" })).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Herbo Shilajit Pure Himalayan Shilajit Resin",
      image: `${siteUrl}/images/og-default.png`,
      description: "From Nepal",
      sku: "HERBO-SHILAJIT-NEPAL",
      brand,
      aggregateRating: { "@type": "AggregateRating", ratingValue: "4.9", bestRating: "5", reviewCount: "150" },
      offers: {
        "@type": "Offer",
        url: `${siteUrl}/shilajit-nepal`,
        priceCurrency: "NPR",
        price: "1200",
        priceValidUntil: "2025-12-31",
        itemCondition: "https://schema.org/NewCondition",
        availability: "https://schema.org/InStock",
        seller,
        shippingDetails: {
          "@type": "OfferShippingDetails",
          shippingRate: { "@type": "MonetaryAmount", value: "0", currency: "NPR" },
          shippingDestination: { "@type": "DefinedRegion", addressCountry: "NP" },
        },
      },
    });
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

describe("catalogue product data, edge cases", () => {
  const currency = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };
  const variant = (changes: Partial<Variant> = {}): Variant => ({
    id: "v",
    title: "10 g",
    imageUrl: null,
    sku: "HS-10",
    priceInCents: 120000,
    salePriceInCents: null,
    currency,
    manageInventory: true,
    inventoryQuantity: 5,
    weight: null,
    ...changes,
  });
  const product = (changes: Partial<Product> = {}): Product => ({
    id: "resin",
    title: "Resin",
    subtitle: null,
    ribbonText: null,
    descriptionHtml: "",
    thumbnail: null,
    images: [{ url: "https://api.test/a.svg", order: 1 }],
    purchasable: true,
    order: 1,
    siteProductSelection: null,
    options: [],
    variants: [variant()],
    ...changes,
  });
  const availability = (data: Record<string, unknown>) => (data.offers as { availability: string }).availability;
  const jsonLd = (changes: Partial<Product> = {}) => productJsonLd(product(changes), { siteUrl, description: "D" });

  it("writes the whole product and its offer", () => {
    expect(jsonLd()).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Resin",
      description: "D",
      brand: { "@type": "Brand", name: "Herbo Shilajit" },
      url: `${siteUrl}/product/resin`,
      image: "https://api.test/a.svg",
      sku: "HS-10",
      offers: {
        "@type": "Offer",
        url: `${siteUrl}/product/resin`,
        priceCurrency: "NPR",
        price: "1200.00",
        itemCondition: "https://schema.org/NewCondition",
        availability: "https://schema.org/InStock",
      },
    });
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

  it("leaves out the offer, SKU and image that a product does not have", () => {
    const bare = jsonLd({ images: [], variants: [] });
    expect(bare).not.toHaveProperty("offers");
    expect(bare).not.toHaveProperty("sku");
    expect(bare).not.toHaveProperty("image");
    expect(jsonLd({ variants: [variant({ sku: null })] })).not.toHaveProperty("sku");
  });

  it("writes prices of zero-decimal and three-decimal currencies in major units", () => {
    const priced = (decimalDigits: number, priceInCents: number) =>
      (jsonLd({ variants: [variant({ priceInCents, currency: { ...currency, decimalDigits } })] }).offers as {
        price: string;
      }).price;
    expect(priced(0, 1500)).toBe("1500");
    expect(priced(3, 12345)).toBe("12.345");
  });
});

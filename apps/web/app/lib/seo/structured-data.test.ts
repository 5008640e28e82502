import { describe, expect, it } from "vitest";
import { countries, findCountry } from "~/content/countries";
import { nepal } from "~/content/nepal";
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

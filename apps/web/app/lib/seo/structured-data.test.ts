import { describe, expect, it } from "vitest";
import { countries, findCountry } from "~/content/countries";
import { nepal } from "~/content/nepal";
import {
  blogPostingJsonLd,
  countryProductJsonLd,
  countrySku,
  faqJsonLd,
  nepalProductJsonLd,
  serializeJsonLd,
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

describe("JSON-LD serialisation", () => {
  it("cannot be closed early by content", () => {
    const serialised = serializeJsonLd({ name: "</script><script>alert(1)</script>", note: "a & b > c \u2028" });
    expect(serialised).not.toContain("</script");
    expect(serialised).not.toContain("<");
    expect(JSON.parse(serialised)).toEqual({ name: "</script><script>alert(1)</script>", note: "a & b > c \u2028" });
  });
});

import { describe, expect, it } from "vitest";
import { hasDrawnFlag } from "~/components/content/flag";
import { countries } from "./countries";
import { countrySlugs } from "./country-slugs";
import { home } from "./home";
import { nepal } from "./nepal";
import { iconNames } from "./types";

describe("landing content", () => {
  it("has a record for every country page, in footer order", () => {
    expect(countries.map((country) => country.slug)).toEqual([...countrySlugs]);
  });

  it.each(countries.map((country) => [country.country, country] as const))(
    "%s is written for its own shoppers",
    (_name, country) => {
      expect(country.benefits).toHaveLength(3);
      expect(country.whyChoose).toHaveLength(3);
      expect(country.testimonials).toHaveLength(3);
      expect(country.metaTitle.length).toBeLessThanOrEqual(60);
      expect(country.metaDescription.length).toBeLessThanOrEqual(160);
      for (const feature of [...country.benefits, ...country.whyChoose]) expect(iconNames).toContain(feature.icon);
      // Not one text with the name swapped: no two countries share an intro or a testimonial.
      for (const other of countries.filter((candidate) => candidate !== country)) {
        expect(other.introText).not.toBe(country.introText);
        expect(other.testimonials.map((testimonial) => testimonial.text)).not.toContain(country.testimonials[0].text);
      }
    },
  );

  it("has a drawn flag for every landing page, Nepal's included", () => {
    for (const country of countries) expect(hasDrawnFlag(country.flag), country.country).toBe(true);
    expect(hasDrawnFlag(nepal.flag)).toBe(true);
    expect(hasDrawnFlag("🇫🇷")).toBe(false);
  });

  it("writes India's hero in Hindi", () => {
    const india = countries.find((country) => country.slug === "india");
    expect(india?.heroLang).toBe("hi");
    expect(india?.heroTitle).toMatch(/[\u0900-\u097F]/);
  });

  it("gives Nepal three testimonials and a three-question FAQ", () => {
    expect(nepal.testimonials).toHaveLength(3);
    expect(nepal.faq).toHaveLength(3);
  });

  it("gives the home page exactly ten benefits", () => {
    expect(home.benefits).toHaveLength(10);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasDrawnFlag } from "~/components/content/flag";
import { countries } from "./countries";
import { countrySlugs } from "./country-slugs";
import { home } from "./home";
import { nepal } from "./nepal";
import { site } from "./site";
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

/** Every sentence of the landing, home and site copy and of the blog's Markdown, with where it comes from. */
function shopSentences(): { source: string; sentence: string }[] {
  const blogFolder = path.join(import.meta.dirname, "blog");
  const texts = [
    ...countries.map((country) => ({ source: country.slug, text: JSON.stringify(country) })),
    { source: "nepal", text: JSON.stringify(nepal) },
    { source: "home", text: JSON.stringify(home) },
    { source: "site", text: JSON.stringify(site) },
    ...readdirSync(blogFolder).map((file) => ({
      source: file,
      text: readFileSync(path.join(blogFolder, file), "utf8"),
    })),
  ];
  return texts.flatMap(({ source, text }) =>
    text.split(/(?<=[.!?])\s+(?=[A-Z])|",\s*"|\n+/).map((sentence) => ({ source, sentence: sentence.toLowerCase() })),
  );
}

describe("what the pages promise about delivery and payment is what checkout offers (issue 12)", () => {
  const sentences = shopSentences();

  it("offers cash on delivery for Nepal only", () => {
    const cash = sentences.filter(({ sentence }) =>
      /cash on delivery|\bcod\b|pay(?:s|ing)? in cash|cash payment/.test(sentence),
    );
    expect(cash.length).toBeGreaterThan(5);
    for (const { source, sentence } of cash) {
      // The Nepal page and site-wide claims list ("Cash on delivery") speak of Nepal by context.
      const aboutNepal = source === "nepal" || source === "site" || /nepal|kathmandu|pokhara|butwal/.test(sentence);
      expect(aboutNepal, `${source}: ${sentence}`).toBe(true);
    }
    for (const country of countries) expect(JSON.stringify(country).toLowerCase()).not.toMatch(/cash|\bcod\b/);
  });

  it("never says cash is the only way to pay, since checkout takes cards everywhere", () => {
    for (const { source, sentence } of sentences)
      expect(sentence, source).not.toMatch(/pay(?:s)? in cash only|only (?:in |by )?cash|cash only/);
  });

  it("promises free delivery for Nepal only, never worldwide or abroad", () => {
    for (const { source, sentence } of sentences) {
      if (!/free (?:delivery|shipping)|(?:delivery|shipping) is free|delivered free/.test(sentence)) continue;
      if (source !== "nepal") expect(sentence, source).toMatch(/nepal/);
      expect(sentence, source).not.toMatch(
        /free (?:worldwide|international)|(?:worldwide|international) (?:delivery|shipping) is free|free (?:delivery|shipping) (?:worldwide|abroad|everywhere|to all)/,
      );
    }
  });
});

import { describe, expect, it } from "vitest";
import { site } from "../app/content/site";
import { compileArticle, isoDateOf, loadArticles } from "./articles";

const articles = loadArticles();
const bySlug = new Map(articles.map((article) => [article.slug, article]));

/** The first set of articles (docs/storefront.md#blog), one a day from 18 July to 4 August 2025, in this order. */
const firstSet = [
  "what-is-shilajit-benefits-uses-myths-debunked",
  "top-10-proven-benefits-of-shilajit-for-mens-health",
  "shilajit-for-women-natural-energy-hormonal-balance",
  "how-to-take-shilajit-correct-dosage-timing-tips",
  "shilajit-vs-ashwagandha-which-one-is-better-for-you",
  "why-shilajit-is-booming-in-the-usa-canada-wellness-market",
  "is-shilajit-safe-what-ayurveda-and-science-say",
  "the-history-of-shilajit-in-himalayan-and-ayurvedic-medicine",
  "shilajit-for-trekkers-beat-altitude-fatigue-in-nepal",
  "boost-your-muscle-recovery-naturally-with-shilajit",
  "lab-tested-vs-raw-shilajit-what-you-need-to-know",
  "buying-genuine-shilajit-in-uae-what-to-watch-out-for",
  "mental-focus-brain-fog-how-shilajit-supports-cognitive-health",
  "top-natural-testosterone-boosters-shilajit-ranked-1",
  "real-customer-stories-how-shilajit-changed-my-life",
  "shilajit-and-immunity-your-natural-defense-booster",
  "where-to-buy-authentic-shilajit-in-nepal",
  "chronic-fatigue-burnout-shilajit-might-be-the-answer",
];
const laterSet = [
  "fulvic-acid-in-shilajit-the-key-to-cellular-energy",
  "how-to-identify-fake-shilajit-online-buyers-guide",
];

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

describe("blog articles", () => {
  it("has every slug SPEC lists, 20 in all", () => {
    expect(articles.length).toBeGreaterThanOrEqual(20);
    for (const slug of [...firstSet, ...laterSet]) expect(bySlug.has(slug), slug).toBe(true);
  });

  it("dates the first set one a day from July 18 to August 4, 2025", () => {
    const start = Date.UTC(2025, 6, 18);
    firstSet.forEach((slug, index) => {
      const article = bySlug.get(slug);
      expect(article?.isoDate, slug).toBe(new Date(start + index * 86_400_000).toISOString().slice(0, 10));
    });
    for (const slug of laterSet) expect(bySlug.get(slug)?.isoDate.localeCompare("2025-08-04")).toBe(1);
  });

  it.each(articles.map((article) => [article.slug, article] as const))(
    "%s is complete, careful copy",
    (_slug, article) => {
      expect(article.author).toBe(site.team);
      expect(article.wordCount).toBeGreaterThanOrEqual(600);
      expect(article.metaDescription.length).toBeLessThanOrEqual(160);
      expect(article.keywords.length).toBeGreaterThan(0);
      expect(article.html).toMatch(/<h2 id="[a-z0-9-]+">/);
      expect(article.html).toMatch(/<(ul|ol)>/);
      const body = text(article.html);
      expect(body).toContain("not medical advice");
      // Dosage, wherever it comes up, is the shop's (docs/storefront.md#blog): a pea-sized amount, about 250-300 mg.
      for (const match of body.matchAll(/(\d+)\s*(?:-|to|–)?\s*(\d+)?\s*mg\b/g)) {
        expect(match[1] === "250" && match[2] === "300", match[0]).toBe(true);
      }
      // No cure claims (the words may appear as red flags to watch for, never said of shilajit).
      expect(body).not.toMatch(/\b(shilajit|it|resin) (cures|treats|prevents)\b|\bwill (cure|treat|prevent)\b/);
      expect(article.html).not.toMatch(/<script|<iframe|href="http/i);
    },
  );

  it("covers what SPEC names for the fulvic acid, fake-shilajit and chronic fatigue articles", () => {
    const fulvic = text(bySlug.get("fulvic-acid-in-shilajit-the-key-to-cellular-energy")?.html ?? "");
    for (const point of ["transport", "detox", "antioxidant", "electrolyte"]) expect(fulvic).toContain(point);
    const fakes = text(bySlug.get("how-to-identify-fake-shilajit-online-buyers-guide")?.html ?? "");
    for (const point of ["texture", "dissolve", "smell", "flame", "lab", "certificate", "wax", "bitumen", "charcoal"]) {
      expect(fakes).toContain(point);
    }
    const fatigue = text(bySlug.get("chronic-fatigue-burnout-shilajit-might-be-the-answer")?.html ?? "");
    expect(fatigue).toContain("mitochondria");
    expect(fatigue).toContain("atp");
  });

  it("links only to pages of the shop", () => {
    const paths = new Set([
      "/",
      "/store",
      "/blog",
      "/shilajit-nepal",
      ...articles.map((article) => `/blog/${article.slug}`),
    ]);
    for (const slug of ["usa", "india", "uk", "canada", "uae"]) paths.add(`/shilajit-in-${slug}`);
    for (const article of articles) {
      for (const match of article.html.matchAll(/href="([^"]+)"/g))
        expect(paths.has(match[1] ?? ""), `${article.slug} → ${match[1]}`).toBe(true);
    }
  });
});

describe("article compiler", () => {
  it("reads dates written like 'July 17, 2025'", () => {
    expect(isoDateOf("July 17, 2025")).toBe("2025-07-17");
    expect(isoDateOf("August 4, 2025")).toBe("2025-08-04");
    expect(() => isoDateOf("17/07/2025")).toThrow();
  });

  it("fails the build on broken front matter or a slug that does not match the file", () => {
    expect(() => compileArticle("a.md", "no front matter")).toThrow(/front matter/);
    const source = `---\nslug: other\ntitle: A long enough title\ndate: "July 1, 2025"\nauthor: Team\nexcerpt: ${"x".repeat(50)}\nmetaDescription: ${"y".repeat(60)}\nkeywords: [a]\n---\nBody`;
    expect(() => compileArticle("a.md", source)).toThrow(/does not match/);
  });

  it("asks for a short title of at most 60 characters when the title is longer", () => {
    const article = (titles: string) =>
      `---\nslug: a\n${titles}\ndate: "July 1, 2025"\nauthor: Team\nexcerpt: ${"x".repeat(50)}\nmetaDescription: ${"y".repeat(60)}\nkeywords: [a]\n---\nBody`;
    const long = `title: ${"Long words ".repeat(7)}`;
    expect(() => compileArticle("a.md", article(long))).toThrow(/shortTitle/);
    expect(() => compileArticle("a.md", article(`${long}\nshortTitle: ${"Short ".repeat(11)}`))).toThrow(/shortTitle/);
    expect(compileArticle("a.md", article(`${long}\nshortTitle: A short title`)).shortTitle).toBe("A short title");
  });

  it("takes prices only as live tokens naming a market, so no figure is typed into an article", () => {
    const article = (body: string) =>
      `---\nslug: a\ntitle: A title of some length\ndate: "July 1, 2025"\nauthor: Team\nexcerpt: ${"x".repeat(50)}\nmetaDescription: ${"y".repeat(60)}\nkeywords: [a]\n---\n${body}`;
    expect(compileArticle("a.md", article("From {{flagship-price-np}} a jar.")).html).toContain(
      "{{flagship-price-np}}",
    );
    expect(() => compileArticle("a.md", article("From {{flagship-price-xx}} a jar."))).toThrow(/names no market/);
    expect(() => compileArticle("a.md", article("From {{price}} a jar."))).toThrow(/double braces/);
    expect(() => compileArticle("a.md", article("From {{flagship-price-np} a jar."))).toThrow(/double braces/);
  });

  it("states no price in any article except through a token", () => {
    const typedPrice = /(?:Rs\.?|NPR|INR|AED|USD|GBP|CAD|CA\$|US\$|₹|£|\$)\s?\d/;
    for (const article of articles) expect(article.html.replace(/<[^>]+>/g, " "), article.slug).not.toMatch(typedPrice);
  });
});

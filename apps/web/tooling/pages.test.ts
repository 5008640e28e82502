import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shopPageLinks, shopPageSlugs } from "../app/content/shop-pages";
import { fillTokens, pageTokenValues } from "../app/lib/shop-offer/page-tokens";
import { compilePage, loadPages, pagesFolder } from "./pages";

const pages = loadPages();
const bySlug = new Map(pages.map((page) => [page.slug, page]));

function htmlOf(slug: string): string {
  const sections = bySlug.get(slug as never)?.sections ?? [];
  return sections.map((section) => ("html" in section ? section.html : `[${section.block}]`)).join("\n");
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

const header = (slug: string) =>
  `---\nslug: ${slug}\ntitle: A fine title\nsummary: ${"s".repeat(50)}\nmetaDescription: ${"m".repeat(60)}\n---\n`;

describe("help and policy pages", () => {
  it("has one page for every slug, each linked from the footer", () => {
    expect(pages.map((page) => page.slug)).toEqual([...shopPageSlugs]);
    expect(shopPageLinks.map((link) => link.slug).sort()).toEqual([...shopPageSlugs].sort());
  });

  it.each(pages.map((page) => [page.slug, page] as const))(
    "%s is complete and links only to the shop",
    (slug, page) => {
      expect(page.metaDescription.length).toBeLessThanOrEqual(160);
      const html = htmlOf(slug);
      expect(html).toMatch(/<h2 id="[a-z0-9-]+">/);
      expect(page.sections.at(-1)).toEqual({ block: "contact" });
      expect(html).not.toMatch(/<script|<iframe|<img/i);
      const paths = new Set(shopPageSlugs.map((other) => `/${other}`));
      for (const match of html.matchAll(/href="([^"]+)"/g)) expect(paths.has(match[1] ?? ""), match[1]).toBe(true);
      // A food supplement: no cure claims anywhere.
      expect(text(html)).not.toMatch(
        /\b(shilajit|it|resin) (cures|treats|prevents|heals)\b|\bwill (cure|treat|prevent)\b/,
      );
    },
  );

  it("fills every token with the shop's figures", () => {
    const values = pageTokenValues();
    for (const page of pages) {
      for (const section of page.sections) {
        if ("html" in section) expect(fillTokens(section.html, values)).not.toMatch(/\{\{|\}\}/);
      }
    }
  });

  it("takes the shipping and returns figures from the shop's offer, never typed into the Markdown", () => {
    for (const slug of ["shipping", "returns"]) {
      const source = readFileSync(path.join(pagesFolder, `${slug}.md`), "utf8");
      const body = source.replace(/^---[\s\S]*?---/, "").replace(/^\d+\. /gm, "");
      expect(body, slug).not.toMatch(/\d/);
    }
    expect(bySlug.get("shipping")?.sections).toContainEqual({ block: "shipping-rates" });
    expect(bySlug.get("returns")?.sections).toContainEqual({ block: "returns-summary" });
  });

  it("says what the brief requires: data kept, no tracking, cash on delivery in Nepal only, Nepalese law", () => {
    const privacy = text(htmlOf("privacy"));
    for (const point of [
      "name",
      "email",
      "phone",
      "delivery address",
      "last four digits",
      "local storage",
      "copy",
      "delete",
    ])
      expect(privacy, point).toContain(point);
    expect(privacy).toContain("never store the full card number");
    expect(privacy).toContain("does not set tracking cookies");
    const terms = text(htmlOf("terms"));
    for (const point of [
      "nepalese rupees",
      "order number",
      "{{cash-on-delivery-countries}}",
      "food supplement, not a medicine",
      "pregnant",
      "medication",
      "laws of nepal",
    ])
      expect(terms, point).toContain(point);
    expect(text(htmlOf("shipping"))).toContain(
      "cash on delivery is available for delivery addresses in {{cash-on-delivery-countries}}",
    );
  });

  it("says how reviews are collected, shown and moderated, and that they are never bought", () => {
    const policy = text(htmlOf("review-policy"));
    for (const point of [
      "about ten days after your order is delivered",
      "private link for each product",
      "do not need an account",
      "one review of each product in each order",
      "every buyer whose order is delivered",
      "verified buyer",
      "the country store you ordered from",
      "we never show your email address, your order number",
      "we read every review before it is published",
      "whatever its rating",
      "never remove a review or change its words because it is negative",
      "personal data",
      "abusive",
      "spam",
      "not about the product",
      "health claim",
      "we keep the reason",
      "we never pay for reviews",
      "reply to a review in public",
      "count published reviews only",
    ])
      expect(policy, point).toContain(point);
    expect(bySlug.get("review-policy")?.sections.at(-1)).toEqual({ block: "contact" });
  });
});

describe("page compiler", () => {
  it("splits the HTML at blocks on their own line and keeps inline tokens", () => {
    const page = compilePage(
      "terms.md",
      `${header("terms")}Intro {{return-window-days}} days.\n\n{{contact}}\n\nAfter.\n`,
    );
    expect(page.sections).toEqual([
      { html: "<p>Intro {{return-window-days}} days.</p>" },
      { block: "contact" },
      { html: "<p>After.</p>" },
    ]);
  });

  it("fails the build on an unknown block or token, a block inside a sentence, or a stray brace", () => {
    expect(() => compilePage("terms.md", `${header("terms")}{{newsletter}}\n`)).toThrow(/unknown block/);
    expect(() => compilePage("terms.md", `${header("terms")}Within {{days}}.\n`)).toThrow(/unknown token/);
    expect(() => compilePage("terms.md", `${header("terms")}See {{contact}} here.\n`)).toThrow(/unknown token/);
    expect(() => compilePage("terms.md", `${header("terms")}Within {{return-window-days} days.\n`)).toThrow(
      /not closed/,
    );
  });

  it("fails the build on a slug that is not a shop page, or a missing or extra file", () => {
    expect(() => compilePage("about.md", header("about"))).toThrow(/slug/);
    const folder = mkdtempSync(path.join(tmpdir(), "herbo-pages-"));
    for (const slug of shopPageSlugs.filter((slug) => slug !== "terms"))
      writeFileSync(path.join(folder, `${slug}.md`), `${header(slug)}Body\n`);
    expect(() => loadPages(folder)).toThrow(/missing terms\.md/);
    writeFileSync(path.join(folder, "terms.md"), `${header("terms")}Body\n`);
    expect(loadPages(folder)).toHaveLength(shopPageSlugs.length);
    writeFileSync(path.join(folder, "about.md"), `${header("about")}Body\n`);
    expect(() => loadPages(folder)).toThrow(/about\.md/);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  shopPageBlocks,
  shopPageSlugs,
  shopPageTokens,
  type ShopPageBlock,
  type ShopPageSlug,
} from "../app/content/shop-pages";
import { readMarkdownFile, renderMarkdown } from "./articles";

/** Where the help and policy pages live; one file per page, named after its slug. */
export const pagesFolder = path.resolve(import.meta.dirname, "../app/content/pages");

const frontMatterSchema = z.object({
  slug: z.enum(shopPageSlugs),
  /** The page's heading. */
  title: z.string().min(5).max(60),
  /** One sentence under the heading. */
  summary: z.string().min(40).max(200),
  metaDescription: z.string().min(50).max(160),
});

/** A page's body: HTML from the Markdown, with the live parts left as named blocks between it. */
export type CompiledSection = { html: string } | { block: ShopPageBlock };

export interface CompiledPage {
  slug: ShopPageSlug;
  title: string;
  summary: string;
  metaDescription: string;
  sections: CompiledSection[];
}

const blockPattern = /<p>\{\{([a-z-]+)\}\}<\/p>\n?/g;

function isBlock(name: string): name is ShopPageBlock {
  return (shopPageBlocks as readonly string[]).includes(name);
}

/** Splits the HTML at its `{{block}}` paragraphs; an unknown block or token, or a stray brace, fails the build. */
function sectionsOf(fileName: string, html: string): CompiledSection[] {
  const sections: CompiledSection[] = [];
  let start = 0;
  for (const match of html.matchAll(blockPattern)) {
    const name = match[1] ?? "";
    if (!isBlock(name)) throw new Error(`${fileName}: unknown block {{${name}}}`);
    const before = html.slice(start, match.index).trim();
    if (before !== "") sections.push({ html: before });
    sections.push({ block: name });
    start = match.index + match[0].length;
  }
  const rest = html.slice(start).trim();
  if (rest !== "") sections.push({ html: rest });
  for (const section of sections) {
    if (!("html" in section)) continue;
    for (const token of section.html.matchAll(/\{\{([^}]*)\}\}/g)) {
      if (!(shopPageTokens as readonly string[]).includes(token[1] ?? ""))
        throw new Error(`${fileName}: unknown token {{${token[1]}}}`);
    }
    if (/\{\{|\}\}/.test(section.html.replace(/\{\{[a-z-]+\}\}/g, "")))
      throw new Error(`${fileName}: a placeholder is not closed, or a block is not on a line of its own`);
  }
  return sections;
}

export function compilePage(fileName: string, source: string): CompiledPage {
  const { frontMatter, body } = readMarkdownFile(fileName, source, frontMatterSchema);
  return { ...frontMatter, sections: sectionsOf(fileName, renderMarkdown(body)) };
}

/** Every page of `shopPageSlugs`; a missing or extra file fails the build. */
export function loadPages(folder = pagesFolder): CompiledPage[] {
  const files = readdirSync(folder).filter((file) => file.endsWith(".md"));
  const expected = shopPageSlugs.map((slug) => `${slug}.md`);
  const missing = expected.filter((file) => !files.includes(file));
  const extra = files.filter((file) => !expected.includes(file));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(
      `${folder}: missing ${missing.join(", ") || "none"}; not listed in shopPageSlugs ${extra.join(", ") || "none"}`,
    );
  return expected.map((file) => compilePage(file, readFileSync(path.join(folder, file), "utf8")));
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { marketCodes } from "../../../packages/hosted-api/src/markets.ts";
import { articlePriceTokenPattern } from "../app/content/article-tokens";

/** Where the blog's Markdown lives; one file per article, named after its slug. */
export const articlesFolder = path.resolve(import.meta.dirname, "../app/content/blog");

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 'July 17, 2025' → '2025-07-17'; throws on anything else so a typo fails the build. */
export function isoDateOf(text: string): string {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(text);
  const month = match === null ? -1 : months.indexOf(match[1] ?? "");
  if (match === null || month < 0) throw new Error(`Article date must look like 'July 17, 2025', got '${text}'`);
  return `${match[3]}-${String(month + 1).padStart(2, "0")}-${String(match[2]).padStart(2, "0")}`;
}

const frontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(10),
  /** The browser tab's title when the full title is longer than 60 characters, which search results cut. */
  shortTitle: z.string().min(10).max(60).optional(),
  date: z.string(),
  author: z.string().min(1),
  excerpt: z.string().min(40),
  metaDescription: z.string().min(50).max(160),
  keywords: z.array(z.string().min(1)).min(1),
});

export interface CompiledArticle extends z.infer<typeof frontMatterSchema> {
  isoDate: string;
  html: string;
  wordCount: number;
}

/** Gives every h2/h3 an id so sections can be linked to. */
export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Splits a Markdown file into its YAML front matter, checked against `schema`, and its body. The front
 * matter must name a slug equal to the file's name, so a renamed file cannot publish under an old address.
 */
export function readMarkdownFile<Schema extends z.ZodType<{ slug: string }>>(
  fileName: string,
  source: string,
  schema: Schema,
): { frontMatter: z.infer<Schema>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, "\n"));
  if (match === null) throw new Error(`${fileName}: missing front matter`);
  const parsed = schema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success)
    throw new Error(
      `${fileName}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`,
    );
  const frontMatter = parsed.data;
  if (`${frontMatter.slug}.md` !== fileName)
    throw new Error(`${fileName}: slug '${frontMatter.slug}' does not match the file name`);
  return { frontMatter, body: match[2] ?? "" };
}

/** Markdown (GitHub flavour) to HTML, with ids on h2 and h3. */
export function renderMarkdown(body: string): string {
  return marked
    .parse(body, { async: false, gfm: true })
    .replace(
      /<(h[23])>([\s\S]*?)<\/\1>/g,
      (_whole, tag: string, inner: string) => `<${tag} id="${slugifyHeading(inner)}">${inner}</${tag}>`,
    );
}

/** An article's price tokens must name a market, and no other braces may appear: a typo fails the build. */
function checkPriceTokens(fileName: string, html: string): void {
  for (const token of html.matchAll(articlePriceTokenPattern)) {
    if (!(marketCodes as readonly string[]).includes(token[1] ?? ""))
      throw new Error(`${fileName}: {{flagship-price-${token[1]}}} names no market`);
  }
  if (/\{\{|\}\}/.test(html.replace(articlePriceTokenPattern, "")))
    throw new Error(`${fileName}: only {{flagship-price-<market>}} may stand in double braces`);
}

export function compileArticle(fileName: string, source: string): CompiledArticle {
  const { frontMatter, body } = readMarkdownFile(fileName, source, frontMatterSchema);
  if (frontMatter.title.length > 60 && frontMatter.shortTitle === undefined)
    throw new Error(`${fileName}: the title is over 60 characters, so give a shortTitle of at most 60`);
  const html = renderMarkdown(body);
  checkPriceTokens(fileName, html);
  return {
    ...frontMatter,
    isoDate: isoDateOf(frontMatter.date),
    html,
    wordCount: body.split(/\s+/).filter(Boolean).length,
  };
}

/** Every article, newest first. */
export function loadArticles(folder = articlesFolder): CompiledArticle[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .map((file) => compileArticle(file, readFileSync(path.join(folder, file), "utf8")))
    .sort((left, right) => right.isoDate.localeCompare(left.isoDate) || left.slug.localeCompare(right.slug));
}

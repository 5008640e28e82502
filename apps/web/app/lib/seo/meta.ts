import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";
import { yearIn } from "~/lib/calendar";

export const defaultSocialImage = "/images/og-default.png";
/** The size of the brand's own cards (og-default.png, og-blog.png). */
export const brandCardSize = { width: 1200, height: 630 } as const;

/** Search engines cut longer titles; the full headline stays in og:title and the page's H1. */
export const maxTitleLength = 60;

export interface PageMetaInput {
  /** Canonical origin, e.g. https://shop.example (SITE_URL). */
  siteUrl: string;
  /** Path of the page, without origin or trailing slash (the home page is "/"). */
  path: string;
  /** The page's full title, for social cards; the <title> is `documentTitle` or this, if short enough. */
  title: string;
  /** The browser tab's and search results' title, at most 60 characters. */
  documentTitle?: string;
  description: string;
  /** Absolute URL or site path of a raster image for social cards; the brand's card when absent. */
  image?: string;
  /** The image's size in pixels, when known (the brand's cards are 1200×630). */
  imageSize?: { width: number; height: number } | null;
  imageAlt?: string;
  type?: "website" | "article" | "product";
  noindex?: boolean;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const origin = siteUrl.replace(/\/+$/, "");
  return path === "/" ? `${origin}/` : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/**
 * A page's <title>: the title with the brand after it when that fits in 60 characters, else the first of
 * the title, then the short title, that fits, else the title cut at a word with an ellipsis.
 */
export function documentTitle(title: string, shortTitle?: string): string {
  const candidates = [
    `${title} | ${site.brand}`,
    ...(shortTitle === undefined ? [] : [`${shortTitle} | ${site.brand}`]),
  ];
  candidates.push(title, ...(shortTitle === undefined ? [] : [shortTitle]));
  const fitting = candidates.find((candidate) => candidate.length <= maxTitleLength);
  if (fitting !== undefined) return fitting;
  const cut = title.slice(0, maxTitleLength - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1)).replace(/[\s,:;&|–-]+$/, "")}…`;
}

/** Title, description, canonical and social-share tags (Open Graph and Twitter's large card) for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(input.siteUrl, input.path);
  const image = absoluteUrl(input.siteUrl, input.image ?? defaultSocialImage);
  const imageSize = input.image === undefined ? brandCardSize : (input.imageSize ?? null);
  const imageAlt = input.imageAlt ?? input.title;
  const descriptors: MetaDescriptor[] = [
    { title: input.documentTitle ?? input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.brand },
    { property: "og:locale", content: site.locale },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(imageSize === null
      ? []
      : [
          { property: "og:image:width", content: String(imageSize.width) },
          { property: "og:image:height", content: String(imageSize.height) },
        ]),
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (input.noindex === true) descriptors.push({ name: "robots", content: "noindex" });
  return descriptors;
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

function rootDataOf(matches: readonly (MatchWithData | undefined)[]): { env?: { siteUrl?: unknown }; year?: unknown } {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  return typeof root === "object" && root !== null ? root : {};
}

/** SITE_URL as the root loader handed it to the page. */
export function siteUrlOf(matches: readonly (MatchWithData | undefined)[]): string {
  const siteUrl = rootDataOf(matches).env?.siteUrl;
  return typeof siteUrl === "string" ? siteUrl : "http://localhost:3000";
}

/** The current year on the shop's calendar, as the root loader found it when the page was rendered. */
export function renderYearOf(matches: readonly (MatchWithData | undefined)[], fallback = new Date()): number {
  const year = rootDataOf(matches).year;
  return typeof year === "number" && Number.isInteger(year) ? year : yearIn(site.timeZone, fallback);
}

/** Text cut to at most `max` characters, whitespace collapsed, without a dangling partial space. */
export function truncateText(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length <= max ? collapsed : collapsed.slice(0, max).trimEnd();
}

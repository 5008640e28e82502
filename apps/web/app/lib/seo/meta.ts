import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

export const defaultSocialImage = "/images/og-default.png";

export interface PageMetaInput {
  /** Canonical origin, e.g. https://shop.example (SITE_URL). */
  siteUrl: string;
  /** Path of the page, without origin or trailing slash (the home page is "/"). */
  path: string;
  title: string;
  description: string;
  /** Absolute URL or site path of a raster image for social cards. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article" | "product";
  /** Adds Twitter's large-image card (articles and country pages). */
  twitterCard?: boolean;
  noindex?: boolean;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const origin = siteUrl.replace(/\/+$/, "");
  return path === "/" ? `${origin}/` : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Title, description, canonical and social-share tags for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(input.siteUrl, input.path);
  const image = absoluteUrl(input.siteUrl, input.image ?? defaultSocialImage);
  const descriptors: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.brand },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: input.imageAlt ?? input.title },
  ];
  if (input.twitterCard === true) {
    descriptors.push(
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: input.title },
      { name: "twitter:description", content: input.description },
      { name: "twitter:image", content: image },
      { name: "twitter:image:alt", content: input.imageAlt ?? input.title },
    );
  }
  if (input.noindex === true) descriptors.push({ name: "robots", content: "noindex" });
  return descriptors;
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** SITE_URL as the root loader handed it to the page. */
export function siteUrlOf(matches: readonly (MatchWithData | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (typeof root === "object" && root !== null && "env" in root) {
    const env = (root as { env?: { siteUrl?: unknown } }).env;
    if (typeof env?.siteUrl === "string") return env.siteUrl;
  }
  return "http://localhost:3000";
}

/** Text cut to at most `max` characters, whitespace collapsed, without a dangling partial space. */
export function truncateText(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length <= max ? collapsed : collapsed.slice(0, max).trimEnd();
}

import { countrySlugs } from "./country-slugs";
import type { CountrySlug } from "./types";

const languageOf: Record<CountrySlug, string> = {
  usa: "en-US",
  india: "en-IN",
  uk: "en-GB",
  canada: "en-CA",
  uae: "en-AE",
};

/** The six landing pages as hreflang alternates of one another, with Nepal as the x-default. */
export const landingAlternates: readonly { hrefLang: string; path: string }[] = [
  { hrefLang: "en-NP", path: "/shilajit-nepal" },
  ...countrySlugs.map((slug) => ({ hrefLang: languageOf[slug], path: `/shilajit-in-${slug}` })),
  { hrefLang: "x-default", path: "/shilajit-nepal" },
];

/** The alternates as `<link rel="alternate" hreflang>` meta descriptors, on the site's origin. */
export function landingAlternateLinks(siteUrl: string) {
  const origin = siteUrl.replace(/\/+$/, "");
  return landingAlternates.map((alternate) => ({
    tagName: "link" as const,
    rel: "alternate",
    hrefLang: alternate.hrefLang,
    href: `${origin}${alternate.path}`,
  }));
}

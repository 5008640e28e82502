import { countrySlugs } from "./country-slugs";
import type { CountrySlug } from "./types";

const navTitles: Record<CountrySlug, string> = {
  usa: "Shilajit in USA",
  india: "Shilajit in India",
  uk: "Shilajit in UK",
  canada: "Shilajit in Canada",
  uae: "Shilajit in UAE",
};

/** Footer and hreflang links to the country pages, without pulling the pages' copy into every bundle. */
export const countryNavTitles = countrySlugs.map((slug) => ({ slug, navTitle: navTitles[slug] }));

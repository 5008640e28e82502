import type { CountrySlug } from "./types";

/** The country landing pages, in footer order. */
export const countrySlugs: readonly CountrySlug[] = ["usa", "india", "uk", "canada", "uae"];

/** Copy that states a live price where `{price}` stands, and reads without one when the store cannot say. */
export interface PricedCopy {
  withPrice: string;
  withoutPrice: string;
}

/** Names of the inline icons the content may use; drawn in components/ui/icon-paths.ts. */
export const iconNames = [
  "mountain",
  "bolt",
  "shield",
  "leaf",
  "heart",
  "brain",
  "truck",
  "flask",
  "award",
  "sun",
  "droplet",
  "users",
  "clock",
  "globe",
  "check",
  "dumbbell",
  "moon",
  "sparkles",
] as const;

export type IconName = (typeof iconNames)[number];

/**
 * Copy that states the shop's rating (docs/storefront.md#fixed-figures): with the fixed figures as written, with
 * the measured ones where `{score}` ("4.7/5") or `{rating}` ("4.7/5 from 12 reviews") stands, or without a rating
 * when the measured one has no review yet.
 */
export interface RatedCopy {
  fixed: string;
  measured: string;
  unrated: string;
}

/** A card with an icon, a short title and one or two sentences. */
export interface Feature {
  icon: IconName;
  title: string;
  text: string;
  /**
   * A card whose title and text state the shop's fixed rating: its wording with the measured figures, and
   * without a rating (see `RatedCopy`). The page's loader picks one; the card itself never reads this.
   */
  rated?: { measured: { title: string; text: string }; unrated: { title: string; text: string } };
}

export interface Testimonial {
  name: string;
  /** Where the customer lives, e.g. "Austin, Texas". */
  location: string;
  text: string;
}

import type { ShippingCountry } from "@herbo/hosted-api";

export type CountrySlug = "usa" | "india" | "uk" | "canada" | "uae";

/** One country landing page (docs/storefront.md#country-pages). */
export interface CountryLanding {
  country: string;
  slug: CountrySlug;
  /** ISO 3166-1 alpha-2 code: the shipping destination in structured data (UK is GB). */
  countryCode: Exclude<ShippingCountry, "NP">;
  /** The flag emoji. */
  flag: string;
  /** Short label used in menus and the footer, e.g. "Shilajit in USA". */
  navTitle: string;
  /** ISO 4217 code. */
  currency: "USD" | "INR" | "GBP" | "CAD" | "AED";
  /** Price as a decimal string in the currency, e.g. "29.99". */
  price: string;
  /** BCP 47 language of the hero text, when it is not English (India: "hi"). */
  heroLang?: string;
  heroTitle: string;
  heroSubtitle: string;
  introTitle: string;
  introText: string;
  benefits: [Feature, Feature, Feature];
  whyChoose: [Feature, Feature, Feature];
  testimonials: [Testimonial, Testimonial, Testimonial];
  metaTitle: string;
  metaDescription: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** The Nepal landing page (docs/storefront.md#nepal-page). */
export interface NepalLanding {
  /** The flag emoji. */
  flag: string;
  heroTitle: string;
  /** States the flagship's rupee price from the catalogue. */
  heroSubtitle: PricedCopy;
  introTitle: string;
  introText: string;
  benefitsTitle: string;
  benefits: Feature[];
  whyChooseTitle: string;
  whyChoose: Feature[];
  testimonials: [Testimonial, Testimonial, Testimonial];
  faq: [FaqItem, FaqItem, FaqItem];
  /** The order section's line, with the price. */
  orderNowText: PricedCopy;
  metaTitle: string;
  /** States the price too: search results show it. */
  metaDescription: PricedCopy;
}

/** Copy for the home page sections (docs/storefront.md#home). */
export interface HomeCopy {
  heroTitle: string;
  heroSubtitle: string;
  aboutTitle: string;
  /** The About text's opening paragraphs; the last one, which states a price, is `aboutPriceCopy` (home.ts). */
  aboutParagraphs: string[];
  /** Three short highlights shown beside the About text. */
  aboutHighlights: Feature[];
  /** Exactly ten items for 'Top 10 Benefits'. */
  benefits: Feature[];
  metaTitle: string;
  metaDescription: string;
}

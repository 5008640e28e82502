/** The brand and the fixed figures (docs/storefront.md#fixed-figures), named once for the whole shop. */
export const site = {
  brand: "Herbo Shilajit",
  team: "Herbo Shilajit Team",
  tagline: "Pure Himalayan Shilajit Resin",
  /** Prefix of the structured-data SKU on country pages. */
  skuPrefix: "HERBO-SHILAJIT-",
  /** The footer's © line starts here and runs to the current year (docs/storefront.md#footer). */
  firstYear: 2025,
  /** The shop's calendar: the current year, and so the offers' end-of-year validity, is counted here. */
  timeZone: "Asia/Kathmandu",
  /** Open Graph's og:locale: the pages are written in English. */
  locale: "en_US",
  rating: { value: 4.9, best: 5, homeCountText: "500+", countryReviewCount: 500, nepalReviewCount: 150 },
  /**
   * The product the market homes and country pages quote: its displayed variant's price in the market's
   * currency, read from the catalogue. A catalogue without it quotes its first product.
   */
  flagshipProductId: "prod_himalayan_resin",
  /**
   * The shop's display currency (the seed catalogue's NPR): shown where no product says otherwise,
   * such as the total of an empty cart.
   */
  currency: { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 },
  email: "care@herboshilajit.com",
  location: "Kathmandu, Nepal",
  /** The same place for structured data (ISO 3166-1 country code). */
  address: { locality: "Kathmandu", country: "NP" },
  social: {
    facebook: "https://www.facebook.com/herboshilajit",
    instagram: "https://www.instagram.com/herboshilajit",
  },
  trust: ["ISO and GMP certified", "International shipping", "Lab-tested for purity", "100% satisfaction guaranteed"],
  claims: [
    "100% pure and natural",
    "ISO and GMP certified",
    "Lab-tested",
    "International shipping",
    "100% satisfaction guaranteed",
    "Cash on delivery",
    "Free delivery across Nepal",
  ],
} as const;

/** The link that opens a chat with the shop's number in a new tab. */
export function chatLink(phoneDigits: string): string {
  return `https://wa.me/${phoneDigits.replace(/\D/g, "")}`;
}

/** The brand and the fixed figures of SPEC §1 and §9, named once for the whole shop. */
export const site = {
  brand: "Herbo Shilajit",
  team: "Herbo Shilajit Team",
  tagline: "Pure Himalayan Shilajit Resin",
  /** Prefix of the structured-data SKU on country pages. */
  skuPrefix: "HERBO-SHILAJIT-",
  copyrightYear: 2025,
  heroPrice: "1,200",
  heroCurrencyWord: "rupees",
  rating: { value: 4.9, best: 5, homeCountText: "500+", countryReviewCount: 500, nepalReviewCount: 150 },
  nepalOffer: { currency: "NPR", price: "1200", shippingRate: "0" },
  priceValidUntil: "2025-12-31",
  email: "care@herboshilajit.com",
  location: "Kathmandu, Nepal",
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

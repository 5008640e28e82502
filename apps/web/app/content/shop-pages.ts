/**
 * The shop's help and policy pages, written in app/content/pages/{slug}.md. This module imports nothing,
 * because the build's Markdown compiler reads it too.
 */
export const shopPageSlugs = ["shipping", "returns", "terms", "privacy", "review-policy"] as const;
export type ShopPageSlug = (typeof shopPageSlugs)[number];

/** How the footer names each page, in the footer's order. */
export const shopPageLinks: readonly { slug: ShopPageSlug; label: string }[] = [
  { slug: "shipping", label: "Shipping & Delivery" },
  { slug: "returns", label: "Returns & Refunds" },
  { slug: "terms", label: "Terms of Sale" },
  { slug: "privacy", label: "Privacy Policy" },
  { slug: "review-policy", label: "Review Policy" },
];

/**
 * Parts a page fills from live data, written `{{name}}` alone on a line in the Markdown: the page's
 * route renders a component there (the shipping table is built from the store's live rates, not typed in).
 */
export const shopPageBlocks = ["shipping-rates", "returns-summary", "contact"] as const;
export type ShopPageBlock = (typeof shopPageBlocks)[number];

/** Words a page takes from the shop's offer, written `{{name}}` inside a sentence. */
export const shopPageTokens = [
  "handling-time",
  "delivery-countries",
  "cash-on-delivery-countries",
  "return-window-days",
  "opened-jars",
  "return-postage",
] as const;
export type ShopPageToken = (typeof shopPageTokens)[number];

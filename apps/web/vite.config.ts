import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { markdownContent } from "./tooling/markdown-plugin";

/** What every page needs (layout, cart, money, the store client) goes in one chunk instead of a dozen. */
const shellModules = [
  "/app/root.tsx",
  "/app/components/layout/header.tsx",
  "/app/components/layout/footer.tsx",
  "/app/components/layout/chat-button.tsx",
  "/app/components/layout/scroll-to-top.tsx",
  "/app/components/layout/nav-links.ts",
  "/app/components/layout/cart-currency-notice.tsx",
  "/app/components/layout/country-selector.tsx",
  "/app/components/layout/market-suggestion.tsx",
  "/app/lib/markets.ts",
  "/app/components/ui/icon.tsx",
  "/app/components/ui/icon-paths.ts",
  "/app/components/ui/toast.tsx",
  "/app/components/cart/lazy-cart-drawer.tsx",
  "/app/components/content/not-found-content.tsx",
  "/app/components/content/health-disclaimer.tsx",
  "/app/lib/cart/",
  "/app/lib/early-taps.ts",
  "/app/lib/when-idle.ts",
  "/app/lib/browser-time-zone.ts",
  "/app/lib/money.ts",
  "/packages/hosted-api/src/",
  "/app/lib/json-guards.ts",
  "/app/lib/public-env.ts",
  "/app/lib/inline-css.ts",
  "/app/lib/store-api/client.ts",
  "/app/lib/store-api/reshape.ts",
  "/app/content/site.ts",
  "/app/content/country-nav.ts",
  "/app/content/country-slugs.ts",
  "/app/content/shop-pages.ts",
  "/app/lib/seo/meta.ts",
  "/app/hooks/use-reveal-on-scroll.ts",
  "/app/components/content/feature-card.tsx",
  "/app/components/product/price.tsx",
  "/app/components/product/product-card.tsx",
  "/app/components/product/product-grid.tsx",
  "/app/components/product/no-image.ts",
  "/app/components/product/use-product-list.ts",
  "/app/components/ui/spinner.tsx",
];

/**
 * The offers' arithmetic serves the cart drawer, which loads on demand: a chunk of its own, so pages that never
 * open the drawer do not carry it (left unnamed, it would follow the contract package's index into the shell).
 */
const offersModule = "/packages/hosted-api/src/offers.ts";

function shellChunk(id: string): string | undefined {
  if (id.includes(offersModule)) return "offers";
  return shellModules.some((module) => id.includes(module)) ? "shell" : undefined;
}

export default defineConfig({
  plugins: [tailwindcss(), markdownContent(), reactRouter()],
  resolve: {
    alias: [
      { find: "~", replacement: new URL("./app", import.meta.url).pathname },
      // The contract package is compiled from its source into each bundle; no build of it is needed first.
      {
        find: /^@herbo\/hosted-api$/,
        replacement: new URL("../../packages/hosted-api/src/index.ts", import.meta.url).pathname,
      },
    ],
  },
  build: {
    assetsInlineLimit: 0,
    // Fewer, larger chunks: on a slow phone network each extra request costs a round trip.
    rollupOptions: { output: { manualChunks: shellChunk } },
  },
});

import { createRequire } from "node:module";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { shopAddresses } from "@herbo/hosted-api/shop-defaults";

const contract = new URL("../../packages/hosted-api/src/", import.meta.url).pathname;
/**
 * React Router's package exports only its development build (dist/development, with dev warnings and a
 * "Hey developer" error page; remix-run/react-router#12532), whatever the mode. A build takes its
 * production twin from the same package; check-budget.mjs fails if the development one comes back.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router")),
  "..",
  "production",
  "index.mjs",
);

/**
 * The back office builds to static files under dist/, which the store API serves at /admin: fingerprinted
 * assets, one HTML page without inline scripts (the API's Content-Security-Policy allows none).
 */
export default defineConfig(({ command }) => ({
  base: "/admin/",
  plugins: [tailwindcss()],
  resolve: {
    alias: [
      // The contract package is compiled from its source; no build of it is needed first.
      { find: /^@herbo\/hosted-api\/admin$/, replacement: `${contract}admin.ts` },
      { find: /^@herbo\/hosted-api$/, replacement: `${contract}index.ts` },
      ...(command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  esbuild: { jsx: "automatic" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // No module-preload polyfill: every browser the owner uses supports modulepreload.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Each page's chunk (app.tsx loads src/routes/* lazily) is named page-…, so reports can tell them apart.
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes("/src/routes/") === true
            ? "assets/page-[name]-[hash].js"
            : "assets/[name]-[hash].js",
      },
    },
  },
  server: {
    // `npm run dev -w apps/admin`: the API's routes through Vite, with the Origin the API expects.
    proxy: {
      "/admin/api": {
        target: shopAddresses(process.env).STORE_API_URL,
        headers: { origin: shopAddresses(process.env).STORE_API_URL },
      },
    },
  },
}));

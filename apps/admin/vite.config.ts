import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const contract = new URL("../../packages/hosted-api/src/", import.meta.url).pathname;

/**
 * The back office builds to static files under dist/, which the store API serves at /admin: fingerprinted
 * assets, one HTML page without inline scripts (the API's Content-Security-Policy allows none).
 */
export default defineConfig({
  base: "/admin/",
  plugins: [tailwindcss()],
  resolve: {
    alias: [
      // The contract package is compiled from its source; no build of it is needed first.
      { find: /^@herbo\/hosted-api\/admin$/, replacement: `${contract}admin.ts` },
      { find: /^@herbo\/hosted-api$/, replacement: `${contract}index.ts` },
    ],
  },
  esbuild: { jsx: "automatic" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // No module-preload polyfill: every browser the owner uses supports modulepreload.
    modulePreload: { polyfill: false },
  },
  server: {
    // `npm run dev -w apps/admin`: the API's routes through Vite, with the Origin the API expects.
    proxy: {
      "/admin/api": {
        target: process.env.STORE_API_URL ?? "http://localhost:4000",
        headers: { origin: process.env.STORE_API_URL ?? "http://localhost:4000" },
      },
    },
  },
});

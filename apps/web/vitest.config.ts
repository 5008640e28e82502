import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: "~", replacement: new URL("./app", import.meta.url).pathname },
      { find: /^@herbo\/hosted-api$/, replacement: new URL("../../packages/hosted-api/src/index.ts", import.meta.url).pathname },
    ],
  },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tooling/**/*.test.ts"],
    environment: "node",
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tooling/**/*.test.ts"],
    environment: "node",
  },
});

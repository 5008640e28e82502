import { defineConfig } from "vitest/config";

export default defineConfig({
  // The contract package from its source (its "@herbo/source" export), built or not, and from any folder:
  // a path relative to this file would miss it from a copy such as Stryker's sandbox.
  resolve: {
    alias: [{ find: "~", replacement: new URL("./app", import.meta.url).pathname }],
    conditions: ["@herbo/source"],
  },
  ssr: { resolve: { conditions: ["@herbo/source"] } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tooling/**/*.test.ts"],
    environment: "node",
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  // Tests run the contract package from its source, built or not.
  resolve: { conditions: ["@herbo/source"] },
  ssr: { resolve: { conditions: ["@herbo/source"] } },
  test: { include: ["src/**/*.test.ts"] },
});

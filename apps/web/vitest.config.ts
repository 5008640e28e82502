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
    // Each file keeps the modules the files before it loaded instead of loading React, React Router and the
    // app again: 41 s became 8 s. Spies are restored by the test that made them, and no file mocks a module
    // or counts on a module's state being fresh.
    isolate: false,
  },
});

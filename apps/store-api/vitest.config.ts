import { defineConfig } from "vitest/config";

export default defineConfig({
  // Tests run the contract package from its source, built or not.
  resolve: { conditions: ["@herbo/source"] },
  ssr: { resolve: { conditions: ["@herbo/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Migrated PGlite and PostgreSQL templates, made once, which test databases copy (test/database-templates.ts).
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker keeps its loaded modules from one test file to the next instead of loading the whole store
    // API again for each (that was a fifth of the suite's time). Nothing here mocks a module, and each file
    // makes its own app, databases, ports and folders, so a file must not count on a module's state being
    // fresh: keep state in what buildApp makes, not at a module's top level.
    isolate: false,
    // Three files at once even on CI's two cores (Vitest would use one): integration tests often wait on child
    // processes, sockets and PostgreSQL rather than the CPU. One at a time took about 1,030 s, two 751 s
    // (404 s once modules were kept), three 362 s, with each file's own databases, ports and folders apart.
    maxWorkers: 3,
    // Every worker lives until the run ends: with modules kept between files, the pool would otherwise stop a
    // worker the moment it finds no file waiting, and a worker stopped in the middle of its clean-up ended a
    // run with an unhandled "Terminating worker thread" though every test passed.
    minWorkers: 3,
  },
});

// The vitest config of a Stryker run (scripts/mutation.mjs): the workspace's own vitest config, read from
// the sandbox Stryker runs in, limited to the unit tests named in MUTATION_TEST_FILES (a JSON list of globs).
// Stryker's own `testFiles` option is not used: with it, Stryker 9.6.1 activates module-level mutants after
// the module has loaded, so they all survive (https://github.com/stryker-mutator/stryker-js/issues/6144).
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfigFromFile } from "vite";

const include = JSON.parse(process.env.MUTATION_TEST_FILES ?? "null");
if (!Array.isArray(include)) throw new Error("MUTATION_TEST_FILES must list the unit-test globs");

const own = ["vitest.config.ts", "vitest.config.mts", "vitest.config.js", "vitest.config.mjs"]
  .map((name) => path.resolve(name))
  .find((file) => existsSync(file));
const loaded = own === undefined ? null : await loadConfigFromFile({ command: "serve", mode: "test" }, own);
const base = loaded?.config ?? {};

// Stryker runs one file at a time in one worker of its own, and each file must load the mutated modules
// afresh: the suite's own worker counts and its sharing of loaded modules between files are dropped here.
const ownTest = Object.fromEntries(
  Object.entries(base.test ?? {}).filter(([name]) => !["maxWorkers", "minWorkers", "isolate"].includes(name)),
);
export default { ...base, test: { ...ownTest, include, isolate: true } };

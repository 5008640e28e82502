// The vitest config of a Stryker run (scripts/mutation.mjs): the workspace's own vitest.config.ts, read from
// the sandbox Stryker runs in, limited to the unit tests named in MUTATION_TEST_FILES (a JSON list of globs).
// Stryker's own `testFiles` option is not used: with it, Stryker 9.6.1 activates module-level mutants after
// the module has loaded, so they all survive (stryker-js issue 6144).
import path from "node:path";
import { loadConfigFromFile } from "vite";

const loaded = await loadConfigFromFile({ command: "serve", mode: "test" }, path.resolve("vitest.config.ts"));
if (loaded === null) throw new Error(`No vitest.config.ts in ${process.cwd()}`);
const include = JSON.parse(process.env.MUTATION_TEST_FILES ?? "null");
if (!Array.isArray(include)) throw new Error("MUTATION_TEST_FILES must list the unit-test globs");

export default { ...loaded.config, test: { ...loaded.config.test, include } };

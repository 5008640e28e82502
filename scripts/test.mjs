// `npm test`: every check, in order, stopping at the first failure.
import { e2eSettings } from "@herbo/web/e2e-settings";
import { run } from "./lib.mjs";

const steps = [
  ["Type checks", "npm", ["run", "typecheck"]],
  ["Lint", "npm", ["run", "lint"]],
  ["Contract package: unit tests", "npm", ["test", "-w", "packages/hosted-api"]],
  [
    "Scripts: unit tests (npm start's supervisor, build checks, the docs' paths)",
    "node",
    ["--test", "scripts/supervisor.test.mjs", "scripts/lib.test.mjs", "scripts/doc-paths.test.mjs"],
  ],
  ["Store API: unit and integration tests (PGlite and PostgreSQL)", "npm", ["test", "-w", "apps/store-api"]],
  ["Web: unit tests", "npm", ["test", "-w", "apps/web"]],
  ["Back office: unit tests", "npm", ["test", "-w", "apps/admin"]],
  [
    "Build for the browser tests",
    "npm",
    ["run", "build"],
    { env: { ...process.env, ...e2eSettings.buildEnvironment } },
  ],
  ["Bundle budget", "node", ["apps/web/tooling/check-budget.mjs"]],
  [
    "Browser tests",
    "npx",
    ["playwright", "test", "--config", "apps/web/playwright.config.ts"],
    { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } },
  ],
  // Rebuilds the web app with its own https addresses, so it comes after the browser tests.
  ["HTTPS through Caddy", "node", ["apps/web/tests/https/run.mjs"]],
  // A clone of HEAD with its own npm ci, built and started by `npm start`, then stopped with kill <npm's pid>.
  ["npm start from a clean tree", "node", ["--test", "scripts/start-smoke.test.mjs"]],
];

const only = process.argv.slice(2);
/** Each step run so far: its title, seconds, and whether it passed. */
const timings = [];

/** The steps' times as a table, with the total; a failed step is marked, and the steps after it were not run. */
function timingTable(rows) {
  const width = Math.max("Total".length, ...rows.map((row) => row.title.length));
  const line = (title, seconds, note = "") => `${title.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s${note}`;
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  return [...rows.map((row) => line(row.title, row.seconds, row.passed ? "" : "  FAILED")), line("Total", total)].join(
    "\n",
  );
}

function printTimings() {
  if (timings.length === 0) return;
  console.log("\n=== Time of each step ===");
  console.log(timingTable(timings));
}

try {
  for (const [title, command, args, options] of steps) {
    if (only.length > 0 && !only.some((word) => title.toLowerCase().includes(word.toLowerCase()))) continue;
    console.log(`\n=== ${title} ===`);
    const started = Date.now();
    const seconds = () => (Date.now() - started) / 1000;
    try {
      await run(command, args, options);
    } catch (error) {
      timings.push({ title, seconds: seconds(), passed: false });
      throw error;
    }
    timings.push({ title, seconds: seconds(), passed: true });
    console.log(`--- ${title}: passed in ${seconds().toFixed(1)} s`);
  }
} finally {
  printTimings();
}

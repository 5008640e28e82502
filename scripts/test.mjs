// `npm test`: every check, in order, stopping at the first failure.
import { e2eSettings } from "@herbo/web/e2e-settings";
import { run, runKeepingOutput } from "./lib.mjs";

/**
 * The checks in order. Steps in one group run side by side: each of them keeps one core busy (the type
 * checker, the linter, a test runner with a few files), so on two cores two of them take little longer than
 * the slower one alone. A group's output is printed step by step as each ends, never interleaved.
 */
const stages = [
  // The type checks in two halves of about the same length beside the linter: three processes keep both
  // cores busy until the stage ends, where one type check after another left a core idle once lint was done.
  [
    [
      "Type checks: store API and contract",
      "npm",
      ["run", "typecheck", "-w", "apps/store-api", "-w", "packages/hosted-api"],
    ],
    ["Type checks: storefront and back office", "npm", ["run", "typecheck", "-w", "apps/web", "-w", "apps/admin"]],
    ["Lint", "npm", ["run", "lint"]],
  ],
  [
    ["Contract package: unit tests", "npm", ["test", "-w", "packages/hosted-api"]],
    [
      "Scripts: unit tests (npm start's supervisor, build checks, the docs' paths, the container recipes)",
      "node",
      [
        "--test",
        "scripts/supervisor.test.mjs",
        "scripts/lib.test.mjs",
        "scripts/doc-paths.test.mjs",
        "scripts/deploy-files.test.mjs",
      ],
    ],
  ],
  [["Store API: unit and integration tests (PGlite and PostgreSQL)", "npm", ["test", "-w", "apps/store-api"]]],
  [
    ["Web: unit tests", "npm", ["test", "-w", "apps/web"]],
    ["Back office: unit tests", "npm", ["test", "-w", "apps/admin"]],
  ],
  [
    [
      "Build for the browser tests",
      "npm",
      ["run", "build"],
      { env: { ...process.env, ...e2eSettings.buildEnvironment } },
    ],
  ],
  [["Bundle budget", "node", ["apps/web/tooling/check-budget.mjs"]]],
  [
    [
      "Browser tests",
      "npx",
      ["playwright", "test", "--config", "apps/web/playwright.config.ts"],
      { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } },
    ],
  ],
  // Rebuilds the web app with its own https addresses, so it comes after the browser tests.
  [["HTTPS and two copies through Caddy", "node", ["apps/web/tests/https/run.mjs"]]],
  // A clone of HEAD with its own npm ci, built and started by `npm start`, then stopped with kill <npm's pid>.
  [["npm start from a clean tree", "node", ["--test", "scripts/start-smoke.test.mjs"]]],
];

const only = process.argv.slice(2);
/** Each step run so far: its title, seconds, whether it passed, and the step it ran beside. */
const timings = [];
const startedAll = Date.now();

/** The steps' times as a table, with the whole run's time; a failed step is marked, the steps after it were not run. */
function timingTable(rows, totalSeconds) {
  const width = Math.max("Total (wall clock)".length, ...rows.map((row) => row.title.length));
  const line = (title, seconds, note = "") => `${title.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s${note}`;
  return [
    ...rows.map((row) =>
      line(row.title, row.seconds, `${row.passed ? "" : "  FAILED"}${row.beside ? "  (beside the step above)" : ""}`),
    ),
    line("Total (wall clock)", totalSeconds),
  ].join("\n");
}

function printTimings() {
  if (timings.length === 0) return;
  console.log("\n=== Time of each step ===");
  console.log(timingTable(timings, (Date.now() - startedAll) / 1000));
}

/** Runs one step with its output shown as it comes. */
async function runAlone([title, command, args, options]) {
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

/** Runs a group's steps side by side, then prints each one's output in order; fails when any failed. */
async function runSideBySide(steps) {
  const results = await Promise.all(
    steps.map(async ([title, command, args, options]) => {
      const started = Date.now();
      const { output, error } = await runKeepingOutput(command, args, options);
      return { title, output, error, seconds: (Date.now() - started) / 1000 };
    }),
  );
  let firstError;
  results.forEach((result, index) => {
    console.log(`\n=== ${result.title} ===`);
    process.stdout.write(result.output);
    timings.push({
      title: result.title,
      seconds: result.seconds,
      passed: result.error === undefined,
      beside: index > 0,
    });
    if (result.error === undefined) console.log(`--- ${result.title}: passed in ${result.seconds.toFixed(1)} s`);
    else firstError ??= result.error;
  });
  if (firstError !== undefined) throw firstError;
}

try {
  for (const stage of stages) {
    const chosen = stage.filter(
      ([title]) => only.length === 0 || only.some((word) => title.toLowerCase().includes(word.toLowerCase())),
    );
    if (chosen.length === 1) await runAlone(chosen[0]);
    else if (chosen.length > 1) await runSideBySide(chosen);
  }
} finally {
  printTimings();
}

// `npm run mutation` (scripts/mutation.mjs): Stryker's mutation testing over the shop's pure rules, one
// Stryker run per workspace. Adding a workspace is one more line in `workspaces`.
//
// Per workspace:
//   dir    the workspace folder; its own vitest config is used.
//   tests  the unit-test files run against the mutants (globs, relative to dir). Integration tests that
//          start databases or servers stay out: they would make a run take hours, not minutes.
//   files  what is mutated, each with the lowest mutation score (%) the run accepts for it (undefined: no
//          floor, reported only). `only` limits a file to the named top-level functions.
//
// `equivalent` lists the surviving mutants that cannot change behaviour, each with the reason. They still
// count against the score (Stryker cannot be told a mutant is equivalent without editing the source);
// the summary marks them as documented and lists every other survivor as work to do.

/** @type {{ dir: string; tests: string[]; files: { file: string; target?: number; only?: string[] }[] }[]} */
export const workspaces = [
  {
    dir: "apps/web",
    tests: ["app/lib/**/*.test.ts", "app/components/**/*.test.ts"],
    files: [
      { file: "app/lib/money.ts", target: 90 },
      { file: "app/lib/cart/cart.ts", target: 90 },
      { file: "app/lib/cart/storage.ts", target: 90 },
      { file: "app/lib/cart/cart-item.ts", target: 90 },
      { file: "app/lib/json-guards.ts", target: 90 },
      { file: "app/components/product/stock-status.ts", target: 90 },
      { file: "app/components/cart/use-checkout.ts", only: ["checkoutProblem"], target: 90 },
      { file: "app/lib/store-api/reshape.ts", target: 80 },
      { file: "app/lib/seo/structured-data.ts", target: 80 },
      { file: "app/lib/seo/meta.ts", target: 80 },
    ],
  },
  {
    dir: "apps/store-api",
    tests: ["src/**/*.test.ts"],
    files: [
      { file: "src/checkout/money.ts", target: 90 },
      { file: "src/checkout/cards.ts", target: 90 },
      { file: "src/checkout/service.ts", only: ["unitPrice", "mergeItems"], target: 90 },
      { file: "src/rate-limit.ts", target: 90 },
      { file: "src/catalog/serialize.ts", target: 80 },
    ],
  },
];

/**
 * Survivors that cannot change behaviour. `file` is relative to the repo root; `mutator` is Stryker's
 * mutator name; `original` and `replacement` are the code before and after the mutation.
 * @type {{ file: string; mutator: string; original: string; replacement: string; why: string }[]}
 */
export const equivalent = [
  {
    file: "apps/store-api/src/checkout/cards.ts",
    mutator: "EqualityOperator",
    original: "digit > 9",
    replacement: "digit >= 9",
    why: "a doubled digit is even (0 to 18), so it is never exactly 9",
  },
  {
    file: "apps/store-api/src/checkout/cards.ts",
    mutator: "AssignmentOperator",
    original: "sum += digit",
    replacement: "sum -= digit",
    why: "the negated sum is a multiple of 10 exactly when the sum is (-0 === 0 in JavaScript)",
  },
  {
    file: "apps/store-api/src/checkout/cards.ts",
    mutator: "StringLiteral",
    original: '""',
    replacement: '"Stryker was here!"',
    why: "the year text's fallback is only used when the expiry did not match, and that returns before the year is read",
  },
  {
    file: "apps/store-api/src/checkout/service.ts",
    mutator: "ConditionalExpression",
    original: "variant.saleAmount !== null",
    replacement: "true",
    why: "`null > 0` is false, so the second half of the test already rejects a missing sale amount",
  },
];

/** Stryker options shared by every workspace (see https://stryker-mutator.io/docs/stryker-js/configuration). */
export const strykerOptions = {
  testRunner: "vitest",
  // The machine (and CI) has two cores.
  concurrency: 2,
  coverageAnalysis: "perTest",
  timeoutMS: 10_000,
  ignoreStatic: false,
  ignorePatterns: ["build", "dist", "public", ".react-router", "test-results", "playwright-report", "data"],
};

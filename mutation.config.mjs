// `npm run mutation` (scripts/mutation.mjs): Stryker's mutation testing over the shop's pure rules, one
// Stryker run per workspace. Adding a workspace is one more entry in `workspaces` (see the last one).
//
// Per workspace:
//   dir    the workspace folder; its own vitest.config.* is used when it has one.
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
      { file: "app/lib/cart/cart-token.ts", target: 90 },
      { file: "app/lib/cart/cart-item.ts", target: 90 },
      { file: "app/lib/json-guards.ts", target: 90 },
      { file: "app/lib/order-number.ts", target: 90 },
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
      { file: "src/payments/sandbox-cards.ts", target: 90 },
      { file: "src/checkout/sessions.ts", only: ["unitPrice", "mergeItems", "sameItems"], target: 90 },
      { file: "src/trust-proxy.ts", target: 90 },
      { file: "src/routes/redirects.ts", target: 90 },
      { file: "src/orders/order-state-machine.ts", target: 90 },
      { file: "src/lifecycle/order-states.ts", target: 90 },
      { file: "src/lifecycle/attempt-states.ts", target: 90 },
      { file: "src/lifecycle/session-states.ts", target: 90 },
      { file: "src/lifecycle/transitions.ts", target: 90 },
      { file: "src/stock/ledger.ts", only: ["deltaOf", "planStock", "canApply", "entriesOf"], target: 90 },
      { file: "src/admin/orders-csv.ts", target: 90 },
      { file: "src/admin/session-cookie.ts", target: 90 },
      { file: "src/orders/cash-on-delivery-limits.ts", only: ["cashOnDeliveryRefusal"], target: 90 },
      { file: "src/admin/password-check-gate.ts", target: 90 },
      { file: "src/checkout/details/invisible-characters.ts", target: 90 },
      { file: "src/log-redaction.ts", target: 90 },
      { file: "src/orders/receipt.ts", target: 90 },
      { file: "src/admin/shop-time.ts", target: 80 },
      { file: "src/payments/esewa-signature.ts", target: 90 },
      { file: "src/payments/provider-amount.ts", target: 90 },
      { file: "src/catalog/serialize.ts", target: 80 },
    ],
  },
  {
    dir: "apps/admin",
    tests: ["src/lib/**/*.test.ts"],
    files: [
      { file: "src/lib/money.ts", target: 90 },
      { file: "src/lib/returns.ts", target: 90 },
      { file: "src/lib/refunds.ts", target: 90 },
    ],
  },
  {
    dir: "packages/hosted-api",
    tests: ["src/**/*.test.ts"],
    files: [
      { file: "src/money.ts", target: 90 },
      // The rules only: `knownCodes` is data whose `true` values are never read (a code is known when it is a
      // key); its completeness is checked by the type system, which refuses a missing or stray key.
      { file: "src/errors.ts", only: ["isErrorCode", "lineRefusal"], target: 90 },
      { file: "src/orders.ts", target: 90 },
      { file: "src/shop-offer.ts", target: 90 },
      { file: "src/markets.ts", target: 90 },
    ],
  },
];

/**
 * Survivors that cannot change behaviour, each with the reason. A survivor matches an entry when it is in
 * `file` (from the repo root), on a source line containing `where` at the mutant's column, with that
 * `mutator`, `original` code and `replacement` (Stryker's names, as the summary prints them).
 * @type {{ file: string; where: string; mutator: string; original: string; replacement: string; why: string }[]}
 */
export const equivalent = [
  // Contract package
  {
    file: "packages/hosted-api/src/errors.ts",
    where: 'typeof value === "number" && Number.isInteger',
    mutator: "ConditionalExpression",
    original: 'typeof value === "number"',
    replacement: "true",
    why: "Number.isInteger is false for every non-number",
  },
  {
    file: "packages/hosted-api/src/errors.ts",
    where: "default:",
    mutator: "ConditionalExpression",
    original: "default:\n      return undefined;",
    replacement: "default:",
    why: "falling out of the last case ends the function, which returns undefined just the same",
  },
  {
    file: "packages/hosted-api/src/shop-offer.ts",
    where: 'typeof value === "string" && (shippingCountries',
    mutator: "ConditionalExpression",
    original: 'typeof value === "string"',
    replacement: "true",
    why: "Array.prototype.includes compares without conversion, so no non-string equals a country code",
  },
  {
    file: "packages/hosted-api/src/markets.ts",
    where: 'typeof value === "string" && (marketCodes',
    mutator: "ConditionalExpression",
    original: 'typeof value === "string"',
    replacement: "true",
    why: "Array.prototype.includes compares without conversion, so no non-string equals a market code",
  },
  // Store API
  {
    file: "apps/store-api/src/payments/provider-amount.ts",
    where: "toDigits >= fromDigits",
    mutator: "EqualityOperator",
    original: "toDigits >= fromDigits",
    replacement: "toDigits > fromDigits",
    why: "with equal digits the division branch divides by 10^0 = 1, giving the same amount",
  },
  {
    file: "apps/store-api/src/payments/provider-amount.ts",
    where: '(Number.isFinite(value) ? String(value) : "")',
    mutator: "StringLiteral",
    original: '""',
    replacement: '"Stryker was here!"',
    why: "any text that is not a number fails the decimal pattern just as the empty text does",
  },
  {
    file: "apps/store-api/src/payments/provider-amount.ts",
    where: '(match[1] ?? "")',
    mutator: "StringLiteral",
    original: '""',
    replacement: '"Stryker was here!"',
    why: "the first group always takes part in a match, so the fallback is never used",
  },
  {
    file: "apps/store-api/src/payments/esewa-signature.ts",
    where: 'update(message, "utf8")',
    mutator: "StringLiteral",
    original: '"utf8"',
    replacement: '""',
    why: "Node encodes a string as UTF-8 when no encoding is given",
  },
  {
    file: "apps/store-api/src/payments/esewa-signature.ts",
    where: "return undefined;",
    mutator: "BlockStatement",
    original: "{\n    return undefined;\n  }",
    replacement: "{}",
    why: "text that does not parse leaves `parsed` undefined, which the next line refuses the same way",
  },
  {
    file: "apps/store-api/src/payments/esewa-signature.ts",
    where: '(match[1] ?? "")',
    mutator: "StringLiteral",
    original: '""',
    replacement: '"Stryker was here!"',
    why: "the name group always takes part in a match, so the fallback is never used",
  },
  {
    file: "apps/store-api/src/payments/esewa-signature.ts",
    where: "raw.startsWith('\"')",
    mutator: "MethodExpression",
    original: "raw.startsWith('\"')",
    replacement: "raw.endsWith('\"')",
    why: "a value the pattern takes starts with a quote exactly when it ends with one (a string), never otherwise",
  },
  {
    file: "apps/store-api/src/payments/sandbox-cards.ts",
    where: "digit > 9",
    mutator: "EqualityOperator",
    original: "digit > 9",
    replacement: "digit >= 9",
    why: "a doubled digit is even (0 to 18), so it is never exactly 9",
  },
  {
    file: "apps/store-api/src/payments/sandbox-cards.ts",
    where: "sum += digit",
    mutator: "AssignmentOperator",
    original: "sum += digit",
    replacement: "sum -= digit",
    why: "the negated sum is a multiple of 10 exactly when the sum is (and -0 === 0)",
  },
  {
    file: "apps/store-api/src/payments/sandbox-cards.ts",
    where: 'expiry?.[2] ?? ""',
    mutator: "StringLiteral",
    original: '""',
    replacement: '"Stryker was here!"',
    why: "the year text's fallback is used only when the expiry did not match, which returns before the year is read",
  },
  {
    file: "apps/store-api/src/orders/order-state-machine.ts",
    where: '.join(" or ")',
    mutator: "StringLiteral",
    original: '" or "',
    replacement: '""',
    why: "every action limited to some payment methods names one method, so nothing is joined",
  },
  {
    file: "apps/store-api/src/stock/ledger.ts",
    where: "left.variantId < right.variantId",
    mutator: "EqualityOperator",
    original: "left.variantId < right.variantId",
    replacement: "left.variantId <= right.variantId",
    why: "ids are unique after merging per variant, so no two compare equal",
  },
  {
    file: "apps/store-api/src/checkout/sessions.ts",
    where: "variant.saleAmount !== null &&",
    mutator: "ConditionalExpression",
    original: "variant.saleAmount !== null",
    replacement: "true",
    why: "`null > 0` is false, so the second half alone already rejects a missing sale amount",
  },
  // Web: JSON readers. Number.isFinite and Number.isInteger do not convert, so a typeof check before them is
  // for TypeScript's narrowing only.
  {
    file: "apps/web/app/lib/json-guards.ts",
    where: 'return typeof value === "number" && Number.isFinite',
    mutator: "ConditionalExpression",
    original: 'typeof value === "number"',
    replacement: "true",
    why: "Number.isFinite is false for every non-number",
  },
  {
    file: "apps/web/app/lib/json-guards.ts",
    where: 'if (typeof value === "number" && Number.isFinite',
    mutator: "ConditionalExpression",
    original: 'typeof value === "number"',
    replacement: "true",
    why: "Number.isFinite is false for every non-number",
  },
  {
    file: "apps/web/app/lib/json-guards.ts",
    where: 'typeof value === "number" && Number.isInteger',
    mutator: "ConditionalExpression",
    original: 'typeof value === "number"',
    replacement: "true",
    why: "Number.isInteger is false for every non-number",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: 'typeof number === "number" && Number.isFinite',
    mutator: "ConditionalExpression",
    original: 'typeof number === "number"',
    replacement: "true",
    why: "Number.isFinite is false for every non-number",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "digits !== undefined && Number.isInteger",
    mutator: "ConditionalExpression",
    original: "digits !== undefined",
    replacement: "true",
    why: "Number.isInteger(undefined) is false",
  },
  // Web: checks that only narrow types, because the value checked next is undefined whenever they fail.
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "if (raw === undefined || id === undefined) return undefined",
    mutator: "ConditionalExpression",
    original: "raw === undefined",
    replacement: "false",
    why: "the id, read as raw?.id, is undefined whenever raw is",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "if (option === undefined || id === undefined) continue",
    mutator: "ConditionalExpression",
    original: "option === undefined",
    replacement: "false",
    why: "the id, read as option?.id, is undefined whenever option is",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "if (raw === undefined || id === undefined || title === undefined)",
    mutator: "ConditionalExpression",
    original: "raw === undefined",
    replacement: "false",
    why: "the id, read as raw?.id, is undefined whenever raw is",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "if (raw === undefined || entries === undefined)",
    mutator: "ConditionalExpression",
    original: "raw === undefined",
    replacement: "false",
    why: "the entries, read as raw?.products, are undefined whenever raw is",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "if (url === undefined || !/^https?",
    mutator: "ConditionalExpression",
    original: "url === undefined",
    replacement: "false",
    why: "the URL test reads undefined as the text 'undefined', which fails it too",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "sale !== null && sale > 0",
    mutator: "ConditionalExpression",
    original: "sale !== null",
    replacement: "true",
    why: "`null > 0` is false, so the second half alone already rejects a missing sale amount",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "asFiniteNumber(image?.order)",
    mutator: "OptionalChaining",
    original: "image?.order",
    replacement: "image.order",
    why: "only read after the image's URL was found, so the image is a record there",
  },
  {
    file: "apps/web/app/lib/store-api/reshape.ts",
    where: "asString(item?.value)",
    mutator: "OptionalChaining",
    original: "item?.value",
    replacement: "item.value",
    why: "only read after the value's ids were found, so the entry is a record there",
  },
  {
    file: "apps/web/app/components/cart/use-checkout.ts",
    where: 'typeof error.details?.available === "number"',
    mutator: "OptionalChaining",
    original: "error.details?.available",
    replacement: "error.details.available",
    why: "a line was found by error.details?.variant_id just before, so details is present here",
  },
  // Web: empty fallbacks of loops that skip every entry that is not a record.
  ...[
    "(asArray(raw.media) ?? asArray(raw.images) ?? [])",
    "for (const entry of asArray(value) ?? [])",
    "for (const valueEntry of asArray(option.values) ?? [])",
    "for (const entry of asArray(raw.variants) ?? [])",
  ].map((where) => ({
    file: "apps/web/app/lib/store-api/reshape.ts",
    where,
    mutator: "ArrayDeclaration",
    original: "[]",
    replacement: '["Stryker was here"]',
    why: "the loop skips entries that are not records, so a list holding one string reads as an empty one",
  })),
  // Web: storage. A thrown TypeError lands in the same catch as a failing storage, with the same result.
  {
    file: "apps/web/app/lib/cart/storage.ts",
    where: "} catch {",
    mutator: "BlockStatement",
    original: "{ return []; }",
    replacement: "{}",
    why: "without the early return the unparsed value stays undefined, which the array check turns into []",
  },
  {
    file: "apps/web/app/lib/cart/storage.ts",
    where: "parseStoredCart(storage?.getItem",
    mutator: "OptionalChaining",
    original: "storage?.getItem",
    replacement: "storage.getItem",
    why: "without storage the TypeError is caught and gives the same empty cart",
  },
  {
    file: "apps/web/app/lib/cart/storage.ts",
    where: "if (storage?.getItem(cartStorageKey) !== serialised)",
    mutator: "OptionalChaining",
    original: "storage?.getItem",
    replacement: "storage.getItem",
    why: "without storage the TypeError is caught and nothing is written either way",
  },
  {
    file: "apps/web/app/lib/cart/storage.ts",
    where: "storage?.setItem(cartStorageKey, serialised)",
    mutator: "OptionalChaining",
    original: "storage?.setItem",
    replacement: "storage.setItem",
    why: "without storage the TypeError is caught and nothing is written either way",
  },
  {
    file: "apps/web/app/lib/cart/cart-token.ts",
    where: "stored = storage?.getItem(cartTokenStorageKey)",
    mutator: "OptionalChaining",
    original: "storage?.getItem",
    replacement: "storage.getItem",
    why: "without storage the TypeError is caught and the page's token is used, as for an empty storage",
  },
  {
    file: "apps/web/app/lib/cart/cart-token.ts",
    where: "storage?.setItem(cartTokenStorageKey, token)",
    mutator: "OptionalChaining",
    original: "storage?.setItem",
    replacement: "storage.setItem",
    why: "without storage the TypeError is caught and nothing is written either way",
  },
  // Web: money and SEO.
  {
    file: "apps/web/app/lib/money.ts",
    where: "if (first === undefined) return undefined",
    mutator: "ConditionalExpression",
    original: "first === undefined",
    replacement: "false",
    why: "with no variants both later returns give undefined too (the first element, or reduce over nothing)",
  },
  {
    file: "apps/web/app/lib/seo/meta.ts",
    where: 'path === "/" ?',
    mutator: "ConditionalExpression",
    original: 'path === "/"',
    replacement: "false",
    why: "the general branch also turns '/' into the origin with one slash",
  },
  {
    file: "apps/web/app/lib/seo/meta.ts",
    where: 'path === "/" ?',
    mutator: "StringLiteral",
    original: '"/"',
    replacement: '""',
    why: "the general branch turns both '' and '/' into the origin with one slash",
  },
  {
    file: "apps/web/app/lib/seo/meta.ts",
    where: "collapsed.length <= max ?",
    mutator: "ConditionalExpression",
    original: "collapsed.length <= max",
    replacement: "false",
    why: "cutting a trimmed text no longer than the limit returns it unchanged",
  },
  {
    file: "apps/web/app/lib/seo/meta.ts",
    where: "collapsed.length <= max ?",
    mutator: "EqualityOperator",
    original: "collapsed.length <= max",
    replacement: "collapsed.length < max",
    why: "cutting a trimmed text of exactly the limit returns it unchanged",
  },
  {
    file: "apps/web/app/lib/seo/structured-data.ts",
    where: 'absoluteUrl(article.siteUrl, "/")',
    mutator: "StringLiteral",
    original: '"/"',
    replacement: '""',
    why: "absoluteUrl gives the origin with one slash for '' as for '/'",
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

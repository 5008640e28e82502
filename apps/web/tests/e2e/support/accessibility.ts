import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Axe set up for the page as it is now. By default, axe checks each frame apart and then merges the
 * results in a new blank page of the same context, loading its half-megabyte script there again: a new
 * browser page for every check, a second or more of a loaded machine's CPU. A page without frames has
 * nothing to merge, so axe checks it in place (the same rules and results, "legacy mode"); a page with
 * frames keeps the default, which also checks frames from other origins.
 */
export function axeFor(page: Page): AxeBuilder {
  return (
    new AxeBuilder({ page })
      .setLegacyMode(page.frames().length === 1)
      // Every rule still runs; only the violations are reported element by element. The tests read nothing
      // else, and describing every passing element too cost about a fifth of each check's time.
      .options({ resultTypes: ["violations"] })
  );
}

/** Runs axe on the page as it is now; any violation fails the test, listed by rule and element. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await axeFor(page).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
    label,
  ).toEqual([]);
}

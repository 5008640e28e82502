import { existsSync } from "node:fs";

// Debian's Chromium, as every browser-driven tool here launches it (tests, benchmark, screenshots).
export const chromiumPath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's headless-only build of the same Chromium (package chromium-headless-shell), for the browser tests
 * when it is installed: the full browser opens a window, with its own hidden pages, for every test's context,
 * which took three times the processor time of the headless build per context. Playwright's own downloads
 * run headless tests in this build too. The benchmark keeps the full browser, as shoppers have.
 */
const headlessShellPath = "/usr/lib/chromium/chromium-headless-shell";
export const testChromiumPath =
  process.env.CHROME_PATH ??
  process.env.CHROMIUM_PATH ??
  (existsSync(headlessShellPath) ? headlessShellPath : "/usr/bin/chromium");

/** Without the background-networking flags, Chromium keeps calling home, which this network refuses. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

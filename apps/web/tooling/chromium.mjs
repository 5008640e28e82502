// Debian's Chromium, as every browser-driven tool here launches it (tests, benchmark, screenshots).
export const chromiumPath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Without the background-networking flags, Chromium keeps calling home, which this network refuses. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, testChromiumPath } from "../../tooling/chromium.mjs";
import { httpsTestSettings } from "./settings";

// Started by run.mjs, which sets up Caddy and both servers first; see there.
const settings = httpsTestSettings();

export default defineConfig({
  testDir: ".",
  // In this order: the second file stops a storefront copy at its end.
  testMatch: ["caddy.spec.ts", "two-copies.spec.ts"],
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: settings.shop,
    // Chromium trusts Caddy's root through the NSS database in this HOME; certificate errors stay errors.
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumFlags,
      env: { ...process.env, HOME: settings.browserHome },
    },
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
  },
});

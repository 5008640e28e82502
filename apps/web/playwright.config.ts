import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, testChromiumPath } from "./tooling/chromium.mjs";
import { e2eSettings } from "./tests/e2e/settings.mjs";

/** Debian's Chromium, its headless build when installed; Playwright's own browser download is not possible here. */
const chromiumLaunch = { executablePath: testChromiumPath, args: chromiumFlags };

const dataDir = mkdtempSync(path.join(tmpdir(), "herbo-e2e-db-"));
const apiFolder = path.resolve(import.meta.dirname, "../store-api");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: process.env.CI === "true" ? 2 : 3,
  retries: 0,
  reporter: process.env.CI === "true" ? [["list"]] : [["list"]],
  use: {
    baseURL: e2eSettings.webUrl,
    launchOptions: chromiumLaunch,
    // A trace is kept only where someone can open it: on CI, whose output prints a failure's message and
    // call log but keeps no files, recording one for every test cost a fifth of the browser tests' time.
    trace: process.env.CI === "true" ? "off" : "retain-on-failure",
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    { name: "shop", testIgnore: /stated-prices\.spec\.ts$/ },
    // Changes the flagship's prices, which every other test reads, so it runs after all of them.
    { name: "after the shop's tests", testMatch: /stated-prices\.spec\.ts$/, dependencies: ["shop"] },
  ],
  webServer: [
    {
      // A freshly seeded store API in an empty data folder for every run.
      command: `node ${path.join(apiFolder, "dist/src/server.js")}`,
      cwd: apiFolder,
      url: `${e2eSettings.apiUrl}/health`,
      reuseExistingServer: false,
      // Opening and seeding a fresh PGlite database can take over a minute on a machine busy with other tests.
      timeout: 180_000,
      env: {
        STORE_API_PORT: String(e2eSettings.apiPort),
        STORE_API_URL: e2eSettings.apiUrl,
        STORE_ID: e2eSettings.storeId,
        DATA_DIR: dataDir,
        ALLOWED_ORIGINS: e2eSettings.webUrl,
        SITE_URL: e2eSettings.webUrl,
        // The storefront's number, so the overview has no warning about a placeholder one.
        CHAT_PHONE: e2eSettings.chatPhone,
        OUTBOX_DIR: e2eSettings.outboxDir,
        SHOP_EMAIL: "owner@herbo.test",
        SELLER_NAME: "Herbo Shilajit Pvt. Ltd.",
        SELLER_ADDRESS: "Thamel Marg 12|Kathmandu 44600|Nepal",
        ADMIN_EMAIL: e2eSettings.owner.email,
        ADMIN_PASSWORD: e2eSettings.owner.password,
        // Every simulated shopper comes from 127.0.0.1, pays far faster than people and often leaves a
        // checkout unpaid; the per-address limits are proven by the store API's stock-hold and
        // payment-throttle tests.
        CHECKOUT_UNITS_PER_ADDRESS: "0",
        // Likewise the cash-on-delivery orders waiting for the shop's call (test/cash-on-delivery.test.ts).
        COD_OPEN_LIMIT: "0",
        PAYMENT_ATTEMPT_LIMIT: "0",
        // A checkout reminder goes out at the sweeper's next pass (within 30 s), not hours later; only a
        // shopper who ticks the box gets one (the reminder test's).
        CHECKOUT_REMINDER_HOURS: "0",
        // Likewise a delivered order's review request; only the reviews test reads one.
        REVIEW_REQUEST_DAYS: "0",
        LOG_LEVEL: "warn",
      },
    },
    {
      command: "node dist/server.js",
      cwd: import.meta.dirname,
      url: `${e2eSettings.webUrl}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(e2eSettings.webPort), ...e2eSettings.buildEnvironment },
    },
  ],
});

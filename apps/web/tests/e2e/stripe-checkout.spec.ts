import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startStripeFake, type StripeFake } from "../../../store-api/test/fakes/stripe-fake.ts";
import { e2eSettings } from "./settings.mjs";
import { fillNepalDetails, nepalShopper } from "./support/checkout";
import { expect, failedResource, open, test } from "./support/fixtures";
import { freePort, startStoreApi, startWebServer, type RunningServer } from "./support/servers";

// A shop that takes cards through Stripe Checkout: its own store API (PAYMENT_METHODS=stripe,cod) talking
// to a local fake of Stripe's API and hosted page, and a web server that sends checkouts there.
test.use({ allowConsoleErrors: failedResource });

let stripe: StripeFake | undefined;
let api: RunningServer | undefined;
let shop: RunningServer | undefined;

test.beforeAll(async () => {
  // Two servers start here, side by side; the config gives each of its own servers 60 s to start.
  test.setTimeout(60_000);
  const apiPort = await freePort();
  const apiUrl = `http://localhost:${apiPort}`;
  // The fake also sends the signed checkout.session.completed webhook, as Stripe does, racing the return.
  stripe = await startStripeFake({ webhookUrl: `${apiUrl}/payments/stripe/webhook` });
  const webPort = await freePort();
  const shopUrl = `http://localhost:${webPort}`;
  [shop, api] = await Promise.all([
    startWebServer(apiUrl, { PORT: String(webPort), PUBLIC_STORE_API_URL: apiUrl }),
    startStoreApi(apiPort, {
      ALLOWED_ORIGINS: shopUrl,
      SITE_URL: shopUrl,
      OUTBOX_DIR: e2eSettings.outboxDir,
      PAYMENT_METHODS: "stripe,cod",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    }),
  ]);
});

test.afterAll(async () => {
  await api?.stop();
  await shop?.stop();
  await stripe?.close();
});

/** The .eml files the test store APIs wrote to this address. */
function emailsTo(address: string): string[] {
  let files: string[];
  try {
    files = readdirSync(e2eSettings.outboxDir).filter((file) => file.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(e2eSettings.outboxDir, file), "utf8"))
    .filter((message) => /^To: .*$/m.exec(message)?.[0].includes(address) === true);
}

/** The servers beforeAll started (it fails the test when one did not start). */
function started(): { stripe: StripeFake; api: RunningServer; shop: RunningServer } {
  if (stripe === undefined || api === undefined || shop === undefined) throw new Error("The Stripe shop did not start");
  return { stripe, api, shop };
}

test("pays by card on Stripe's page and comes back to /success with the order number and its email", async ({
  page,
}) => {
  const { stripe, api, shop } = started();
  const shopper = nepalShopper("Kathmandu");
  await open(page, `${shop.url}/store`);
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(`${api.url}/checkout/cs_*`);

  await fillNepalDetails(page, shopper);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cash on delivery" })).toBeVisible();
  await page.getByRole("button", { name: "Pay Rs. 650.00 by card" }).click();

  // Stripe's hosted page (the fake's), with the amount the server computed.
  await page.waitForURL(`${stripe.url}/c/pay/cs_test_*`);
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await expect(page.getByText("Pay NPR 650.00 to the test shop.")).toBeVisible();
  await page.getByRole("button", { name: "Pay NPR 650.00" }).click();

  await page.waitForURL(new RegExp(`^${shop.url}/success\\?order=HS-\\d+$`));
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  await expect(page.getByText(`Order number ${number}`)).toBeVisible();

  await expect.poll(() => emailsTo(shopper.email).length, { timeout: 15_000 }).toBe(1);
  expect(emailsTo(shopper.email)[0]).toContain(number);
  const [created] = stripe.sessions.values();
  expect(created).toMatchObject({ amount_total: 65000, currency: "npr", status: "complete" });
});

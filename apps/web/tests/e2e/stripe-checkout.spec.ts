import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startStripeFake, type StripeFake } from "../../../store-api/test/fakes/stripe-fake.ts";
import type { Page } from "@playwright/test";
import { e2eSettings } from "./settings.mjs";
import { expectNoAxeViolations } from "./support/accessibility";
import { signInToBackOffice } from "./support/back-office";
import { fillNepalDetails, nepalShopper, type NepalShopper } from "./support/checkout";
import { expect, failedResource, open, test } from "./support/fixtures";
import { readable } from "./support/outbox";
import { freePort, startStoreApi, startWebServer, type RunningServer } from "./support/servers";

// A shop that takes cards through Stripe Checkout: its own store API (PAYMENT_METHODS=stripe,cod) talking
// to a local fake of Stripe's API and hosted page, and a web server that sends checkouts there.
test.use({ allowConsoleErrors: failedResource });

let stripe: StripeFake | undefined;
let api: RunningServer | undefined;
let shop: RunningServer | undefined;

test.beforeAll(async () => {
  // Two servers start here, side by side: a web server compresses its whole build as it starts, which on a
  // loaded machine takes far longer than a test, so this hook allows what the servers themselves allow.
  test.setTimeout(180_000);
  const apiPort = await freePort();
  const apiUrl = `http://localhost:${apiPort}`;
  // The fake also sends the signed checkout.session.completed webhook, as Stripe does, racing the return.
  stripe = await startStripeFake({ webhookUrl: `${apiUrl}/payments/stripe/webhook` });
  const webPort = await freePort();
  const shopUrl = `http://localhost:${webPort}`;
  // Both are waited for and kept when up, so afterAll stops one even when the other did not start.
  const [web, store] = await Promise.allSettled([
    startWebServer(apiUrl, { PORT: String(webPort), PUBLIC_STORE_API_URL: apiUrl }),
    startStoreApi(apiPort, {
      ALLOWED_ORIGINS: shopUrl,
      SITE_URL: shopUrl,
      OUTBOX_DIR: e2eSettings.outboxDir,
      PAYMENT_METHODS: "stripe,cod",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // Its owner signs in to its back office to cancel a Stripe payment.
      ADMIN_EMAIL: e2eSettings.owner.email,
      ADMIN_PASSWORD: e2eSettings.owner.password,
    }),
  ]);
  if (web.status === "fulfilled") shop = web.value;
  if (store.status === "fulfilled") api = store.value;
  for (const result of [web, store]) if (result.status === "rejected") throw result.reason;
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

  await page.waitForURL(new RegExp(`^${shop.url}/success\\?order=HS-\\d+&receipt=[\\w-]{22}$`));
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  await expect(page.getByText(`Order number ${number}`)).toBeVisible();

  await expect.poll(() => emailsTo(shopper.email).length, { timeout: 15_000 }).toBe(1);
  expect(emailsTo(shopper.email)[0]).toContain(number);
  const [created] = stripe.sessions.values();
  expect(created).toMatchObject({ amount_total: 65000, currency: "npr", status: "complete" });
});

/** Buys one Travel Tin in the Stripe shop, paying on Stripe's page; gives the order number. */
async function buyTinThroughStripe(page: Page, shopper: NepalShopper): Promise<string> {
  const { stripe, api, shop } = started();
  await open(page, `${shop.url}/store`);
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(`${api.url}/checkout/cs_*`);
  await fillNepalDetails(page, shopper);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay Rs. 650.00 by card" }).click();
  await page.waitForURL(`${stripe.url}/c/pay/cs_test_*`);
  await page.getByRole("button", { name: "Pay NPR 650.00" }).click();
  await page.waitForURL(new RegExp(`^${shop.url}/success\\?order=HS-\\d+&receipt=[\\w-]{22}$`));
  return new URL(page.url()).searchParams.get("order") ?? "";
}

test("the owner cancels an order paid through Stripe, and Stripe refunds the card", async ({ page }) => {
  // A payment on Stripe's page, then the back office, each page checked by axe.
  test.slow();
  const { stripe, api } = started();
  const shopper = nepalShopper("Pokhara");
  const number = await buyTinThroughStripe(page, shopper);
  const paymentIntent = [...stripe.sessions.values()].find(
    (session) => session.customer_email === shopper.email,
  )?.payment_intent;
  expect(paymentIntent).toMatch(/^pi_/);

  await signInToBackOffice(page, `/orders/${number}`, `${api.url}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await page.getByRole("button", { name: "Cancel order" }).click();
  const cancellation = page.getByRole("form", { name: "Cancellation" });
  await expect(cancellation).toContainText("The payment of Rs. 650.00 is refunded through Stripe");
  await expectNoAxeViolations(page, "Stripe order with the cancellation form");
  await cancellation.getByRole("button", { name: "Confirm cancellation" }).click();

  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Cancelled");
  await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
  const refund = page.getByTestId("refund");
  await expect(refund).toContainText("Cancellation: Rs. 650.00");
  await expect(refund).toContainText("Refund: Refunded");
  await expect(refund).toContainText("Through Stripe");
  const [made] = stripe.refunds.filter((entry) => entry.payment_intent === paymentIntent);
  expect(made).toMatchObject({ amount: 65000, currency: "npr", status: "succeeded" });
  await expect(refund).toContainText(made?.id ?? "a Stripe refund id");
  await expect(page.getByTestId("order-history")).toContainText(`Refunded Rs. 650.00 through stripe (${made?.id})`);
  await expect(page.getByText("Nothing left to do for this order.")).toBeVisible();
  await expectNoAxeViolations(page, "Stripe order refunded");

  await expect
    .poll(() => emailsTo(shopper.email).some((email) => email.includes("has been cancelled")), { timeout: 15_000 })
    .toBe(true);
  const cancelled = emailsTo(shopper.email).find((email) => email.includes("has been cancelled")) ?? "";
  expect(readable(cancelled)).toContain("Your payment of Rs. 650.00 has been refunded.");
});

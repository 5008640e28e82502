import type { Page } from "@playwright/test";
import {
  startCybersourceFake,
  transactionIdOf,
  type CybersourceFake,
} from "../../../store-api/test/fakes/cybersource-fake.ts";
import { e2eSettings } from "./settings.mjs";
import { expectNoAxeViolations } from "./support/accessibility";
import { expect, failedResource, open, test } from "./support/fixtures";
import { enterLocalDetails, localShopper } from "./support/local-shoppers";
import { emailsTo, readable } from "./support/outbox";
import { freePort, startStoreApi, startWebServer, type RunningServer } from "./support/servers";

// A shop whose cards go through a Nepali bank's Cybersource Secure Acceptance page: its own store API
// (PAYMENT_METHODS=cybersource,cod) posting signed forms to a local fake of the hosted page, which
// replies as the gateway does: a signed notification to the Merchant POST URL, and the shopper's
// browser sent back to the receipt page with the same signed fields.
test.use({ allowConsoleErrors: failedResource });

let gateway: CybersourceFake | undefined;
let api: RunningServer | undefined;
let shop: RunningServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  gateway = await startCybersourceFake();
  const apiPort = await freePort();
  const apiUrl = `http://localhost:${apiPort}`;
  gateway.merchantPostUrl = `${apiUrl}/payments/cybersource/webhook`;
  const webPort = await freePort();
  const shopUrl = `http://localhost:${webPort}`;
  const [web, store] = await Promise.allSettled([
    startWebServer(apiUrl, { PORT: String(webPort), PUBLIC_STORE_API_URL: apiUrl }),
    startStoreApi(apiPort, {
      ALLOWED_ORIGINS: shopUrl,
      SITE_URL: shopUrl,
      OUTBOX_DIR: e2eSettings.outboxDir,
      PAYMENT_METHODS: "cybersource,cod",
      CYBERSOURCE_DISPLAY_NAME: "NIC Asia Bank",
      CYBERSOURCE_PROFILE_ID: gateway.profileId,
      CYBERSOURCE_ACCESS_KEY: gateway.accessKey,
      CYBERSOURCE_SECRET_KEY: gateway.secretKey,
      CYBERSOURCE_URL: gateway.payUrl,
      CYBERSOURCE_CURRENCIES: "USD,NPR",
    }),
  ]);
  if (web.status === "fulfilled") shop = web.value;
  if (store.status === "fulfilled") api = store.value;
  for (const result of [web, store]) if (result.status === "rejected") throw result.reason;
});

test.afterAll(async () => {
  await api?.stop();
  await shop?.stop();
  await gateway?.close();
});

function started(): { gateway: CybersourceFake; api: RunningServer; shop: RunningServer } {
  if (gateway === undefined || api === undefined || shop === undefined) {
    throw new Error("The Cybersource shop did not start");
  }
  return { gateway, api, shop };
}

/** From the US market's product page to the payment step, with an Austin address. */
async function toPaymentStep(page: Page, email: string) {
  const { api, shop } = started();
  await open(page, `${shop.url}/us/product/prod_himalayan_resin`);
  await expect(page.getByTestId("price")).toHaveText("$29.99");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(`${api.url}/checkout/cs_*`);
  await enterLocalDetails(page, { ...localShopper("US"), email });
  await expect(page.getByRole("heading", { name: "Card (Visa, Mastercard)" })).toBeVisible();
  // Cash on delivery is Nepal's alone.
  await expect(page.getByRole("heading", { name: "Cash on delivery" })).toHaveCount(0);
}

test("a shopper in Austin pays in dollars on the bank's card page and comes back to /success, once", async ({
  page,
}) => {
  test.slow();
  const { gateway, shop } = started();
  const email = `jordan.cards.${Date.now().toString(36)}@example.com`;
  await toPaymentStep(page, email);
  await expectNoAxeViolations(page, "payment step with the bank's card page");
  await page.getByRole("button", { name: /^Pay \$42\.98( USD)? by card$/ }).click();

  // The fake hosted page took the signed form: the amount the server computed, in dollars.
  await page.waitForURL(`${gateway.url}/pay`);
  await expect(page.getByText("Amount: USD 42.98")).toBeVisible();
  await page.getByRole("button", { name: "Pay now" }).click();

  await page.waitForURL(new RegExp(`^${shop.url}/success\\?order=HS-\\d+&receipt=[\\w-]{22}$`));
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  await expect(page.getByTestId("order-amount")).toContainText("$42.98");
  // The notification reached the shop first and the receipt page found its order: one order, one email.
  expect(gateway.notifications.at(-1)?.status).toBe(200);
  await expect.poll(() => emailsTo(email).length, { timeout: 15_000 }).toBe(1);
  const message = readable(emailsTo(email)[0] ?? "").replace(/\s+/g, " ");
  expect(message).toContain(number);
  expect(message).toMatch(/Total: \$42\.98 USD/);
  const reference = [...gateway.requests.keys()].at(-1) ?? "";
  expect(gateway.requests.get(reference)?.fields).toMatchObject({ amount: "42.98", currency: "USD" });
  expect(transactionIdOf(reference)).toMatch(/^\d{22}$/);
});

test("a declined card brings the shopper back to the payment step with a message, and a second card pays", async ({
  page,
}) => {
  test.slow();
  const { gateway, shop } = started();
  const email = `jordan.declined.${Date.now().toString(36)}@example.com`;
  await toPaymentStep(page, email);
  await page.getByRole("button", { name: /by card$/ }).click();
  await page.waitForURL(`${gateway.url}/pay`);
  await page.getByRole("button", { name: "Use a card that is declined" }).click();

  // Said twice: in the error summary at the top (a link to the option) and beside the option itself.
  const declined =
    "Your NIC Asia Bank payment was not completed, and nothing was charged. Please try again, or choose another way to pay.";
  await expect(page.getByRole("link", { name: declined })).toBeVisible();
  await expect(page.locator("#cybersource-error")).toHaveText(declined);
  await expectNoAxeViolations(page, "payment step after a declined card");
  await page.getByRole("button", { name: /by card$/ }).click();
  await page.waitForURL(`${gateway.url}/pay`);
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL(new RegExp(`^${shop.url}/success\\?order=HS-\\d+&receipt=[\\w-]{22}$`));
  await expect.poll(() => emailsTo(email).length, { timeout: 15_000 }).toBe(1);
});

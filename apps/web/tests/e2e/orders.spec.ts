import type { Page } from "@playwright/test";
import { e2eSettings } from "./settings.mjs";
import { axeFor } from "./support/accessibility";
import { fillNepalDetails, nepalShopper, payByCard } from "./support/checkout";
import { emailsTo, readable } from "./support/outbox";
import { expect, failedResource, open, test } from "./support/fixtures";

// The hosted checkout answers a form it refuses with 422, which Chromium logs.
test.use({ allowConsoleErrors: failedResource });

async function expectNoViolations(page: Page): Promise<void> {
  const results = await axeFor(page).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Puts one Travel Tin in the cart and goes to the hosted checkout. */
async function checkoutOneTin(page: Page): Promise<void> {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout\/cs_/);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
}

test("pays by card for a Kathmandu address: /success shows the order number, and the emailed confirmation has it", async ({
  page,
}) => {
  // A whole purchase with accessibility checks of each page: three times the usual time on a busy machine.
  test.slow();
  const shopper = nepalShopper("Kathmandu");
  await checkoutOneTin(page);
  await expectNoViolations(page);
  await fillNepalDetails(page, shopper);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(page.getByTestId("delivery-address")).toContainText("Thamel Marg 12");
  await expect(page.getByTestId("shipping")).toHaveText("Free");
  // The total names its currency.
  await expect(page.getByTestId("total")).toHaveText("Rs. 650.00 NPR");
  // Nepal's prices include VAT, and the checkout says so under the total.
  await expect(page.getByTestId("tax-note")).toHaveText("Prices incl. VAT.");
  await expectNoViolations(page);
  await expect(page.getByRole("button", { name: "Pay Rs. 650.00", exact: true })).toBeVisible();
  await payByCard(page);

  await page.waitForURL(/\/success\?order=HS-\d+&receipt=[\w-]{22}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  await expect(page.getByText(`Order number ${number}`)).toBeVisible();
  await expect(page.getByText(/^Your payment was successful\./)).toBeVisible();
  await expect(page.getByTestId("order-amount")).toHaveText("Amount paid: Rs. 650.00");

  await expect.poll(() => emailsTo(shopper.email).length, { timeout: 15_000 }).toBe(1);
  const email = readable(emailsTo(shopper.email)[0] ?? "");
  expect(email).toContain(number);
  expect(email).toContain("Thamel Marg 12");
  expect(email).toContain("Rs. 650.00");
  expect(email).toContain("Prices incl. VAT.");
});

test("places a cash-on-delivery order for a Pokhara address: the page and the email say the shop will call to confirm", async ({
  page,
}) => {
  const shopper = nepalShopper("Pokhara");
  await checkoutOneTin(page);
  // On a phone from here on.
  await page.setViewportSize({ width: 375, height: 667 });
  // The hint is a number as people in Nepal write one, not a pattern of X's.
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription("For the courier, e.g. 984-1234567");
  await fillNepalDetails(page, shopper);
  // Enter, or Go on a phone's keyboard, in any field sends the step.
  await page.getByLabel(/Postal code/).press("Enter");
  await expect(page.getByRole("heading", { name: "Cash on delivery" })).toBeVisible();
  // Paying in cash needs no scrolling past card fields: its button is whole on the first screen.
  const placeOrder = page.getByRole("button", { name: "Place order, pay Rs. 650.00 on delivery" });
  await expect(placeOrder).toBeInViewport({ ratio: 1 });
  await expectNoViolations(page);
  await placeOrder.click();

  await page.waitForURL(/\/success\?order=HS-\d+&payment=cod&receipt=[\w-]{22}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await expect(page.getByText(`Order number ${number}`)).toBeVisible();
  // Nothing is paid yet, so the page must not say it is.
  await expect(page.getByText(/^Your order is placed, and you pay in cash when it arrives\./)).toBeVisible();
  await expect(page.getByText(/We will call you to confirm it before we send it/)).toBeVisible();
  await expect(page.getByTestId("order-amount")).toHaveText("To pay in cash when it arrives: Rs. 650.00");
  await expect(page.getByText(/Your payment was successful/)).toHaveCount(0);
  await expectNoViolations(page);

  await expect.poll(() => emailsTo(shopper.email).length, { timeout: 15_000 }).toBe(1);
  const email = readable(emailsTo(shopper.email)[0] ?? "");
  expect(email).toContain(`We have received your order ${number}`);
  expect(email).toContain(
    `We will call you on +977${shopper.phone} to confirm your order before we send it. Then please have Rs. 650.00 ready in cash when it arrives.`,
  );
  expect(email).toContain("Lakeside Road 7");
});

test("a USA address on Nepal's checkout is sent to the US shop, whose checkout offers card payment only, in dollars", async ({
  page,
}) => {
  test.slow();
  await checkoutOneTin(page);
  await page.getByLabel("Email", { exact: true }).fill("jordan@example.com");
  await page.getByLabel("Full name").fill("Jordan Lee");
  await page.getByLabel("Phone").fill("(415) 555-2671");
  await page.getByLabel("Country").selectOption("US");
  // The page shows the USA's fields once the country changes.
  await expect(page.getByLabel("ZIP code")).toBeVisible();
  await page.getByLabel("Street address").fill("1 Market Street");
  await page.getByLabel("City").fill("San Francisco");
  await page.getByLabel("State").selectOption("CA");
  await page.getByLabel("ZIP code").fill("94105");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  // Never charged in rupees for a US address: the shopper is sent to the US shop.
  await expect(page.locator("#field-country-error")).toContainText(
    "For an address in the United States, please order from our United States shop, in US dollars.",
  );
  await expectNoViolations(page);
  await page.getByRole("link", { name: "Shop in United States (USD)" }).click();
  await page.waitForURL(/\/us\/store$/);
  await expect(page.getByRole("status").filter({ hasText: "Your cart is now in" })).toBeVisible();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer.getByTestId("cart-total")).toHaveText("$17.99");
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout\/cs_/);
  await expect(page.getByLabel("Country")).toHaveValue("US");
  await page.getByLabel("Email", { exact: true }).fill("jordan@example.com");
  await page.getByLabel("Full name").fill("Jordan Lee");
  await page.getByLabel("Phone").fill("(415) 555-2671");
  await page.getByLabel("Street address").fill("1 Market Street");
  await page.getByLabel("City").fill("San Francisco");
  await page.getByLabel("State").selectOption("CA");
  await page.getByLabel("ZIP code").fill("94105");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cash on delivery" })).toHaveCount(0);
  await expect(page.getByTestId("shipping")).toHaveText("$12.99");
  await expect(page.getByTestId("total")).toHaveText("$30.98 USD");
  await expect(page.getByTestId("tax-note")).toHaveText(
    "Prices do not include tax. Import duties and taxes may be due on delivery.",
  );
  await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
  await page.waitForURL(/\/us\/store$/);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the hosted checkout still works: fields shown per country, errors next to the field, payment", async ({
    page,
    request,
  }) => {
    const created = await request.post(`${e2eSettings.apiUrl}/store/${e2eSettings.storeId}/checkout`, {
      data: {
        items: [{ variant_id: "var_travel_tin", quantity: 1 }],
        successUrl: `${e2eSettings.webUrl}/success`,
        cancelUrl: `${e2eSettings.webUrl}/store`,
        timeZone: "Europe/London",
      },
    });
    const { url } = (await created.json()) as { url: string };
    await page.goto(url);
    // A Nepal checkout starts in Nepal, whatever the time zone; another country's fields come by the button.
    await expect(page.getByLabel("District")).toBeVisible();
    await page.getByLabel("Country").selectOption("GB");
    await page.getByRole("button", { name: "Show fields for this country" }).click();
    await expect(page.getByLabel("Postcode")).toBeVisible();
    await expect(page.getByLabel("District")).toHaveCount(0);
    await page.getByLabel("Country").selectOption("NP");
    await page.getByRole("button", { name: "Show fields for this country" }).click();
    await expect(page.getByLabel("District")).toBeVisible();
    const shopper = nepalShopper("Kathmandu");
    await fillNepalDetails(page, { ...shopper, phone: "12" });
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.locator("#field-phone-error")).toContainText("phone number in Nepal");
    await expect(page.getByLabel("Street address")).toHaveValue(shopper.line1);
    await page.getByLabel("Phone").fill(shopper.phone);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: "Pay Rs. 650.00", exact: true }).click();
    await page.waitForURL(/\/success\?order=HS-\d+&receipt=[\w-]{22}$/);
  });
});

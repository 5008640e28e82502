import { e2eSettings } from "./settings.mjs";
import { expect, expectDestructiveToast, failedResource, open, test } from "./support/fixtures";
import { deadUrl, realApiJson, startFakeStoreApi, startWebServer, type RunningServer } from "./support/servers";

// These tests cause failed requests and error statuses on purpose; Chromium logs each one.
test.use({ allowConsoleErrors: failedResource });

test.describe("when the browser cannot reach the store", () => {
  test("checkout shows the Checkout Error toast and keeps the cart", async ({ page }) => {
    await open(page, "/product/prod_travel_tin");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.route(`${e2eSettings.apiUrl}/store/*/checkout`, (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Open cart, 1 item" }).click();
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expectDestructiveToast(
      page,
      "Checkout Error",
      "There was a problem initializing checkout. Please try again.",
    );
    await expect(page).toHaveURL(/\/product\/prod_travel_tin$/);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
  });
});

test("checkout with an empty cart shows the empty-cart toast", async ({ page }) => {
  await open(page, "/store");
  await page.getByRole("button", { name: "Open cart" }).click();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expectDestructiveToast(page, "Your cart is empty", "Add some products to your cart before checking out.");
});

test("a product that does not exist answers 404 with a sentence a shopper understands and a way back", async ({
  page,
}) => {
  const response = await page.goto("/product/prod_does_not_exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(
    "Error loading product: We could not find this product. The link may be mistyped, or it has been removed.",
  );
  await page.getByRole("link", { name: "Go back to store" }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  await page.getByRole("link", { name: "Return to Homepage" }).click();
  await expect(page).toHaveURL(`${e2eSettings.webUrl}/`);
});

test.describe("when the web server cannot reach the store", () => {
  let shop: RunningServer;
  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    shop = await startWebServer(await deadUrl());
  });
  test.afterAll(async () => {
    await shop.stop();
  });

  test("the store page answers 503 with the product list error in words a shopper understands", async ({ page }) => {
    const response = await page.goto(`${shop.url}/store`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText(
      "Error loading products: The store is not reachable right now. Please try again in a moment.",
    );
  });

  test("a product page answers 503 with the product error in words a shopper understands", async ({ page }) => {
    const response = await page.goto(`${shop.url}/product/prod_himalayan_resin`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText(
      "Error loading product: The store is not reachable right now. Please try again in a moment.",
    );
    await expect(page.getByRole("link", { name: "Go back to store" })).toBeVisible();
  });

  test("the home page says the products could not load, and pages that quote a price state none", async ({ page }) => {
    const home = await page.goto(`${shop.url}/`);
    expect(home?.status()).toBe(200);
    expect(home?.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("alert")).toHaveText(
      "Error loading products: The store is not reachable right now. Please try again in a moment.",
    );
    await expect(page.getByTestId("hero-price")).toHaveCount(0);
    await expect(page.locator("#about")).toContainText("In Nepal, we deliver free and take cash on delivery");
    const nepal = await page.goto(`${shop.url}/shilajit-nepal`);
    expect(nepal?.status()).toBe(200);
    expect(nepal?.headers()["cache-control"]).toContain("no-store");
    await expect(page.locator("#order-now")).toContainText("Free delivery across Nepal and cash on delivery.");
    await expect(page.locator("main")).not.toContainText(/Rs\.|rupees/);
    await page.goto(`${shop.url}/blog/where-to-buy-authentic-shilajit-in-nepal`);
    await expect(page.locator("article")).toContainText("starts at the price listed in our store");
  });

  test("static pages are unaffected", async ({ page }) => {
    const response = await page.goto(`${shop.url}/blog`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Herbo Shilajit Blog");
  });
});

test.describe("when the store answers with errors", () => {
  let fake: RunningServer;
  let shop: RunningServer;
  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    const product = await realApiJson("/products/prod_himalayan_resin");
    fake = await startFakeStoreApi((request, response) => {
      const url = request.url ?? "";
      if (url.includes("/products/prod_himalayan_resin")) {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(product));
      } else {
        // The product list and the stock call fail.
        response.writeHead(500, { "content-type": "application/json" }).end('{"error":{"code":"internal_error"}}');
      }
    });
    shop = await startWebServer(fake.url);
  });
  test.afterAll(async () => {
    await shop.stop();
    await fake.stop();
  });

  test("the product list says the store has trouble, not 'HTTP 500'", async ({ page }) => {
    const response = await page.goto(`${shop.url}/store`);
    expect(response?.status()).toBe(502);
    await expect(page.getByRole("alert")).toHaveText(
      "Error loading products: The store is having trouble right now. Please try again in a minute.",
    );
  });

  test("a failing stock call fails the whole product page", async ({ page }) => {
    const response = await page.goto(`${shop.url}/product/prod_himalayan_resin`);
    expect(response?.status()).toBe(502);
    await expect(page.getByRole("alert")).toHaveText(
      "Error loading product: The store is having trouble right now. Please try again in a minute.",
    );
  });
});

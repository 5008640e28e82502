import { expect, expectDestructiveToast, open, test, visibleToast } from "./support/fixtures";

test.describe("stock messages on the product page", () => {
  test("shows the stock while the quantity fits, then warns and disables Add to Cart past it", async ({ page }) => {
    await open(page, "/product/prod_starter_kit");
    await expect(page.getByTestId("stock-message")).toHaveText("3 in stock!");
    const increase = page.getByRole("button", { name: "Increase quantity" });
    await increase.click();
    await increase.click();
    await expect(page.getByTestId("stock-message")).toHaveText("3 in stock!");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    await increase.click();
    await expect(page.getByTestId("stock-message")).toHaveText("Not enough stock. Only 3 left.");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  test("says 'Currently unavailable' and disables Add to Cart for a product that is not purchasable", async ({
    page,
  }) => {
    await open(page, "/product/prod_gift_box");
    await expect(page.getByTestId("stock-message")).toHaveText("Currently unavailable");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  test("treats a stock of zero as none left, not as unknown", async ({ page }) => {
    await open(page, "/product/prod_value_pack");
    await page.getByText("3 × 20 g", { exact: true }).click();
    await expect(page.getByTestId("stock-message")).toHaveText("Sold out");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  test("says nothing about stock that is not tracked", async ({ page }) => {
    await open(page, "/product/prod_travel_tin");
    await expect(page.getByTestId("stock-message")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });
});

test("adds from the product page with the detail toast, and refuses past the stock with the error toast", async ({
  page,
}) => {
  await open(page, "/product/prod_starter_kit");
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(visibleToast(page)).toContainText("3 x Shilajit Starter Kit (Kit) added.");
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await page.getByRole("button", { name: "Decrease quantity" }).click();
  await page.getByRole("button", { name: "Decrease quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expectDestructiveToast(
    page,
    "Oh no! Something went wrong.",
    "Not enough stock for Shilajit Starter Kit (Kit). Only 3 left.",
  );
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
});

test("starts the quantity at 1 and never lets it go lower", async ({ page }) => {
  await open(page, "/product/prod_travel_tin");
  await expect(page.getByTestId("quantity")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(page.getByTestId("quantity")).toHaveText("1");
});

test("shows the Style picker only for products with several variants, selecting the first by default", async ({
  page,
}) => {
  await open(page, "/product/prod_himalayan_resin");
  const picker = page.getByRole("group", { name: "Style" });
  await expect(picker.getByRole("radio")).toHaveCount(3);
  await expect(picker.getByRole("radio", { name: "10 g" })).toBeChecked();
  await open(page, "/product/prod_travel_tin");
  await expect(page.getByRole("group", { name: "Style" })).toHaveCount(0);
});

test("moves the carousel to the chosen variant's image, and wraps around both ends", async ({ page }) => {
  await open(page, "/product/prod_himalayan_resin");
  const image = page.getByTestId("carousel-image");
  await expect(image).toHaveAttribute("src", /resin-10g\.svg$/);
  await page.getByText("30 g", { exact: true }).click();
  await expect(image).toHaveAttribute("src", /resin-30g\.svg$/);
  await expect(page.getByTestId("price")).toContainText("Rs. 3000.00");
  await expect(page.getByTestId("regular-price")).toContainText("Rs. 3200.00");

  await page.getByRole("button", { name: "Next image" }).click();
  await expect(image).toHaveAttribute("src", /resin-lifestyle\.svg$/);
  await page.getByRole("button", { name: "Next image" }).click();
  await expect(image).toHaveAttribute("src", /resin-10g\.svg$/);
  await page.getByRole("button", { name: "Previous image" }).click();
  await expect(image).toHaveAttribute("src", /resin-lifestyle\.svg$/);
  await page.getByRole("button", { name: "Show image 2" }).click();
  await expect(image).toHaveAttribute("src", /resin-20g\.svg$/);
  await expect(page.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-current", "true");
});

test("shows no arrows or dots for a product with one image", async ({ page }) => {
  await open(page, "/product/prod_travel_tin");
  await expect(page.getByRole("button", { name: "Next image" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(0);
});

test("renders the description as HTML, sets a meta description of at most 160 characters, and links back", async ({
  page,
}) => {
  await open(page, "/product/prod_himalayan_resin");
  await expect(page.getByTestId("product-description").locator("strong")).toHaveText(
    "lab-tested for purity and heavy metals",
  );
  await expect(page.getByTestId("product-description").locator("li")).toHaveCount(3);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length).toBeLessThanOrEqual(160);
  expect(description?.length).toBeGreaterThan(150);
  expect(description).toMatch(/^Our flagship resin is hand-collected/);
  await page.getByRole("link", { name: "Back to Store" }).click();
  await expect(page).toHaveURL(/\/store$/);
});

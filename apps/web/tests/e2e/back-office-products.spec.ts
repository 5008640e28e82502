import type { Page } from "@playwright/test";
import { e2eSettings } from "./settings.mjs";
import { backOffice, signInToBackOffice } from "./support/back-office";
import { expect, failedResource, test } from "./support/fixtures";

// The back office asks the API who is signed in; before sign-in that is a 401, which Chromium logs.
test.use({ allowConsoleErrors: failedResource });

/** A price for every market currency, as typed in the Prices form. */
const prices = { NPR: "500", USD: "4.99", INR: "399", GBP: "3.99", CAD: "6.99", AED: "18.00" } as const;

/** The storefront's store page, read afresh (the page cache keeps pages 1 s): the titles of its cards. */
async function storeTitles(page: Page): Promise<string[]> {
  await page.goto(`${e2eSettings.webUrl}/store`);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  return page.getByTestId("product-card").getByRole("heading").allTextContents();
}

test("the owner adds a product, puts it on sale, sees it in the store and the sitemap, then archives it", async ({
  page,
  request,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const title = `Pine Resin Sampler ${stamp}`;
  await signInToBackOffice(page, "/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

  await page.getByText("Add a product").click();
  const create = page.getByRole("form", { name: "Add a product" });
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("First variant").fill("3 g");
  await create.getByLabel("SKU").fill(`PRS-${stamp}`);
  await create.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Draft created." })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  expect(id).toBe(`prod_pine_resin_sampler_${stamp}`);

  // Its description and a section, written in the rich-text editor.
  const product = page.getByRole("form", { name: "Product" });
  const description = product.getByRole("textbox", { name: "Description" });
  await description.click();
  await description.pressSequentially("A small jar for a first try.");
  await product.getByRole("button", { name: "Add a section" }).click();
  await product.getByLabel("Section 1 title").fill("How to use");
  const sectionText = product.getByRole("textbox", { name: "Section 1 text" });
  await sectionText.click();
  await sectionText.pressSequentially("Warm water, once a day.");
  await sectionText.press("ControlOrMeta+a");
  await product.getByTestId("product-section-fields").getByRole("button", { name: "Bold" }).click();
  await product.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // On sale before it has prices: refused, with what is missing.
  await product.getByLabel("Status").selectOption({ label: "On sale" });
  await product.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Set the prices of 3 g in NPR, USD, INR, GBP, CAD, AED before publishing: every market needs one",
  );

  const priceForm = page.getByRole("form", { name: `Prices of ${title}, 3 g` });
  for (const [currency, amount] of Object.entries(prices)) {
    await priceForm.getByLabel(`Price in ${currency}`, { exact: true }).fill(amount);
  }
  await priceForm.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows the new prices now." })).toBeVisible();

  await product.getByLabel("Status").selectOption({ label: "On sale" });
  await product.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows the change now." })).toBeVisible();
  await expect(page.getByTestId("product-history")).toContainText("Status");
  await expect(page.getByTestId("product-history")).toContainText(e2eSettings.owner.email);

  // The shop follows within its cache window: the store, the product page with its section, the sitemap.
  await expect.poll(() => storeTitles(page), { timeout: 10_000 }).toContain(title);
  await page.goto(`${e2eSettings.webUrl}/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("product-description")).toHaveText("A small jar for a first try.");
  await expect(page.getByRole("heading", { level: 2, name: "How to use" })).toBeVisible();
  await expect(page.getByTestId("product-section").locator("strong")).toHaveText("Warm water, once a day.");
  await expect(page.getByTestId("price").first()).toHaveText("Rs. 500.00");
  await expect
    .poll(async () => (await request.get(`${e2eSettings.webUrl}/sitemap.xml`)).text(), { timeout: 10_000 })
    .toContain(`/product/${id}</loc>`);

  // Archived: gone from the store, and its address says so (410) to shoppers and search engines.
  await page.goto(`${backOffice}/products/${id}`);
  await page.getByRole("form", { name: "Product" }).getByLabel("Status").selectOption({ label: "Archived" });
  await page.getByRole("form", { name: "Product" }).getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect
    .poll(async () => (await request.get(`${e2eSettings.webUrl}/product/${id}`)).status(), { timeout: 10_000 })
    .toBe(410);
  await expect.poll(() => storeTitles(page), { timeout: 10_000 }).not.toContain(title);
  await expect
    .poll(async () => (await request.get(`${e2eSettings.webUrl}/sitemap.xml`)).text(), { timeout: 10_000 })
    .not.toContain(`/product/${id}</loc>`);
});

test("two owners editing one product: the later save is refused with a conflict, and the other's change is shown", async ({
  page,
  browser,
}) => {
  await signInToBackOffice(page, "/products/prod_gift_box");
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await signInToBackOffice(otherPage, "/products/prod_gift_box");
  const subtitle = `Wrapped by hand ${Date.now().toString(36)}`;

  const otherForm = otherPage.getByRole("form", { name: "Product" });
  await otherForm.getByLabel("Subtitle").fill(subtitle);
  await otherForm.getByRole("button", { name: "Save product" }).click();
  await expect(otherPage.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  const form = page.getByRole("form", { name: "Product" });
  await form.getByLabel("Subtitle").fill("In a wooden box");
  await form.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("alert")).toContainText("Someone else changed this product since you opened it.");
  await expect(form.getByLabel("Subtitle")).toHaveValue(subtitle);
  await other.close();
});

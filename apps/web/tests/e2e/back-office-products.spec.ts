import type { Page } from "@playwright/test";
import sharp from "sharp";
import { e2eSettings } from "./settings.mjs";
import { expectNoAxeViolations } from "./support/accessibility";
import { backOffice, signInToBackOffice } from "./support/back-office";
import { expect, failedResource, test } from "./support/fixtures";

// The back office asks the API who is signed in; before sign-in that is a 401, which Chromium logs.
test.use({ allowConsoleErrors: failedResource });

/** A price for every market currency, as typed in the Prices form. */
const prices = { NPR: "500", USD: "4.99", INR: "399", GBP: "3.99", CAD: "6.99", AED: "18.00" } as const;

/** A photo-like JPEG (a colour gradient) of the given size, as a camera would hand the owner one. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 200) + 40;
      pixels[at + 1] = Math.round((y / height) * 120) + 60;
      pixels[at + 2] = 50;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

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

  // A photo from the owner's phone, with its alt text.
  await page.getByLabel("Add photos").setInputFiles({
    name: "sampler.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(1600, 1200),
  });
  await expect(page.getByText("1 photo added at the end.")).toBeVisible();
  await page.getByLabel("Alt text of photo 1").fill("An open sampler jar of dark resin");
  await page.getByRole("button", { name: "Save order and alt texts" }).click();
  await expect(page.getByText("Saved. The shop shows the new order and alt texts now.")).toBeVisible();

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
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows the change now." })).toBeVisible();

  // On sale before it has prices: refused, with what is missing.
  await product.getByLabel("Status").selectOption({ label: "On sale" });
  await product.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Set the prices of 3 g in NPR, USD, INR, GBP, CAD, AED before publishing: every market needs one",
  );

  const priceForm = page.getByRole("form", { name: `Prices of ${title}, 3 g` });
  for (const [currency, amount] of Object.entries(prices)) {
    await priceForm.getByLabel(`Price of 3 g in ${currency}`, { exact: true }).fill(amount);
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
  // The photo as a responsive image: every width it was made at, with its size, so nothing jumps.
  const picture = page.getByRole("img", { name: "An open sampler jar of dark resin" });
  const srcset = (await picture.getAttribute("srcset")) ?? "";
  expect(srcset.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["320w", "640w", "960w", "1280w"]);
  expect(srcset).toMatch(/\/media\/med_[0-9a-f]+-640\.webp 640w/);
  expect(await picture.getAttribute("sizes")).toBeTruthy();
  expect([await picture.getAttribute("width"), await picture.getAttribute("height")]).toEqual(["1280", "960"]);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const file = await request.get(new URL(srcset.split(" ")[0] ?? "", e2eSettings.webUrl).href);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(file.headers()["content-type"]).toBe("image/webp");
  await expect
    .poll(async () => (await request.get(`${e2eSettings.webUrl}/sitemap.xml`)).text(), { timeout: 10_000 })
    .toContain(`/product/${id}</loc>`);

  // Archived: gone from the store, and its address says so (410) to shoppers and search engines.
  await page.goto(`${backOffice}/products/${id}`);
  await page.getByRole("form", { name: "Product" }).getByLabel("Status").selectOption({ label: "Archived" });
  await page.getByRole("form", { name: "Product" }).getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows the change now." })).toBeVisible();
  await expect
    .poll(async () => (await request.get(`${e2eSettings.webUrl}/product/${id}`)).status(), { timeout: 10_000 })
    .toBe(410);
  expect(await (await request.get(`${e2eSettings.webUrl}/product/${id}`)).text()).toContain(
    "Error loading product: This product is no longer sold.",
  );
  await expect.poll(() => storeTitles(page), { timeout: 10_000 }).not.toContain(title);
  await expect
    .poll(async () => (await request.get(`${e2eSettings.webUrl}/sitemap.xml`)).text(), { timeout: 10_000 })
    .not.toContain(`/product/${id}</loc>`);
});

test("two owners editing one product: the later save, or an older CSV file, is refused, and the other's change is kept", async ({
  page,
  browser,
}) => {
  // Two sign-ins, and axe over the products page at two widths.
  test.slow();
  // A draft of its own: no shopper sees it, and no other test reads it.
  const stamp = Date.now().toString(36);
  await signInToBackOffice(page, "/products");
  await page.getByText("Add a product").click();
  const create = page.getByRole("form", { name: "Add a product" });
  await create.getByLabel("Title").fill(`Conflict Jar ${stamp}`);
  await create.getByLabel("First variant").fill("5 g");
  await create.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Conflict Jar ${stamp}` })).toBeVisible();
  const address = new URL(page.url()).pathname.replace(/^\/admin/, "");
  // The first owner also exports the catalogue now, keeping the jar's line.
  const exported = (await (await page.request.get(`${backOffice}/api/products/export.csv`)).text()).split("\r\n");
  const jarLine = exported.find((line) => line.startsWith(`${address.split("/").pop() ?? ""},`));
  expect(jarLine).toBeDefined();

  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await signInToBackOffice(otherPage, address);
  const subtitle = `Wrapped by hand ${stamp}`;
  const otherForm = otherPage.getByRole("form", { name: "Product" });
  await otherForm.getByLabel("Subtitle").fill(subtitle);
  await otherForm.getByRole("button", { name: "Save product" }).click();
  await expect(
    otherPage.getByRole("status").filter({ hasText: "Saved. The shop shows the change now." }),
  ).toBeVisible();

  const form = page.getByRole("form", { name: "Product" });
  await form.getByLabel("Subtitle").fill("In a wooden box");
  await form.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("alert")).toContainText("Someone else changed this product since you opened it.");
  await expect(form.getByLabel("Subtitle")).toHaveValue(subtitle);
  await other.close();

  // The file exported before the other owner's save would undo it: its line is refused, with its number.
  await page.goto(`${backOffice}/products`);
  await page.getByLabel("CSV file").setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([exported[0], jarLine, ""].join("\r\n")),
  });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "1 line will not be imported: it was changed in the back office after this file was exported.",
  );
  await expect(page.getByRole("list", { name: "Lines not imported" })).toHaveText(
    `Line 2: Conflict Jar ${stamp}, 5 g was changed in the back office after this file was exported (subtitle). Export again and redo your change.`,
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `a refused CSV line at ${width} px`);
  }
});

import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { outlineSvgText } from "../../tooling/outline-art.mjs";
import { e2eSettings } from "./settings.mjs";
import { expect, failedResource, open, test, visibleToast } from "./support/fixtures";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("not on screen");
  return box;
}

/** Every cart line and every drawer button outside the toast: what a toast must never cover. */
async function drawerPartsOutsideToast(drawer: Locator): Promise<Box[]> {
  return drawer.evaluate((element) => {
    const toast = element.querySelector('[data-testid="cart-toasts"]');
    const parts = [...element.querySelectorAll('[data-testid="cart-line"], button')].filter(
      (part) => toast === null || !toast.contains(part),
    );
    return parts.map((part) => {
      const rect = part.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    });
  });
}

async function expectToastClearOf(page: Page, drawer: Locator) {
  const toast = visibleToast(page);
  await expect(toast).toBeVisible();
  // Settled: the toast's entrance animation has finished.
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
  const toastBox = await boxOf(toast);
  const parts = await drawerPartsOutsideToast(drawer);
  expect(parts.length).toBeGreaterThan(3);
  for (const part of parts) expect(overlaps(toastBox, part), JSON.stringify({ toastBox, part })).toBe(false);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

    test("a toast shown with the cart open covers none of its lines or buttons", async ({ page }) => {
      await open(page, "/store");
      await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
      await page.getByRole("button", { name: "Add to Cart: Shilajit Starter Kit" }).click();
      await expect(visibleToast(page)).toContainText("Shilajit Starter Kit has been added");
      await page.getByRole("button", { name: "Open cart, 2 items" }).click();
      const drawer = page.getByRole("dialog", { name: "Your Cart" });
      await expect(drawer.getByTestId("cart-line")).toHaveCount(2);
      await expectToastClearOf(page, drawer);
      // Escape closes the newest layer first: the toast, then the drawer.
      await page.keyboard.press("Escape");
      await expect(visibleToast(page)).toHaveCount(0);
      await expect(drawer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
    });

    test.describe("when checkout refuses a line", () => {
      // The browser logs the store's 409 answer.
      test.use({ allowConsoleErrors: failedResource });

      test("a checkout stock error leaves the line it names in sight", async ({ page }) => {
        await open(page, "/store");
        await page.getByRole("button", { name: "Add to Cart: Shilajit Starter Kit" }).click();
        await page.route(`${e2eSettings.apiUrl}/store/*/checkout`, (route) =>
          route.fulfill({
            status: 409,
            headers: { "access-control-allow-origin": e2eSettings.webUrl },
            json: {
              error: {
                code: "insufficient_inventory",
                message: "Not enough stock",
                details: { variant_id: "var_starter_kit", available: 0 },
              },
            },
          }),
        );
        await page.getByRole("button", { name: "Open cart, 1 item" }).click();
        const drawer = page.getByRole("dialog", { name: "Your Cart" });
        await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
        await expect(visibleToast(page)).toContainText("Shilajit Starter Kit (Kit) is sold out");
        await expectToastClearOf(page, drawer);
        await expect(drawer.getByTestId("cart-line")).toBeInViewport();
      });
    });

    test("an empty cart totals in rupees", async ({ page }) => {
      await open(page, "/store");
      await page.getByRole("button", { name: "Open cart" }).click();
      await expect(page.getByRole("dialog", { name: "Your Cart" }).getByTestId("cart-total")).toHaveText("Rs. 0.00");
    });

    test("cart lines show the whole title, the variant and the unit price", async ({ page }) => {
      await open(page, "/product/prod_value_pack");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
      await page.getByRole("button", { name: "Increase quantity" }).click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await open(page, "/product/prod_himalayan_resin");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("button", { name: "Open cart, 4 items" }).click();
      const lines = page.getByRole("dialog", { name: "Your Cart" }).getByTestId("cart-line");
      await expect(lines.getByTestId("cart-line-title")).toHaveText([
        "Shilajit Value Pack",
        "Pure Himalayan Shilajit Resin",
      ]);
      await expect(lines.getByTestId("cart-line-variant")).toHaveText(["2 × 20 g", "10 g"]);
      await expect(lines.getByTestId("cart-line-unit-price")).toHaveText(["Rs. 3990.00 each", "Rs. 1200.00 each"]);
      await expect(lines.getByTestId("cart-line-total")).toHaveText(["Rs. 11970.00", "Rs. 1200.00"]);
      for (const price of await lines.getByTestId("cart-line-unit-price").all()) {
        // One line each: the currency never wraps away from its amount.
        const lineTops = await price.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
        });
        expect(new Set(lineTops).size).toBe(1);
      }
      for (const title of await lines.getByTestId("cart-line-title").all()) {
        // Wrapped, not cut: nothing hidden past the edge and no ellipsis.
        expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        expect(await title.evaluate((element) => getComputedStyle(element).textOverflow)).not.toBe("ellipsis");
      }
    });

    test("every card and product page shows the picture of what it sells", async ({ page }) => {
      await open(page, "/store");
      const card = (title: string) => page.getByTestId("product-card").filter({ hasText: title });
      await expect(card("Pure Himalayan Shilajit Resin").getByRole("img")).toHaveAttribute("src", /resin-10g\.svg$/);
      await expect(card("Shilajit Starter Kit").getByRole("img")).toHaveAttribute("src", /starter-kit\.svg$/);
      await expect(card("Shilajit Value Pack").getByRole("img")).toHaveAttribute("src", /value-pack-2x20\.svg$/);
      const gift = card("Himalayan Gift Box");
      await expect(gift.getByRole("img", { name: "Himalayan Gift Box" })).toHaveAttribute("src", /gift-box\.svg$/);
      await expect(
        gift.getByText("A wooden keepsake box with a 20 g jar, brass spoon and lokta paper card"),
      ).toBeVisible();
      await expect(page.getByText("Check out this amazing product!")).toHaveCount(0);
      for (const image of await page.getByTestId("product-card").getByRole("img").all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
          .toBe(true);
      }

      await open(page, "/product/prod_value_pack");
      await expect(page.getByTestId("carousel-image")).toHaveAttribute("src", /value-pack-2x20\.svg$/);
      await page.getByText("3 × 20 g", { exact: true }).click();
      await expect(page.getByTestId("carousel-image")).toHaveAttribute("src", /value-pack-3x20\.svg$/);
    });

    test("the home hero's jar is the 10 g sold for 1,200 rupees", async ({ page, request }) => {
      await open(page, "/");
      await expect(page.getByText("1,200 rupees")).toBeVisible();
      const hero = page.getByRole("img", { name: /A jar of Herbo Shilajit resin/ });
      const shown = await (await request.get((await hero.getAttribute("src")) ?? "")).text();
      // The picture carries its lettering as outlines; the drawing it is made from says what the jar holds.
      const drawing = readFileSync(new URL("../../art/hero.svg", import.meta.url), "utf8");
      expect(drawing.match(/>\d+ g</g)).toEqual([">10 g<"]);
      expect(shown).toBe(outlineSvgText(drawing));
    });

    test("sold out says so and disables Add to Cart on the product page and on the card", async ({ page }) => {
      await open(page, "/product/prod_value_pack");
      await page.getByText("3 × 20 g", { exact: true }).click();
      await expect(page.getByTestId("stock-message")).toHaveText("Sold out");
      await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

      // The cards' sold-out states are the product card's unit tests: the grid arrives rendered by the server.
    });

    test("the cards of a row are one height, with their buttons in line", async ({ page }) => {
      await open(page, "/store");
      const cards = await page.getByTestId("product-card").all();
      const rows = new Map<number, { bottom: number; button: number }[]>();
      for (const card of cards) {
        const box = await boxOf(card);
        const button = await boxOf(card.getByRole("button", { name: /^Add to Cart/ }));
        const row = rows.get(Math.round(box.y)) ?? [];
        row.push({ bottom: Math.round(box.y + box.height), button: Math.round(button.y) });
        rows.set(Math.round(box.y), row);
      }
      expect(rows.size).toBe(width === 375 ? cards.length : 2);
      for (const row of rows.values()) {
        expect(new Set(row.map((card) => card.bottom)).size).toBe(1);
        expect(new Set(row.map((card) => card.button)).size).toBe(1);
      }
    });

    test("the Nepal page's four reasons to choose fill their rows, with no card left alone", async ({ page }) => {
      await open(page, "/shilajit-nepal");
      const cards = page.locator('[aria-labelledby="why-heading"] li');
      await expect(cards).toHaveCount(4);
      const tops = await cards.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().top)),
      );
      const perRow = [...new Set(tops)].map((top) => tops.filter((candidate) => candidate === top).length);
      expect(perRow).toEqual(width === 375 ? [1, 1, 1, 1] : [4]);
    });

    test("the chat button leaves the end of the page readable", async ({ page }) => {
      await open(page, "/shilajit-in-usa");
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
      const chat = page.getByTestId("chat-button");
      await expect(chat).toBeVisible();
      const copyright = page.getByText(/^© 2025/);
      await expect(copyright).toBeInViewport();
      // The words themselves, not their line's full-width box.
      const words = await copyright.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const rect = range.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      });
      expect(overlaps(await boxOf(chat), words)).toBe(false);
    });
  });
}

test("the footer runs the © line from 2025 to the current year", async ({ page }) => {
  await open(page, "/");
  const year = Number(
    new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Asia/Kathmandu" }).format(new Date()),
  );
  await expect(page.getByText(/^© 2025/)).toHaveText(
    `© ${year > 2025 ? `2025–${year}` : "2025"} Herbo Shilajit. All rights reserved.`,
  );
});

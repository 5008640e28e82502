import type { Page } from "@playwright/test";
import { expect, open, test, visibleToast } from "./support/fixtures";

function toasts(page: Page) {
  return visibleToast(page);
}

async function addTin(page: Page) {
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
}

test("shows one toast at a time, the newest replacing the older", async ({ page }) => {
  await open(page, "/store");
  await addTin(page);
  await expect(toasts(page)).toContainText("Shilajit Travel Tin 5 g has been added");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Starter Kit" }).click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText("Shilajit Starter Kit has been added");
});

/** The page's clock time. An installed clock keeps flowing with real time between runFor calls. */
function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/** Moves the page's clock on to `time`, counting the real time that has flowed meanwhile. */
async function runUntil(page: Page, time: number): Promise<void> {
  await page.clock.runFor(Math.max(0, time - (await pageNow(page))));
}

test("dismisses a toast after 5000 ms", async ({ page }) => {
  await page.clock.install();
  await open(page, "/store");
  // The toast's 5 s start between these two moments; on a slow machine they can be far apart.
  const beforeClick = await pageNow(page);
  await addTin(page);
  const afterClick = await pageNow(page);
  await expect(toasts(page)).toHaveCount(1);
  await runUntil(page, beforeClick + 4_800);
  await expect(toasts(page)).toHaveCount(1);
  await runUntil(page, afterClick + 5_200);
  await expect(toasts(page)).toHaveCount(0);
});

test("keeps a toast while it is hovered", async ({ page }) => {
  await page.clock.install();
  await open(page, "/store");
  await addTin(page);
  await toasts(page).hover();
  await page.clock.runFor(8_000);
  await expect(toasts(page)).toHaveCount(1);
  await page.mouse.move(5, 700);
  await page.clock.runFor(5_200);
  await expect(toasts(page)).toHaveCount(0);
});

test("F8 focuses the toasts and Escape closes the one shown", async ({ page }) => {
  await open(page, "/store");
  await addTin(page);
  await expect(toasts(page)).toHaveCount(1);
  await page.keyboard.press("F8");
  const focusedInside = await page.evaluate(
    () => document.activeElement?.closest('[role="region"]')?.getAttribute("aria-label") ?? "",
  );
  expect(focusedInside).toMatch(/Notifications/);
  await page.keyboard.press("Escape");
  await expect(toasts(page)).toHaveCount(0);
});

async function swipe(page: Page, distance: number) {
  // The toast slides in from the right: its box is where the pointer lands only once the slide has ended. On a
  // loaded machine the box read mid-slide put the pointer beside the toast, and the swipe never began.
  await toasts(page).evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)));
  const box = await toasts(page).boundingBox();
  if (box === null) throw new Error("No toast to swipe");
  const y = box.y + box.height / 2;
  const x = box.x + 30;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + (distance * step) / 10, y);
  await page.mouse.up();
}

test("a short swipe right leaves the toast, a swipe of more than 50 px dismisses it", async ({ page }) => {
  await open(page, "/store");
  await addTin(page);
  await swipe(page, 30);
  // The toast marks a swipe let go short of the threshold as cancelled: from then on it stays.
  await expect(toasts(page)).toHaveAttribute("data-swipe", "cancel");
  await expect(toasts(page)).toHaveCount(1);
  await swipe(page, 80);
  await expect(toasts(page)).toHaveCount(0);
});

test("the toast area is at most 420 px wide from medium screens and full width on phones", async ({ page }) => {
  await open(page, "/store");
  await addTin(page);
  const region = page.getByRole("region", { name: /Notifications/ }).locator("ol");
  expect((await region.boundingBox())?.width).toBeLessThanOrEqual(420);
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await region.boundingBox())?.width).toBe(375);
});

test("the toast's 🛒 is drawn by the shop's one-glyph emoji font, fetched only once a toast shows it", async ({
  page,
}) => {
  const cartFace = () =>
    page.evaluate(() => [...document.fonts].find((face) => face.family.replace(/"/g, "") === "Cart Emoji")?.status);
  await open(page, "/store");
  // Declared with the page's styles, but not fetched: nothing on the page shows the character yet.
  expect(await cartFace()).toBe("unloaded");
  await addTin(page);
  // The title keeps its emoji as text, so it is read out as well as drawn.
  await expect(toasts(page)).toContainText("Added to Cart! 🛒");
  await expect.poll(cartFace).toBe("loaded");
  // Drawn in that face the glyph has colour ink; where a face lacks it, the browser draws a grey box or nothing.
  const colouredPixels = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext("2d");
    if (context === null) return 0;
    context.font = '48px "Cart Emoji"';
    context.textBaseline = "top";
    context.fillStyle = "#000";
    context.fillText("\u{1F6D2}", 4, 4);
    const pixels = context.getImageData(0, 0, 64, 64).data;
    let coloured = 0;
    for (let index = 0; index < pixels.length; index += 4) {
      const [red = 0, green = 0, blue = 0, alpha = 0] = pixels.subarray(index, index + 4);
      if (alpha > 0 && Math.max(red, green, blue) - Math.min(red, green, blue) > 40) coloured += 1;
    }
    return coloured;
  });
  expect(colouredPixels).toBeGreaterThan(50);
});

import { e2eSettings } from "./settings.mjs";
import { expect, hydratedByReact, open, test } from "./support/fixtures";

test("the header links home, store and blog, and badges the cart only above zero", async ({ page }) => {
  await open(page, "/store");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Home", "Store", "Blog"]);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  const badge = page.getByTestId("cart-badge");
  await expect(badge).toHaveText("2");
  expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(220, 38, 38)");
  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.getByRole("link", { name: "Herbo Shilajit home" }).click();
  await expect(page).toHaveURL(`${e2eSettings.webUrl}/`);
});

test("the header turns translucent with blur and shadow once scrolled past 10 px", async ({ page }) => {
  await open(page, "/");
  const header = page.locator("header").first();
  await page.evaluate(() => window.scrollTo({ top: 8, behavior: "instant" }));
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo({ top: 11, behavior: "instant" }));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect.poll(() => header.evaluate((element) => getComputedStyle(element).backdropFilter)).toContain("blur");
  expect(await header.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu slides in from the right over the whole screen; links and Close close it", async ({ page }) => {
    await open(page, "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((element) => getComputedStyle(element).animationName)).toBe("slide-in-right");
    expect(await menu.evaluate((element) => getComputedStyle(element).animationDuration)).toBe("0.4s");
    await expect.poll(() => menu.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
    await menu.getByRole("link", { name: "Store" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/store$/);

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });

  test("View Cart closes the menu and opens the cart", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "View Cart" }).click();
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
  });
});

test("the green chat button appears after 1 s at the bottom right and opens the chat in a new tab", async ({
  page,
}) => {
  await open(page, "/");
  const chat = page.getByRole("link", { name: "Chat with us (opens in a new tab)" });
  expect(await chat.evaluate((element) => getComputedStyle(element).animationDelay)).toBe("1s");
  await expect(chat).toBeVisible();
  await expect(chat).toHaveAttribute("href", `https://wa.me/${e2eSettings.chatPhone}`);
  await expect(chat).toHaveAttribute("target", "_blank");
  await expect(chat).toHaveAttribute("rel", /noopener/);
  expect(await chat.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(28, 138, 74)");
  const box = await chat.boundingBox();
  const viewport = page.viewportSize();
  expect(box !== null && viewport !== null && box.x + box.width > viewport.width - 40).toBe(true);
  expect(box !== null && viewport !== null && box.y + box.height > viewport.height - 40).toBe(true);
});

test("the footer lists service areas, social links, contact, the trust list and © 2025", async ({ page }) => {
  await open(page, "/");
  const footer = page.locator("footer");
  const areas = footer.getByRole("navigation", { name: "Service Areas" }).getByRole("link");
  await expect(areas).toHaveCount(6);
  const hrefs = await areas.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual([
    "/shilajit-nepal",
    "/shilajit-in-usa",
    "/shilajit-in-india",
    "/shilajit-in-uk",
    "/shilajit-in-canada",
    "/shilajit-in-uae",
  ]);
  await expect(footer.getByRole("link", { name: /Facebook/ })).toHaveAttribute("href", /facebook\.com/);
  await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", /instagram\.com/);
  for (const claim of [
    "ISO and GMP certified",
    "International shipping",
    "Lab-tested for purity",
    "100% satisfaction guaranteed",
  ]) {
    await expect(footer.getByText(claim, { exact: true })).toBeVisible();
  }
  await expect(footer.getByText(/© 2025/)).toBeVisible();
});

test("the footer keeps the server's drawing instead of hydrating, and its links still move within the app", async ({
  page,
}) => {
  await open(page, "/product/prod_himalayan_resin");
  const footer = page.locator("footer");
  // The header's links are hydrated, the footer's are not.
  expect(await hydratedByReact(page, "header a")).toBe(true);
  expect(await hydratedByReact(page, "footer a[data-discover]")).toBe(false);
  // A page loaded afresh would lose this; a move within the app keeps it.
  await page.evaluate(() => Object.assign(window, { samePageLoad: true }));
  const selector = footer.getByRole("navigation", { name: "Country and currency" });
  await selector.getByRole("link", { name: "United States (USD)" }).click();
  await expect(page).toHaveURL(/\/us\/product\/prod_himalayan_resin$/);
  await expect(page.getByRole("main").getByText("$29.99").first()).toBeVisible();
  // Drawn by React from now on, for the new page: its own market is the current one.
  await expect(selector.getByRole("link", { name: "United States (USD)" })).toHaveAttribute("aria-current", "true");
  await expect(selector.getByRole("link", { name: "Nepal (NPR)" })).toHaveAttribute(
    "href",
    "/product/prod_himalayan_resin",
  );
  expect(await hydratedByReact(page, "footer a[data-discover]")).toBe(true);
  await footer.getByRole("link", { name: "Shilajit in Nepal" }).click();
  await expect(page).toHaveURL(/\/shilajit-nepal$/);
  expect(await page.evaluate(() => "samePageLoad" in window)).toBe(true);
  // Links that leave the app stay the browser's: a new tab for the social pages.
  await expect(footer.getByRole("link", { name: /Facebook/ })).toHaveAttribute("target", "_blank");
});

test("a footer link opened with a modifier key is left to the browser", async ({ page, context }) => {
  await open(page, "/store");
  const opened = context.waitForEvent("page");
  await page
    .locator("footer")
    .getByRole("link", { name: "Shilajit in Nepal" })
    .click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/shilajit-nepal$/);
  await expect(page).toHaveURL(/\/store$/);
});

test("every route change starts at the top of the page", async ({ page }) => {
  await open(page, "/blog");
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
  await page.locator("footer").getByRole("link", { name: "Shilajit in Nepal" }).click();
  await expect(page).toHaveURL(/\/shilajit-nepal$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("Order Now on the home page scrolls to the products, and the hero shows the fixed price and rating", async ({
  page,
}) => {
  await open(page, "/");
  await expect(page.getByText("1,200 rupees")).toBeVisible();
  await expect(page.getByText(/4\.9\/5\s*from 500\+ reviews/)).toBeVisible();
  await expect(page.getByTestId("benefits").locator("li")).toHaveCount(10);
  await page.getByRole("link", { name: "Order Now" }).click();
  await expect(page.getByRole("heading", { name: "Our Products" })).toBeInViewport();
  await page.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/store$/);
});

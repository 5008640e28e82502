import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, open, test } from "./support/fixtures";

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Every line box of the footer's text, in viewport coordinates, with the text it holds. */
async function footerTextLines(page: Page): Promise<(Box & { text: string })[]> {
  return page.locator("footer").evaluate((footer) => {
    const lines: (Box & { text: string })[] = [];
    const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      if (text === "") continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && rect.height > 0) {
          lines.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom, text });
        }
      }
    }
    return lines;
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

// Phones upright and on their side: the button is fixed at the bottom right over the footer's last rows.
for (const viewport of [
  { width: 375, height: 667 },
  { width: 667, height: 375 },
  { width: 844, height: 390 },
  { width: 915, height: 412 },
]) {
  test.describe(`on a phone at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const [name, path] of [
      ["home", "/"],
      ["product", "/product/prod_himalayan_resin"],
    ] as const) {
      test(`the chat button leaves the footer's last lines readable at the bottom of the ${name} page`, async ({
        page,
      }) => {
        await open(page, path);
        const chat = page.getByRole("link", { name: "Chat with us (opens in a new tab)" });
        await expect(chat).toBeVisible();
        await chat.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect
          .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight)))
          .toBeGreaterThanOrEqual(await page.evaluate(() => document.documentElement.scrollHeight));
        const button = await chat.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        });
        const lines = await footerTextLines(page);
        expect(lines.at(-1)?.text).toContain("All rights reserved.");
        expect(lines.filter((line) => overlaps(line, button)).map((line) => line.text)).toEqual([]);
        mkdirSync("/tmp/shots", { recursive: true });
        if (viewport.width === 375) await page.screenshot({ path: `/tmp/shots/item6-chat-button-${name}.png` });
      });
    }
  });
}

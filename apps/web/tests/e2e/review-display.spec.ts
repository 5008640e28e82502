import type { IncomingMessage, ServerResponse } from "node:http";
import { e2eSettings } from "./settings.mjs";
import { expectNoAxeViolations } from "./support/accessibility";
import { expect, failedResource, open, test } from "./support/fixtures";
import { startFakeStoreApi, startWebServer, type RunningServer } from "./support/servers";

/**
 * How the shop shows many reviews and the measured rating, which the test store cannot hold without dozens of
 * delivered orders: a stand-in store API answers as the real one does (it hands every call on to it), adding
 * published reviews to the resin jar's answers and the owner's rating choice to the shipping answer. The journey
 * of one review, from the buyer's link to the product page, is reviews.spec.ts.
 */
const productId = "prod_himalayan_resin";
const unbroken = "Supercalifragilisticexpialidocious".repeat(20);

function wireReview(index: number) {
  return {
    id: `rev_${index}`,
    rating: (index % 5) + 1,
    title: index === 1 ? `Lasts a long time ${unbroken}`.slice(0, 100) : `Review ${index}`,
    body:
      index === 1
        ? `A pea-sized amount in warm water. ${unbroken}\n\nThe jar lasts me a month.`
        : `Good resin (${index}).\n\nIt dissolves slowly.`,
    display_name: `Buyer ${index}`,
    market: ["us", "np", "uk", "in", "ca", "ae"][index % 6],
    created_at: "2026-11-02T08:00:00Z",
    reply: index === 1 ? "Thank you for taking the time to write." : null,
    replied_at: index === 1 ? "2026-11-04T09:00:00Z" : null,
  };
}

/** Twelve published reviews, five to a page, newest first; a page past the last has none. */
function reviewPage(page: number) {
  const first = (page - 1) * 5 + 1;
  const indexes = Array.from({ length: 5 }, (_, offset) => first + offset).filter((index) => index <= 12);
  return { count: 12, average_rating: 4.5, page, page_count: 3, reviews: indexes.map(wireReview) };
}

interface StoreSetting {
  rating: unknown;
  /** The reviews call fails with a 500. */
  reviewsFail: boolean;
}

/** Hands a call on to the test store API and answers with its JSON, changed by `change`. */
async function relay(
  request: IncomingMessage,
  response: ServerResponse,
  change: (body: Record<string, unknown>) => unknown = (body) => body,
): Promise<void> {
  const answer = await fetch(`${e2eSettings.apiUrl}${request.url ?? "/"}`);
  const body = (await answer.json()) as Record<string, unknown>;
  response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(change(body)));
}

// Cards rise into view on scroll; with reduced motion they are all shown, so axe checks every one as it is.
test.use({ reducedMotion: "reduce" });

test.describe("many reviews and the measured rating", () => {
  const setting: StoreSetting = { rating: { shown: "measured", count: 12, average_rating: 4.5 }, reviewsFail: false };
  let fake: RunningServer;
  let shop: RunningServer;

  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    fake = await startFakeStoreApi((request, response) => {
      const url = new URL(request.url ?? "/", "http://fake");
      if (url.pathname.endsWith(`/products/${productId}/reviews`)) {
        if (setting.reviewsFail) {
          response.writeHead(500, { "content-type": "application/json" }).end('{"error":{"code":"internal_error"}}');
          return;
        }
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(reviewPage(Number(url.searchParams.get("page")))));
        return;
      }
      if (url.pathname.endsWith(`/products/${productId}`)) {
        void relay(request, response, (body) => ({
          ...body,
          product: { ...(body.product as Record<string, unknown>), reviews: reviewPage(1) },
        }));
        return;
      }
      if (url.pathname.endsWith("/shipping-rates")) {
        void relay(request, response, (body) => ({ ...body, rating: setting.rating }));
        return;
      }
      void relay(request, response);
    });
    shop = await startWebServer(fake.url);
  });
  test.afterAll(async () => {
    await shop.stop();
    await fake.stop();
  });
  test.beforeEach(() => {
    setting.rating = { shown: "measured", count: 12, average_rating: 4.5 };
    setting.reviewsFail = false;
  });

  test("the product page shows the rating and a page of verified reviews, at a phone's and a desktop's width", async ({
    page,
  }) => {
    await open(page, `${shop.url}/us/product/${productId}`);
    const reviews = page.locator("#reviews");
    await expect(reviews.getByRole("heading", { name: "Reviews", level: 2 })).toBeVisible();
    await expect(reviews.getByTestId("reviews-summary")).toHaveText("4.5 out of 5 · 12 reviews");
    await expect(reviews.getByTestId("review")).toHaveCount(5);
    const first = reviews.getByTestId("review").first();
    await expect(first.getByRole("img", { name: "Rated 2 out of 5" })).toBeVisible();
    await expect(first).toContainText("Buyer 1");
    await expect(first).toContainText("Verified buyer");
    // Its market's name: the first review was bought in Nepal.
    await expect(first.getByTestId("review-market")).toHaveText("Nepal");
    await expect(first).toContainText("2 November 2026");
    await expect(first.getByRole("heading", { name: "Reply from Herbo Shilajit" })).toBeVisible();
    await expect(reviews.getByRole("link", { name: "How we collect and moderate reviews" })).toHaveAttribute(
      "href",
      "/review-policy",
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // The first review's title and text hold a 680-letter word: it wraps instead of widening the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width} px`).toBe(
        true,
      );
      await expectNoAxeViolations(page, `the reviews at ${width} px`);
    }
  });

  test("the reviews page with plain links, without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/us/product/${productId}`);
    const reviews = page.locator("#reviews");
    await expect(reviews.getByRole("link", { name: "Newer reviews" })).toHaveCount(0);
    await reviews.getByRole("link", { name: "Older reviews" }).click();
    await expect(page).toHaveURL(`${shop.url}/us/product/${productId}?reviews=2#reviews`);
    await expect(reviews.getByTestId("review").first()).toContainText("Buyer 6");
    await expect(reviews).toContainText("Page 2 of 3");
    await reviews.getByRole("link", { name: "Older reviews" }).click();
    await expect(page).toHaveURL(/\?reviews=3#reviews$/);
    await expect(reviews.getByTestId("review")).toHaveCount(2);
    await expect(reviews.getByRole("link", { name: "Older reviews" })).toHaveCount(0);
    await reviews.getByRole("link", { name: "Newer reviews" }).click();
    await expect(page).toHaveURL(/\?reviews=2#reviews$/);
    await reviews.getByRole("link", { name: "Newer reviews" }).click();
    await expect(page).toHaveURL(`${shop.url}/us/product/${productId}#reviews`);
    await context.close();
  });

  test("the structured data rates the product and lists the reviews the page shows", async ({ request }) => {
    const html = await (await request.get(`${shop.url}/product/${productId}?reviews=2`)).text();
    const group = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map(([, json]) => JSON.parse(json ?? "{}") as Record<string, unknown>)
      .find((data) => data["@type"] === "ProductGroup");
    expect(group?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: "5",
      worstRating: "1",
    });
    expect((group?.review as { author: { name: string } }[]).map((review) => review.author.name)).toEqual([
      "Buyer 6",
      "Buyer 7",
      "Buyer 8",
      "Buyer 9",
      "Buyer 10",
    ]);
  });

  test.describe("when the reviews call fails", () => {
    test.use({ allowConsoleErrors: failedResource });

    test("a later page shows the newest reviews and says so; the rest of the page is intact", async ({ page }) => {
      setting.reviewsFail = true;
      // Pages are cached for a second: this address was rendered by the test before.
      await page.waitForTimeout(1_100);
      const response = await page.goto(`${shop.url}/product/${productId}?reviews=2`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toContain("no-store");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
      await expect(page.getByTestId("reviews-notice")).toHaveText(
        "Reviews could not be loaded. The newest reviews are shown instead.",
      );
      await expect(page.locator("#reviews").getByTestId("review").first()).toContainText("Buyer 1");
    });
  });

  test("the home and landing pages state the measured rating, and the landing page shows it with a link to the reviews", async ({
    page,
  }) => {
    await open(page, `${shop.url}/us`);
    await expect(page.getByTestId("hero-rating")).toHaveText("4.5/5 from 12 reviews");
    await expect(page.locator("#about")).toContainText("verified buyers rate us 4.5/5 from 12 reviews.");
    await expect(page.locator("#about")).not.toContainText("500");

    await open(page, `${shop.url}/shilajit-in-usa`);
    await expect(page.getByTestId("measured-rating")).toHaveText(
      "Verified buyers rate us 4.5/5 from 12 reviews. Read the reviews",
    );
    await expect(page.getByRole("link", { name: "Read the reviews" })).toHaveAttribute(
      "href",
      `/us/product/${productId}#reviews`,
    );
    const html = await page.content();
    expect(html).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.5"');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `the USA page with the measured rating at ${width} px`);
    }
    await page.getByRole("link", { name: "Read the reviews" }).click();
    await expect(page).toHaveURL(`${shop.url}/us/product/${productId}#reviews`);
    await expect(page.getByTestId("reviews-summary")).toBeInViewport();
  });

  test("with the measured rating and no review yet, no page states a rating", async ({ page, request }) => {
    setting.rating = { shown: "measured", count: 0, average_rating: null };
    // The web server reuses the shipping answer for a second.
    await page.waitForTimeout(1_100);
    await open(page, `${shop.url}/`);
    await expect(page.getByTestId("hero-rating")).toHaveCount(0);
    await expect(page.locator("#about")).toContainText("Every order is backed by our 100% satisfaction guarantee.");
    await expect(page.locator("#about")).not.toContainText("rate us");
    for (const path of ["/shilajit-nepal", "/shilajit-in-india"]) {
      const html = await (await request.get(`${shop.url}${path}`)).text();
      expect(html, path).not.toContain("aggregateRating");
      expect(html, path).not.toContain("4.9/5");
      expect(html, path).not.toContain('data-testid="measured-rating"');
    }
  });

  test("the fixed rating stays as it always was when the owner has not chosen the measured one", async ({ page }) => {
    setting.rating = { shown: "fixed", count: 12, average_rating: 4.5 };
    await page.waitForTimeout(1_100);
    await open(page, `${shop.url}/`);
    await expect(page.getByTestId("hero-rating")).toHaveText("4.9/5 from 500+ reviews");
    await expect(page.locator("#about")).toContainText("customers rate us 4.9/5 from more than 500 reviews.");
    await open(page, `${shop.url}/shilajit-nepal`);
    await expect(page.getByTestId("measured-rating")).toHaveCount(0);
    await expect(
      page.getByText("Rated 4.9/5 from 500+ reviews and backed by our 100% satisfaction guarantee."),
    ).toBeVisible();
  });
});

test("the review policy is a help page linked from the footer, readable at a phone's and a desktop's width", async ({
  page,
}) => {
  await open(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Review Policy" }).click();
  await expect(page).toHaveURL(/\/review-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review Policy");
  await expect(page.getByRole("heading", { name: "How we moderate reviews" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Contact us" })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, `the review policy at ${width} px`);
  }
});

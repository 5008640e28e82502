import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import type { AdminReviewList } from "@herbo/hosted-api/admin";
import { expectNoAxeViolations } from "./support/accessibility";
import { ownerApi, placeOrderDirectly, signInToBackOffice } from "./support/back-office";
import { nepalShopper } from "./support/checkout";
import { expect, failedResource, open, test } from "./support/fixtures";
import { emailsTo, readable } from "./support/outbox";
import { schemaOrgVocabulary } from "./support/schema-vocabulary";

/**
 * A verified review from start to end: an order is delivered, its buyer's review request arrives (the test
 * store API asks at the sweeper's next pass, every 30 s), the buyer reviews through its link, the owner is
 * told and publishes it in the back office, and the product page shows it with its structured data. Forged,
 * other-product and reused links change nothing. The Travel Tin is used: its stock is not counted, so no
 * other test notices the order.
 */
const productId = "prod_travel_tin";

// The forged links' pages answer 404, and the browser says so in the console.
test.use({ allowConsoleErrors: failedResource, reducedMotion: "reduce" });
const title = "Easy to carry <b>everywhere</b>";
const body = 'A pea-sized piece in warm water each morning. <script>alert("x")</script>\n\nThe tin travels well.';

async function reviewsOfProduct(): Promise<number> {
  const owner = await ownerApi();
  let count = 0;
  for (const status of ["pending", "published", "hidden"]) {
    const list = (await (await owner(`/reviews?status=${status}`)).json()) as AdminReviewList;
    count += list.reviews.filter((review) => review.productId === productId).length;
  }
  return count;
}

test("a delivered order's buyer reviews through the emailed link; the owner publishes it; the product page shows it, verified, in its structured data", async ({
  page,
}) => {
  test.slow();
  const shopper = nepalShopper();
  const number = await placeOrderDirectly(shopper, { payment: "sandbox" });
  const owner = await ownerApi();
  for (const action of [
    { action: "pack" },
    { action: "ship", carrier: "Nepal Post", trackingNumber: "RR123456785NP" },
    { action: "deliver" },
  ]) {
    expect((await owner(`/orders/${number}/actions`, { method: "POST", body: action })).status).toBe(200);
  }

  const request = () => emailsTo(shopper.email).map(readable).find((email) => email.includes("Review Shilajit"));
  await expect.poll(() => request() !== undefined, { timeout: 60_000 }).toBe(true);
  const link = /Review Shilajit Travel Tin 5 g: (https?:\/\/\S+)/.exec(request() ?? "")?.[1] ?? "";
  expect(link).toMatch(/\/reviews\/write\/prod_travel_tin\/[\w-]{22}\.[\w-]{43}$/);

  // A changed key, another product's address for the same key, and a made-up link find nothing.
  const url = new URL(link);
  const token = url.pathname.split("/").at(-1) ?? "";
  const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  for (const forged of [
    `${url.origin}/reviews/write/${productId}/${flipped}`,
    `${url.origin}/reviews/write/prod_gift_box/${token}`,
    `${url.origin}/reviews/write/${productId}/made-up`,
  ]) {
    await page.goto(forged);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link not found");
  }
  expect(await reviewsOfProduct()).toBe(0);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review Shilajit Travel Tin 5 g");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `the review form at ${width} px`);
  }
  // Sent without a rating: the form comes back with the problem and what was typed.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your review").fill(body);
  await page.getByLabel("Name to show").fill("Asha G.");
  // The browser's own check would stop the form first; the server's is what counts.
  await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Choose a rating from 1 to 5 stars.");
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expectNoAxeViolations(page, "the review form with its problem");
  await page.getByLabel("4 stars: good").check();
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your review");

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review already received");
  expect(await reviewsOfProduct()).toBe(1);

  // The owner is told, with the buyer's words as text.
  const notice = () =>
    emailsTo("owner@herbo.test")
      .map(readable)
      .find((email) => email.includes("New review of Shilajit Travel Tin 5 g") && email.includes("Asha G."));
  await expect.poll(() => notice() !== undefined, { timeout: 20_000 }).toBe(true);
  // The plain-text part shows the words as written; the HTML part escapes them.
  const htmlPart = notice()?.split("Content-Type: text/html")[1] ?? "";
  expect(htmlPart).toContain("&lt;script&gt;alert(");
  expect(htmlPart).not.toContain("<script>alert(");

  // Not on the shop before the owner publishes it.
  await open(page, `/product/${productId}`);
  await expect(page.getByText(title)).toHaveCount(0);

  await signInToBackOffice(page, "/reviews");
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('<script>alert("x")</script>');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `the back office's reviews at ${width} px`);
  }
  await card.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The review shows on its product page now.")).toBeVisible();

  // Pages are cached for a second: a reload after that shows the review.
  await expect(async () => {
    await open(page, `/product/${productId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const reviews = page.locator("#reviews");
  await expect(reviews).toContainText("Verified buyer");
  await expect(reviews).toContainText("Nepal");
  await expect(reviews).toContainText("Asha G.");
  await expect(reviews).toContainText('<script>alert("x")</script>');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `the product page with a review at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  const html = await page.content();
  const product = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>)
    .find((data) => data["@type"] === "Product" || data["@type"] === "ProductGroup");
  expect(product?.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4, reviewCount: 1 });
  expect(product?.review).toEqual([
    expect.objectContaining({
      "@type": "Review",
      name: title,
      reviewBody: body,
      author: { "@type": "Person", name: "Asha G." },
    }),
  ]);
  // The script tag in the review cannot end the structured data's own script.
  expect(html).not.toContain('<script>alert("x")</script>');
  const validator = new Validator(schemaOrgVocabulary());
  const data = new WebAutoExtractor({ addLocation: true }).parse(html);
  const errors = (await validator.validate(data)).filter((issue) => issue.severity === "ERROR");
  expect(errors).toEqual([]);

  await page.getByRole("link", { name: "How we collect and moderate reviews" }).click();
  await expect(page).toHaveURL(/\/review-policy$/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `the review policy at ${width} px`);
  }
});

import type { Page } from "@playwright/test";
import { e2eSettings } from "./settings.mjs";
import { expect, failedResource, hydratedByReact, open, test } from "./support/fixtures";

const site = e2eSettings.webUrl;
const countries = [
  { slug: "usa", name: "USA", code: "US", currency: "USD", price: "29.99", home: "/us" },
  { slug: "india", name: "India", code: "IN", currency: "INR", price: "1499", home: "/in" },
  { slug: "uk", name: "UK", code: "GB", currency: "GBP", price: "24.99", home: "/uk" },
  { slug: "canada", name: "Canada", code: "CA", currency: "CAD", price: "39.99", home: "/ca" },
  { slug: "uae", name: "UAE", code: "AE", currency: "AED", price: "110", home: "/ae" },
];
/** Offers stay valid to the end of the current year on the shop's calendar. */
const endOfThisYear = `${new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Asia/Kathmandu" }).format(new Date())}-12-31`;

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

async function blogSlugs(page: Page): Promise<string[]> {
  await page.goto("/blog");
  return page
    .locator("main h2 a")
    .evaluateAll((links) => links.map((link) => (link.getAttribute("href") ?? "").replace("/blog/", "")));
}

test.describe("what crawlers and social scrapers read, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("every indexable page has its own short title, description, canonical and social tags", async ({ page }) => {
    const slugs = await blogSlugs(page);
    expect(slugs.length).toBeGreaterThanOrEqual(20);
    const paths = [
      "/",
      "/store",
      "/blog",
      ...slugs.map((slug) => `/blog/${slug}`),
      "/shilajit-nepal",
      ...countries.map((c) => `/shilajit-in-${c.slug}`),
      "/product/prod_himalayan_resin",
      "/product/prod_gift_box",
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // Every tag read at once: tens of pages with a dozen tags each must fit in one test's time.
      const head = await page.evaluate(() => {
        const tags: Record<string, string> = {};
        for (const meta of document.head.querySelectorAll("meta[name], meta[property]"))
          tags[meta.getAttribute("name") ?? meta.getAttribute("property") ?? ""] = meta.getAttribute("content") ?? "";
        return {
          tags,
          title: document.title,
          canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
          headings: [...document.querySelectorAll("h1")].map((heading) => heading.textContent ?? ""),
        };
      });
      const { tags, title } = head;
      const description = tags.description ?? "";
      const url = path === "/" ? `${site}/` : `${site}${path}`;
      expect(title.length, path).toBeGreaterThan(10);
      expect(title.length, path).toBeLessThanOrEqual(60);
      expect(description.length, path).toBeGreaterThan(50);
      expect(description.length, path).toBeLessThanOrEqual(160);
      titles.add(title);
      descriptions.add(description);
      expect(head.canonical, path).toBe(url);
      expect(head.headings, path).toHaveLength(1);
      // The full headline, which a short <title> may abbreviate, is the social cards' title.
      expect([title, head.headings[0]], path).toContain(tags["og:title"]);
      expect(tags["og:image"], path).toMatch(/^http.*\.png$/);
      expect(tags, path).toMatchObject({
        "og:locale": "en_US",
        "og:description": description,
        "og:url": url,
        "og:image:width": "1200",
        "og:image:height": "630",
        "twitter:card": "summary_large_image",
        "twitter:title": tags["og:title"],
        "twitter:description": description,
        "twitter:image": tags["og:image"],
      });
    }
    expect(titles.size).toBe(paths.length);
    expect(descriptions.size).toBe(paths.length);
  });

  test("articles carry BlogPosting data and Open Graph article tags", async ({ page }) => {
    await page.goto("/blog/how-to-identify-fake-shilajit-online-buyers-guide");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute("content", /^2025-08-\d\d$/);
    const [posting] = await jsonLd(page);
    expect(posting).toMatchObject({
      "@type": "BlogPosting",
      author: { name: "Herbo Shilajit Team" },
      mainEntityOfPage: { "@id": `${site}/blog/how-to-identify-fake-shilajit-online-buyers-guide` },
    });
    await expect(page.getByRole("heading", { name: "Ready to experience the benefits?" })).toBeVisible();
    await expect(page.getByText(/^By Herbo Shilajit Team$|By Herbo Shilajit Team/)).toBeVisible();
  });

  test("the home page names the shop and the site; product and article pages carry their breadcrumbs", async ({
    page,
  }) => {
    await page.goto("/");
    const home = await jsonLd(page);
    expect(home).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ "@type": "Organization", name: "Herbo Shilajit", url: `${site}/` }),
        expect.objectContaining({ "@type": "WebSite", name: "Herbo Shilajit", url: `${site}/` }),
      ]),
    );
    const trails = [
      ["/product/prod_gift_box", ["Home", "Store", "Himalayan Gift Box"]],
      ["/blog/how-to-identify-fake-shilajit-online-buyers-guide", ["Home", "Blog"]],
    ] as const;
    for (const [path, names] of trails) {
      await page.goto(path);
      const trail = (await jsonLd(page)).find((block) => block["@type"] === "BreadcrumbList") as
        { itemListElement: { position: number; name: string; item: string }[] } | undefined;
      expect(trail?.itemListElement.map((crumb) => crumb.name).slice(0, names.length), path).toEqual(names);
      expect(trail?.itemListElement.at(-1)?.item, path).toBe(`${site}${path}`);
      expect(
        trail?.itemListElement.map((crumb) => crumb.position),
        path,
      ).toEqual([1, 2, 3]);
    }
  });

  test("a product page shares its own 1200×630 picture card and offers shipping and returns", async ({
    page,
    request,
  }) => {
    await page.goto("/product/prod_gift_box");
    const image = (await page.locator('meta[property="og:image"]').getAttribute("content")) ?? "";
    expect(image).toBe(`${e2eSettings.apiUrl}/images/cards/gift-box.png`);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image);
    const card = await request.get(image);
    expect(card.headers()["content-type"]).toBe("image/png");
    const bytes = await card.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    const product = (await jsonLd(page)).find((block) => block["@type"] === "Product");
    expect(product).toMatchObject({
      image: [image, `${e2eSettings.apiUrl}/images/gift-box.svg`],
      offers: {
        priceValidUntil: endOfThisYear,
        hasMerchantReturnPolicy: { merchantReturnDays: 30 },
      },
    });
    const destinations = (
      product?.offers as { shippingDetails: { shippingDestination: { addressCountry: string } }[] }
    ).shippingDetails.map((details) => details.shippingDestination.addressCountry);
    // Nepal's page is priced in rupees: its offer ships to Nepal, the destination rated in rupees.
    expect(destinations).toEqual(["NP"]);
  });

  test("the order success page has its social tags too, and stays out of search", async ({ page }) => {
    await page.goto("/success");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", /Thank You/);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", /\.png$/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  for (const country of countries) {
    test(`/shilajit-in-${country.slug} has product data for ${country.name}`, async ({ page }) => {
      await page.goto(`/shilajit-in-${country.slug}`);
      const products = (await jsonLd(page)).filter((block) => block["@type"] === "Product");
      expect(products).toHaveLength(1);
      expect(products[0]).toMatchObject({
        sku: `HERBO-SHILAJIT-${country.slug.toUpperCase()}`,
        brand: { name: "Herbo Shilajit" },
        aggregateRating: { ratingValue: "4.9", reviewCount: "500" },
        offers: {
          url: `${site}/shilajit-in-${country.slug}`,
          priceCurrency: country.currency,
          price: country.price,
          priceValidUntil: endOfThisYear,
          shippingDetails: {
            // The rate is in the country's market currency, like the offer.
            shippingRate: { currency: country.currency, value: expect.stringMatching(/^\d+\.\d\d$/) },
            shippingDestination: { addressCountry: country.code },
            deliveryTime: { handlingTime: { unitCode: "DAY" }, transitTime: { unitCode: "DAY" } },
          },
          hasMerchantReturnPolicy: {
            merchantReturnDays: 30,
            applicableCountry: expect.arrayContaining([country.code]),
          },
        },
      });
      // The landing pages name each other as language alternates, with Nepal as the default.
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
      expect(alternates).toHaveLength(7);
      expect(alternates).toContainEqual(["x-default", `${site}/shilajit-nepal`]);
      expect(alternates.map(([, href]) => href)).toContain(`${site}/shilajit-in-${country.slug}`);
      await expect(page.getByText(`Why Choose Herbo Shilajit in ${country.name}?`)).toBeVisible();
      await expect(page.getByText(`Real Testimonials from ${country.name}`)).toBeVisible();
      await expect(page.getByText("Key Benefits for You")).toBeVisible();
      await expect(page.locator("#order-now")).toContainText("Premium Quality | Fast Delivery | Secure Checkout");
      // The fixed promise comes with the country's real figure, from the store's rate as checkout counts it.
      await expect(page.locator("#order-now").getByTestId("delivery-time")).toHaveText(
        /^Delivered in \d+–\d+ business days$/,
      );
      // The button leads to the country's market home (docs/storefront.md#country-pages), not "/".
      await expect(
        page.locator("#order-now").getByRole("link", { name: "Order Now on Our Main Website" }),
      ).toHaveAttribute("href", country.home);
      await expect(page.getByTestId("stars")).toHaveCount(3);
    });
  }

  test("the Nepal page has NPR 1200 product data and FAQ data matching the visible questions", async ({ page }) => {
    await page.goto("/shilajit-nepal");
    const blocks = await jsonLd(page);
    expect(blocks.find((block) => block["@type"] === "Product")).toMatchObject({
      aggregateRating: { reviewCount: "150" },
      offers: {
        priceCurrency: "NPR",
        price: "1200",
        priceValidUntil: endOfThisYear,
        shippingDetails: {
          shippingRate: { value: "0.00", currency: "NPR" },
          shippingDestination: { addressCountry: "NP" },
          deliveryTime: { transitTime: { unitCode: "DAY" } },
        },
        hasMerchantReturnPolicy: { merchantReturnDays: 30 },
      },
    });
    const faq = blocks.find((block) => block["@type"] === "FAQPage") as { mainEntity: { name: string }[] } | undefined;
    const visible = await page.locator("main h3 button").allTextContents();
    expect(faq?.mainEntity.map((question) => question.name)).toEqual(visible.map((text) => text.trim()));
    expect(visible).toHaveLength(3);
    await expect(page.getByRole("link", { name: "Order Now on Our Main Website" })).toHaveAttribute("href", "/");
  });

  test("the sitemap lists every public page as valid XML, and robots.txt points at it", async ({ page, request }) => {
    const slugs = await blogSlugs(page);
    const response = await request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    const locations = await page.evaluate((source) => {
      const documentNode = new DOMParser().parseFromString(source, "application/xml");
      if (documentNode.querySelector("parsererror") !== null) return null;
      return [...documentNode.getElementsByTagName("loc")].map((node) => node.textContent);
    }, xml);
    expect(locations).not.toBeNull();
    const expected = [
      `${site}/`,
      `${site}/store`,
      `${site}/blog`,
      `${site}/shilajit-nepal`,
      ...countries.map((c) => `${site}/shilajit-in-${c.slug}`),
      ...slugs.map((slug) => `${site}/blog/${slug}`),
      `${site}/shipping`,
      `${site}/returns`,
      `${site}/terms`,
      `${site}/privacy`,
      `${site}/product/prod_himalayan_resin`,
      `${site}/product/prod_gift_box`,
    ];
    for (const url of expected) expect(locations).toContain(url);
    expect(xml).toMatch(/<lastmod>2025-07-18<\/lastmod>/);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  test("the blog feed is valid RSS with every article", async ({ page, request }) => {
    const slugs = await blogSlugs(page);
    const xml = await (await request.get("/blog/feed.xml")).text();
    const items = await page.evaluate((source) => {
      const documentNode = new DOMParser().parseFromString(source, "application/xml");
      if (documentNode.querySelector("parsererror") !== null || documentNode.documentElement.nodeName !== "rss")
        return null;
      return [...documentNode.getElementsByTagName("item")].map(
        (item) => item.getElementsByTagName("link")[0]?.textContent,
      );
    }, xml);
    expect(items?.sort()).toEqual(slugs.map((slug) => `${site}/blog/${slug}`).sort());
  });
});

test.describe("unknown articles", () => {
  test.use({ allowConsoleErrors: failedResource });

  test("the server answers 404 and the browser replaces the address with /404", async ({ page }) => {
    await open(page, "/blog");
    const response = await page.goto("/blog/not-a-real-article");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(`${site}/404`);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    // Replaced, not pushed: going back skips the missing article.
    await page.goBack();
    await expect(page).toHaveURL(`${site}/blog`);
  });
});

test("the blog lists articles with linked titles, dates, author, excerpt and Read More", async ({ page }) => {
  await open(page, "/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Herbo Shilajit Blog");
  const first = page.locator("main article").first();
  await expect(first.locator("h2 a")).toHaveAttribute("href", /^\/blog\//);
  await expect(first.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, 2025$/);
  await expect(first).toContainText("Herbo Shilajit Team");
  await first.getByRole("link", { name: /Read More/ }).click();
  await expect(page).toHaveURL(/\/blog\/.+/);
  await expect(page.getByRole("link", { name: "Back to Blog" })).toBeVisible();
  await page.getByRole("link", { name: "Shop Herbo Shilajit" }).click();
  await expect(page).toHaveURL(`${site}/`);
});

test("the FAQ opens one answer at a time and closes it again", async ({ page }) => {
  await open(page, "/shilajit-nepal");
  const questions = page.locator("main h3 button");
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator('main [role="region"][data-state="open"]')).toHaveCount(0);
});

test("landing cards below the fold rise into view once, 0.1 s apart", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await open(page, "/shilajit-in-usa");
  const benefits = page.locator('[aria-labelledby="benefits-heading"] li');
  await expect(benefits.first()).toHaveAttribute("data-reveal", "pending");
  expect(
    await benefits.evaluateAll((cards) => cards.map((card) => getComputedStyle(card).transitionDelay.split(",")[0])),
  ).toEqual(["0s", "0.1s", "0.2s"]);
  await page.getByRole("heading", { name: "Key Benefits for You" }).scrollIntoViewIfNeeded();
  await expect(benefits.first()).toHaveAttribute("data-reveal", "done");
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(benefits.first()).toHaveAttribute("data-reveal", "done");
});

test("a country page keeps its cards as drawn, and a move to another country draws that country's", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await open(page, "/shilajit-in-usa");
  expect(await hydratedByReact(page, "#order-now a")).toBe(true);
  for (const id of ["benefits", "why", "testimonials"]) expect(await hydratedByReact(page, `#${id} li`)).toBe(false);
  const testimonials = page.getByRole("region", { name: "Real Testimonials from USA" }).locator("li");
  await expect(testimonials).toHaveCount(3);
  await expect(testimonials.first()).toHaveAttribute("data-reveal", "pending");
  await testimonials.first().scrollIntoViewIfNeeded();
  await expect(testimonials.first()).toHaveAttribute("data-reveal", "done");
  // The footer's link moves within the app; the kept sections give way to the UK page's own, drawn by React.
  const usaQuote = await testimonials.first().locator("blockquote").textContent();
  await page.getByRole("contentinfo").getByRole("link", { name: "Shilajit in UK" }).click();
  await expect(page).toHaveURL(/\/shilajit-in-uk$/);
  const ukTestimonials = page.getByRole("region", { name: "Real Testimonials from UK" }).locator("li");
  await expect(ukTestimonials).toHaveCount(3);
  await expect(ukTestimonials.first().locator("blockquote")).not.toHaveText(usaQuote ?? "");
  expect(await hydratedByReact(page, "#testimonials li")).toBe(true);
  await expect(page.getByRole("heading", { name: "Key Benefits for You" })).toBeVisible();
  await expect(page.locator('[aria-labelledby="benefits-heading"] li').first()).toContainText("Natural Energy Support");
});

test("the home page keeps its about and benefits sections as drawn, and their cards still rise into view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await open(page, "/");
  // The product cards' buttons are hydrated, these cards are not.
  expect(await hydratedByReact(page, "#products li button")).toBe(true);
  expect(await hydratedByReact(page, "#about li")).toBe(false);
  expect(await hydratedByReact(page, "#benefits li")).toBe(false);
  await expect(page.getByRole("region", { name: "About Herbo Shilajit" })).toBeVisible();
  const benefits = page.getByRole("region", { name: "Top 10 Benefits" }).getByTestId("benefits").locator("li");
  await expect(benefits).toHaveCount(10);
  await expect(benefits.first()).toHaveAttribute("data-reveal", "pending");
  await page.getByRole("heading", { name: "Top 10 Benefits" }).scrollIntoViewIfNeeded();
  await expect(benefits.first()).toHaveAttribute("data-reveal", "done");
  // Back on the home page within the app (at the top, as every move starts), React draws the sections, and
  // the cards below the fold wait to rise again.
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Store", exact: true }).click();
  await expect(page).toHaveURL(/\/store$/);
  await main.getByRole("link", { name: "Home", exact: true }).click();
  await expect(benefits).toHaveCount(10);
  expect(await hydratedByReact(page, "#benefits li")).toBe(true);
  await expect(benefits.first()).toHaveAttribute("data-reveal", "pending");
});

test("cards on screen at load are never hidden, and no card is measured while the page hydrates", async ({ page }) => {
  // A measurement in the hydration's effects lays the whole page out again for every card (13 on the home
  // page) on the main thread of a slow phone; where a card starts is the observer's to report.
  await page.addInitScript(() => {
    const measure = Element.prototype.getBoundingClientRect;
    const state = window as unknown as { cardsMeasured: number };
    state.cardsMeasured = 0;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.classList.contains("reveal")) state.cardsMeasured += 1;
      return measure.call(this);
    };
  });
  await page.setViewportSize({ width: 1280, height: 4000 });
  await open(page, "/shilajit-in-usa");
  const benefits = page.locator('[aria-labelledby="benefits-heading"] li');
  await expect(benefits).toHaveCount(3);
  // The first report has come and gone: the cards would be pending by now if they were going to be.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator("[data-reveal]")).toHaveCount(0);
  await expect(benefits.first()).toHaveCSS("opacity", "1");
  expect(await page.evaluate(() => (window as unknown as { cardsMeasured: number }).cardsMeasured)).toBe(0);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("landing cards are simply there, never hidden", async ({ page }) => {
    await open(page, "/shilajit-in-uk");
    const hidden = await page.locator('[data-reveal="pending"]').count();
    expect(hidden).toBe(0);
    await expect(page.locator('[aria-labelledby="benefits-heading"] li').first()).toHaveCSS("opacity", "1");
  });
});

test("the India page's hero is marked as Hindi", async ({ page }) => {
  await open(page, "/shilajit-in-india");
  await expect(page.locator('[lang="hi"] h1')).toHaveText(/[\u0900-\u097F]/);
});

test("every landing hero shows its drawn flag, whatever fonts the system has", async ({ page }) => {
  for (const path of [...countries.map((country) => `/shilajit-in-${country.slug}`), "/shilajit-nepal"]) {
    await page.goto(path);
    const flag = page.locator("main section").first().getByTestId("flag");
    await expect(flag).toBeVisible();
    // Loaded and drawn, not a broken image; decorative, since the line names the place.
    expect(await flag.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(flag).toHaveAttribute("alt", "");
  }
});

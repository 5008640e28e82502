import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eSettings } from "./settings.mjs";
import { expectNoAxeViolations } from "./support/accessibility";
import { expect, failedResource, open, storedCart, test, visibleToast, waitForHydration } from "./support/fixtures";
import { schemaOrgVocabulary } from "./support/schema-vocabulary";
import { deadUrl, startWebServer, type RunningServer } from "./support/servers";

// The URL decides the market (docs/storefront.md#markets). The unprefixed routes are Nepal's; /us, /in, /uk, /ca and
// /ae have their own copies of the home, store and product pages, priced from the store's list in their currency.
const site = e2eSettings.webUrl;
const dutiesNote = "Import duties and taxes may be due on delivery";
const resin = "Pure Himalayan Shilajit Resin";
const catalogueBases = ["/", "/store", "/product/prod_himalayan_resin"];
const prefixes = ["", "/us", "/in", "/uk", "/ca", "/ae"];
const locales = ["en-NP", "en-US", "en-IN", "en-GB", "en-CA", "en-AE"];
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A catalogue page's URL in the market with this prefix: "/" and "/us" → "/us". */
const inMarket = (prefix: string, base: string) => (prefix !== "" && base === "/" ? prefix : `${prefix}${base}`);
const absolute = (path: string) => (path === "/" ? `${site}/` : `${site}${path}`);

/** The `<link rel="alternate" hreflang>` and canonical links of a page's HTML, as written by the server. */
function headLinks(html: string): { alternates: [string, string][]; canonical: string | undefined } {
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
  const alternates: [string, string][] = [];
  let canonical: string | undefined;
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel");
    const href = attribute(tag, "href")?.replaceAll("&amp;", "&");
    if (rel === "canonical") canonical = href;
    const hreflang = attribute(tag, "hreflang");
    if (rel === "alternate" && hreflang !== undefined && href !== undefined) alternates.push([hreflang, href]);
  }
  return { alternates, canonical };
}

/** A page's Product data, or ProductGroup for a product in several sizes (one offer per size). */
function productData(html: string): Record<string, unknown> | undefined {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(json ?? "{}") as Record<string, unknown>;
    if (data["@type"] === "Product" || data["@type"] === "ProductGroup") return data;
  }
  return undefined;
}

/** The offer of a page's product at the price the page shows first: a group's first size (the 10 g jar). */
function shownOffer(html: string): Record<string, unknown> | undefined {
  const data = productData(html);
  const first = (data?.hasVariant as { offers?: Record<string, unknown> }[] | undefined)?.[0];
  return first?.offers ?? (data?.offers as Record<string, unknown> | undefined);
}

/** A server-rendered page's HTML without React's text separators and no-break spaces, for text searches. */
const plain = (html: string) => html.replaceAll("<!-- -->", "").replace(/\u00a0/g, " ");

async function textOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return plain(await response.text());
}

test.describe("prices in the market's currency, read with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("/us pages show dollars from the store's list, with the duties note; Nepal's pages are as they were", async ({
    page,
  }) => {
    // A market's address typed in capitals is moved to its lower-case form, never Nepal's rupee shop.
    const moved = await page.goto("/US/Store");
    expect(moved?.request().redirectedFrom()?.url()).toBe(`${site}/US/Store`);
    await expect(page).toHaveURL(`${site}/us/store`);
    const card = page.getByTestId("product-card").filter({ hasText: resin });
    await expect(card.getByTestId("price")).toHaveText("$29.99");
    await expect(page.getByTestId("duties-note")).toHaveText(dutiesNote);

    await page.goto("/us/product/prod_himalayan_resin");
    await expect(page.getByTestId("price")).toHaveText("$29.99");
    await expect(page.getByTestId("duties-note")).toHaveText(dutiesNote);
    // US prices leave the tax out: the duties note says so, and nothing claims tax is included.
    await expect(page.getByTestId("tax-note")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to Store" })).toHaveAttribute("href", "/us/store");

    await page.goto("/us");
    await expect(page.getByTestId("hero-price")).toHaveText("$29.99");
    await expect(page.getByText("1,200 rupees")).toHaveCount(0);
    await expect(page.getByTestId("duties-note")).toHaveText(dutiesNote);
    await expect(page.getByRole("link", { name: "View All Products" })).toHaveAttribute("href", "/us/store");

    // Nepal's routes: rupees as the shop has always written them, no note, the hero's price in words.
    await page.goto("/store");
    await expect(page.getByTestId("product-card").filter({ hasText: resin }).getByTestId("price")).toHaveText(
      "Rs. 1200.00",
    );
    await expect(page.getByTestId("duties-note")).toHaveCount(0);
    await expect(page.getByTestId("tax-included-note")).toHaveText("All prices include VAT.");
    await page.goto("/product/prod_himalayan_resin");
    await expect(page.getByTestId("price")).toHaveText("Rs. 1200.00");
    await expect(page.getByTestId("tax-note")).toHaveText("incl. VAT");
    await page.goto("/");
    await expect(page.getByTestId("hero-price")).toHaveText("1,200 rupees");
    await expect(page.getByTestId("duties-note")).toHaveCount(0);
  });

  test("the UK, India, the UAE and Canada show their own currency; only Canada, without tax, has the duties note, the others say the tax is included", async ({
    page,
  }) => {
    for (const [prefix, price, taxNote] of [
      ["/uk", "£24.99", "incl. VAT"],
      ["/in", "₹1,499.00", "incl. GST"],
      ["/ae", "AED 110.00", "incl. VAT"],
      ["/ca", "CA$39.99", null],
    ] as const) {
      // Intl may put a no-break space between a currency code and the amount.
      await page.goto(prefix);
      expect((await page.getByTestId("hero-price").innerText()).replace(/\s/g, " "), prefix).toBe(price);
      await page.goto(`${prefix}/product/prod_himalayan_resin`);
      const shown = (await page.getByTestId("price").innerText()).replace(/\s/g, " ");
      expect(shown, prefix).toBe(price);
      await expect(page.getByTestId("duties-note")).toHaveCount(prefix === "/ca" ? 1 : 0);
      // The tax words sit beside the price in their own element; the price reads as before.
      if (taxNote === null) await expect(page.getByTestId("tax-note")).toHaveCount(0);
      else await expect(page.getByTestId("tax-note")).toHaveText(taxNote);
    }
  });

  test("a market's product page offers its own price, currency and URL, and is its own canonical", async ({
    request,
  }) => {
    const html = await textOf(request, "/us/product/prod_himalayan_resin");
    const url = `${site}/us/product/prod_himalayan_resin`;
    // Three sizes, three offers, each at the price the page shows for it; the sale as Google documents it.
    const usRate = {
      shippingDetails: [
        { shippingDestination: { addressCountry: "US" }, shippingRate: { currency: "USD", value: "12.99" } },
      ],
    };
    expect(productData(html)).toMatchObject({
      "@type": "ProductGroup",
      url,
      productGroupID: "prod_himalayan_resin",
      variesBy: ["https://schema.org/size"],
      hasVariant: [
        { sku: "HS-RESIN-10", size: "10 g", offers: { url, priceCurrency: "USD", price: "29.99", ...usRate } },
        { sku: "HS-RESIN-20", size: "20 g", offers: { url, priceCurrency: "USD", price: "49.99", ...usRate } },
        {
          sku: "HS-RESIN-30",
          size: "30 g",
          offers: {
            url,
            priceCurrency: "USD",
            price: "64.99",
            priceSpecification: {
              priceType: "https://schema.org/StrikethroughPrice",
              price: "69.99",
              priceCurrency: "USD",
            },
            ...usRate,
          },
        },
      ],
    });
    expect(headLinks(html).canonical).toBe(url);
    const nepal = await textOf(request, "/product/prod_himalayan_resin");
    expect(shownOffer(nepal)).toMatchObject({ priceCurrency: "NPR", price: "1200" });
    expect(productData(nepal)?.hasVariant).toHaveLength(3);
  });
});

test("the hreflang cluster of home, store and product pages is reciprocal, with Nepal's URL as x-default", async ({
  request,
}) => {
  for (const base of catalogueBases) {
    const expected = [
      ...prefixes.map((prefix, index): [string, string] => [locales[index] ?? "", absolute(inMarket(prefix, base))]),
      ["x-default", absolute(base)],
    ];
    for (const prefix of prefixes) {
      const path = inMarket(prefix, base);
      const { alternates, canonical } = headLinks(await textOf(request, path));
      // Every member names the whole cluster, itself included, so each one links back to the others.
      expect(alternates.sort(), path).toEqual([...expected].sort());
      expect(canonical, path).toBe(absolute(path));
    }
  }
});

test("every market page's structured data passes Adobe's validator with no errors", async ({ request }) => {
  const validator = new Validator(schemaOrgVocabulary());
  const extractor = new WebAutoExtractor({ addLocation: true });
  const products = ["prod_himalayan_resin", "prod_travel_tin", "prod_starter_kit", "prod_value_pack", "prod_gift_box"];
  const errors: string[] = [];
  let offers = 0;
  for (const prefix of prefixes.filter((each) => each !== "")) {
    for (const base of ["/", "/store", ...products.map((id) => `/product/${id}`)]) {
      const path = inMarket(prefix, base);
      const data = extractor.parse(await textOf(request, path));
      const issues = await validator.validate(data);
      for (const issue of issues.filter((candidate) => candidate.severity === "ERROR"))
        errors.push(`${path} ${issue.rootType}: ${issue.issueMessage}`);
      // Each product page carries its Product (a ProductGroup for several sizes), checked above.
      const found = data.jsonld as Record<string, unknown[] | undefined>;
      offers += (found.Product ?? []).length + (found.ProductGroup ?? []).length;
    }
  }
  expect(errors).toEqual([]);
  expect(offers).toBe(5 * products.length);
});

test("the sitemap lists every market's home, store and product pages", async ({ request }) => {
  const xml = await textOf(request, "/sitemap.xml");
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  for (const prefix of prefixes) {
    for (const base of [...catalogueBases, "/product/prod_gift_box"]) {
      expect(locations, `${prefix}${base}`).toContain(absolute(inMarket(prefix, base)));
    }
  }
  expect(new Set(locations).size).toBe(locations.length);
});

test("the URL alone decides: a crawler from the US asking for SPEC's pages gets Nepal's, with no redirect", async ({
  request,
}) => {
  const headers = { "user-agent": googlebot, "cf-ipcountry": "US", "accept-language": "en-US,en;q=0.9" };
  const home = await request.get("/", { headers, maxRedirects: 0 });
  expect(home.status()).toBe(200);
  expect(plain(await home.text())).toContain("1,200 rupees");
  const store = await request.get("/store", { headers, maxRedirects: 0 });
  expect(store.status()).toBe(200);
  const storeHtml = plain(await store.text());
  expect(storeHtml).toContain("Rs. 1200.00");
  expect(storeHtml).not.toContain("$29.99");
  expect(headLinks(storeHtml).canonical).toBe(`${site}/store`);
  // And the other way round: Nepal's hints on /us still get dollars.
  const us = await request.get("/us/store", {
    headers: { "user-agent": googlebot, "cf-ipcountry": "NP", "accept-language": "ne-NP" },
    maxRedirects: 0,
  });
  expect(us.status()).toBe(200);
  expect(plain(await us.text())).toContain("$29.99");
  for (const response of [home, store, us]) {
    expect(response.headers().vary ?? "").not.toMatch(/cookie|accept-language|user-agent|country/i);
  }
});

test.describe("the country selector", () => {
  test("links each market's copy of the page, marks the current one, and is reached and used from the keyboard", async ({
    page,
  }) => {
    await open(page, "/store");
    const selector = page.getByRole("navigation", { name: "Country and currency" });
    const links = selector.getByRole("link");
    await expect(links).toHaveText([
      "Nepal (NPR)",
      "United States (USD)",
      "India (INR)",
      "United Kingdom (GBP)",
      "Canada (CAD)",
      "United Arab Emirates (AED)",
    ]);
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual([
      "/store",
      "/us/store",
      "/in/store",
      "/uk/store",
      "/ca/store",
      "/ae/store",
    ]);
    await expect(selector.getByRole("link", { name: "Nepal (NPR)" })).toHaveAttribute("aria-current", "true");
    await expect(selector.locator("[aria-current]")).toHaveCount(1);

    // From the footer's last contact link, Tab reaches the selector's links in order.
    await page.getByRole("contentinfo").getByRole("link", { name: "care@herboshilajit.com" }).focus();
    await page.keyboard.press("Tab");
    await expect(selector.getByRole("link", { name: "Nepal (NPR)" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(selector.getByRole("link", { name: "United States (USD)" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${site}/us/store`);
    await expect(page.getByTestId("product-card").filter({ hasText: resin }).getByTestId("price")).toHaveText("$29.99");
    await expect(selector.getByRole("link", { name: "United States (USD)" })).toHaveAttribute("aria-current", "true");
    await expect(selector.getByRole("link", { name: "Nepal (NPR)" })).toHaveAttribute("href", "/store");

    // Pages outside the catalogue lead to each market's home.
    await open(page, "/blog");
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual([
      "/",
      "/us",
      "/in",
      "/uk",
      "/ca",
      "/ae",
    ]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("its links are plain links", async ({ page }) => {
      await page.goto("/product/prod_himalayan_resin");
      await page.getByRole("link", { name: "United Kingdom (GBP)" }).click();
      await expect(page).toHaveURL(`${site}/uk/product/prod_himalayan_resin`);
      await expect(page.getByTestId("price")).toHaveText("£24.99");
    });
  });
});

/**
 * The suggestion is decided once the page has settled: at the shopper's first interaction (here a key
 * press) or after a few seconds. Answers when it has been decided, shown or not.
 */
async function settleSuggestion(page: Page): Promise<void> {
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.dataset.marketSuggestion === "checked");
}

test.describe("the suggestion banner (a browser whose clock is in the UK)", () => {
  test.use({ timezoneId: "Europe/London" });

  test("suggests the UK's prices without moving the shopper, and stays dismissed", async ({ page }) => {
    const response = await page.goto("/store");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const banner = page.getByRole("complementary", { name: "Your country" });
    await settleSuggestion(page);
    await expect(banner).toContainText("Shopping from the United Kingdom?");
    const link = banner.getByRole("link", { name: "See prices in British pounds" });
    await expect(link).toHaveAttribute("href", "/uk/store");
    // Only a suggestion: the page stays where it was asked for.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`${site}/store`);
    await expect(page.getByTestId("product-card").filter({ hasText: resin }).getByTestId("price")).toHaveText(
      "Rs. 1200.00",
    );

    await link.click();
    await expect(page).toHaveURL(`${site}/uk/store`);
    await expect(banner).toHaveCount(0);

    await open(page, "/store");
    await settleSuggestion(page);
    await banner.getByRole("button", { name: "Dismiss country suggestion" }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await settleSuggestion(page);
    await expect(banner).toHaveCount(0);
  });

  test("a country page is its country's: the UK's suggests nothing, the USA's suggests the UK's page", async ({
    page,
  }) => {
    await open(page, "/shilajit-in-usa");
    await settleSuggestion(page);
    const banner = page.getByRole("complementary", { name: "Your country" });
    await expect(banner.getByRole("link", { name: "See prices in British pounds" })).toHaveAttribute(
      "href",
      "/shilajit-in-uk",
    );
    const selector = page.getByRole("navigation", { name: "Country and currency" });
    await expect(selector.getByRole("link", { name: "United States (USD)" })).toHaveAttribute("aria-current", "true");
    await expect(selector.getByRole("link", { name: "Nepal (NPR)" })).toHaveAttribute("href", "/shilajit-nepal");
    await open(page, "/shilajit-in-uk");
    await settleSuggestion(page);
    await expect(banner).toHaveCount(0);
  });

  test("reads the clock without building a date format where the browser has Temporal, and through Intl where not", async ({
    page,
    context,
  }) => {
    // Intl's first date format loads ICU's data, a long task on a cheap phone: counted here, it should not happen.
    await page.addInitScript(() => {
      const counted = window as unknown as { dateFormatsBuilt: number };
      counted.dateFormatsBuilt = 0;
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct(target, args: Parameters<typeof Intl.DateTimeFormat>) {
          counted.dateFormatsBuilt += 1;
          return Reflect.construct(target, args) as Intl.DateTimeFormat;
        },
        apply(target, thisArgument, args: Parameters<typeof Intl.DateTimeFormat>) {
          counted.dateFormatsBuilt += 1;
          return Reflect.apply(target, thisArgument, args) as Intl.DateTimeFormat;
        },
      });
    });
    await open(page, "/");
    await settleSuggestion(page);
    const banner = page.getByRole("complementary", { name: "Your country" });
    await expect(banner.getByRole("link", { name: "See prices in British pounds" })).toHaveAttribute("href", "/uk");
    expect(await page.evaluate(() => (window as unknown as { dateFormatsBuilt: number }).dateFormatsBuilt)).toBe(0);

    // A browser without Temporal (Safari, older Chromium) reads the same clock through Intl.
    const withoutTemporal = await context.newPage();
    await withoutTemporal.addInitScript(() => {
      delete (globalThis as { Temporal?: unknown }).Temporal;
    });
    await open(withoutTemporal, "/");
    await settleSuggestion(withoutTemporal);
    await expect(
      withoutTemporal
        .getByRole("complementary", { name: "Your country" })
        .getByRole("link", { name: "See prices in British pounds" }),
    ).toHaveAttribute("href", "/uk");
  });

  test("is never part of the server's page, and a blocked storage does not break it", async ({ page, request }) => {
    expect(await textOf(request, "/store")).not.toContain("Shopping from");
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("blocked", "SecurityError");
        },
      });
    });
    await open(page, "/");
    await settleSuggestion(page);
    const banner = page.getByRole("complementary", { name: "Your country" });
    await expect(banner.getByRole("link", { name: "See prices in British pounds" })).toHaveAttribute("href", "/uk");
    await banner.getByRole("button", { name: "Dismiss country suggestion" }).click();
    await expect(banner).toHaveCount(0);
  });
});

test.describe("the suggestion banner (a browser in Kathmandu that speaks en-US)", () => {
  test.use({ timezoneId: "Asia/Kathmandu", locale: "en-US" });

  test("suggests nothing on Nepal's pages: the language is no sign of the country", async ({ page }) => {
    await open(page, "/store");
    await settleSuggestion(page);
    await expect(page.getByRole("complementary", { name: "Your country" })).toHaveCount(0);
    await open(page, "/us/store");
    await settleSuggestion(page);
    await expect(
      page
        .getByRole("complementary", { name: "Your country" })
        .getByRole("link", { name: "See prices in Nepalese rupees" }),
    ).toHaveAttribute("href", "/store");
  });
});

/** The status the header shows after the cart moved currency. */
const cartNotice = (page: Page) => page.getByRole("status").filter({ hasText: "Your cart is now in" });

test.describe("one cart per market", () => {
  test.use({ reducedMotion: "reduce" });

  test("moving from /store to /us/store re-prices the cart from the store, and says so", async ({ page }) => {
    await open(page, "/store");
    await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    expect((await storedCart(page))[0]).toMatchObject({ variant: { priceInCents: 75000, currency: { code: "npr" } } });

    await page
      .getByRole("navigation", { name: "Country and currency" })
      .getByRole("link", { name: "United States (USD)" })
      .click();
    await expect(page).toHaveURL(`${site}/us/store`);
    await expect(cartNotice(page)).toHaveText("Your cart is now in US dollars: prices were updated from the store.");
    await expectNoAxeViolations(page, "/us/store with the cart notice");
    expect(await storedCart(page)).toMatchObject([
      { variant: { id: "var_travel_tin", priceInCents: 1999, salePriceInCents: 1799, currency: { code: "usd" } } },
    ]);
    await page.getByRole("button", { name: "Open cart, 1 item" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expect(drawer.getByTestId("cart-line-unit-price")).toHaveText("$17.99 each");
    await expect(drawer.getByTestId("cart-total")).toHaveText("$17.99");
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Dismiss cart notice" }).click();
    await expect(cartNotice(page)).toHaveCount(0);

    // Back in Nepal's store, by a fresh load: rupees again, from the store's list.
    await open(page, "/store");
    await expect(cartNotice(page)).toHaveText(
      "Your cart is now in Nepalese rupees: prices were updated from the store.",
    );
    expect(await storedCart(page)).toMatchObject([
      { quantity: 1, variant: { priceInCents: 75000, salePriceInCents: 65000, currency: { code: "npr" } } },
    ]);
  });

  test("adding an item in another currency than the cart's moves the whole cart to it", async ({ page, context }) => {
    await open(page, "/store");
    await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // Another tab moves the cart to dollars; this tab follows the stored cart without re-pricing it back.
    const usTab = await context.newPage();
    await open(usTab, "/us/store");
    await expect(cartNotice(usTab)).toBeVisible();
    await expect
      .poll(async () => (await storedCart(page))[0])
      .toMatchObject({ variant: { currency: { code: "usd" } } });
    await page.waitForTimeout(300);
    expect((await storedCart(page))[0]).toMatchObject({ variant: { currency: { code: "usd" } } });
    await usTab.close();

    // Adding the starter kit in rupees here: the cart is in rupees again, every line re-priced.
    await page.getByRole("button", { name: "Add to Cart: Shilajit Starter Kit" }).click();
    await expect(cartNotice(page)).toHaveText(
      "Your cart is now in Nepalese rupees: prices were updated from the store.",
    );
    const lines = await storedCart(page);
    expect(lines.map((line) => line.variant.id)).toEqual(["var_travel_tin", "var_starter_kit"]);
    expect(lines).toMatchObject([
      { variant: { priceInCents: 75000, currency: { code: "npr" } } },
      { variant: { priceInCents: 150000, currency: { code: "npr" } } },
    ]);
  });

  test("a damaged stored cart is still an empty cart on a market's page", async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem("seeded") === null) {
        localStorage.setItem("e-commerce-cart", "{not json");
        sessionStorage.setItem("seeded", "1");
      }
    });
    await open(page, "/us/store");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await expect(cartNotice(page)).toHaveCount(0);
  });

  test.describe("checkout", () => {
    test.use({ allowConsoleErrors: failedResource });

    test("names the cart's currency, and explains a refusal for a line without a price in it", async ({ page }) => {
      await open(page, "/us/store");
      await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
      let sent: Record<string, unknown> | undefined;
      await page.route(`${e2eSettings.apiUrl}/store/*/checkout`, async (route) => {
        sent = route.request().postDataJSON() as Record<string, unknown>;
        await route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            error: {
              code: "unpriced_variant",
              message: "No price in USD",
              details: { variant_id: "var_travel_tin", currency: "USD" },
            },
          }),
        });
      });
      await page.getByRole("button", { name: "Open cart, 1 item" }).click();
      await page.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(visibleToast(page)).toContainText(
        "Shilajit Travel Tin 5 g (5 g) is not sold in US dollars. Please remove it from your cart.",
      );
      expect(sent).toMatchObject({ currency: "USD", items: [{ variant_id: "var_travel_tin", quantity: 1 }] });
    });
  });
});

test("pages outside a market lead back to the market last shopped in; a new visitor's lead to / and /store", async ({
  page,
  browser,
  request,
}) => {
  const article = "/blog/how-to-take-shilajit-correct-dosage-timing-tips";
  const header = page.getByRole("navigation", { name: "Main" });
  await open(page, "/ae/store");
  await open(page, article);
  await expect(header.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/ae");
  await expect(header.getByRole("link", { name: "Store" })).toHaveAttribute("href", "/ae/store");
  await expect(page.getByRole("link", { name: "Herbo Shilajit home" })).toHaveAttribute("href", "/ae");
  await expect(page.getByRole("link", { name: "Shop Herbo Shilajit" })).toHaveAttribute("href", "/ae");
  await header.getByRole("link", { name: "Store" }).click();
  await expect(page).toHaveURL(`${site}/ae/store`);
  await open(page, "/success");
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/ae/store");

  // The page as served carries the plain links, so a tap before hydration lands on a real page.
  const html = await textOf(request, article);
  expect(html).toMatch(/<a[^>]*href="\/store"[^>]*>Store<\/a>/);

  // A new visitor, or a value the shop did not write, gets / and /store.
  const fresh = await browser.newContext();
  const stranger = await fresh.newPage();
  await stranger.goto(article);
  await waitForHydration(stranger);
  const strangerHeader = stranger.getByRole("navigation", { name: "Main" });
  await expect(strangerHeader.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(strangerHeader.getByRole("link", { name: "Store" })).toHaveAttribute("href", "/store");
  await stranger.evaluate(() => window.localStorage.setItem("herbo-market", "<script>"));
  await stranger.goto("/success");
  await waitForHydration(stranger);
  await expect(stranger.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
  await fresh.close();
});

test.describe("country landing pages quote the catalogue", () => {
  const landings = [
    { slug: "usa", home: "/us", currency: "USD", price: "29.99", shown: "$29.99", duties: true },
    { slug: "india", home: "/in", currency: "INR", price: "1499", shown: "₹1,499.00", duties: false },
    { slug: "uk", home: "/uk", currency: "GBP", price: "24.99", shown: "£24.99", duties: false },
    { slug: "canada", home: "/ca", currency: "CAD", price: "39.99", shown: "CA$39.99", duties: true },
    { slug: "uae", home: "/ae", currency: "AED", price: "110", shown: "AED 110.00", duties: false },
  ];

  test("the same price and currency in the page, its offer and the market it leads to", async ({ request }) => {
    for (const landing of landings) {
      const path = `/shilajit-in-${landing.slug}`;
      const html = await textOf(request, path);
      // The catalogue's figure, written as the shop writes every price, the same as the offer's price.
      expect(html, path).toContain(`${landing.shown} per jar`);
      expect(html, path).not.toContain(`${landing.currency} ${landing.price} per jar`);
      expect(html.includes(dutiesNote), path).toBe(landing.duties);
      expect(productData(html), path).toMatchObject({
        offers: { priceCurrency: landing.currency, price: landing.price, url: `${site}${path}` },
      });
      expect(html, path).toMatch(new RegExp(`href="${landing.home}"[^>]*>Order Now on Our Main Website`));
      // The market's own product page asks the same, written as its market writes money.
      const product = await textOf(request, `${landing.home}/product/prod_himalayan_resin`);
      expect(shownOffer(product), landing.home).toMatchObject({ priceCurrency: landing.currency });
      expect(Number((shownOffer(product) as { price: string }).price), landing.home).toBe(Number(landing.price));
      expect(product, landing.home).toContain(landing.shown);
    }
    // Nepal's page keeps its link to the home page, "/".
    expect(await textOf(request, "/shilajit-nepal")).toMatch(/href="\/"[^>]*>Order Now on Our Main Website/);
  });
});

test.describe("markets' pages have no axe violations", () => {
  test.use({ reducedMotion: "reduce" });
  for (const path of ["/us", "/us/store", "/us/product/prod_himalayan_resin", "/shilajit-in-usa"]) {
    test(path, async ({ page }) => {
      await open(page, path);
      if (path === "/us") await expect(page.getByTestId("product-grid")).toBeVisible();
      await expectNoAxeViolations(page, path);
    });
  }
});

test.describe("when the web server cannot reach the store", () => {
  test.use({ allowConsoleErrors: failedResource });
  let shop: RunningServer;
  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    shop = await startWebServer(await deadUrl());
  });
  test.afterAll(async () => {
    await shop.stop();
  });

  test("a country page still renders, without a price or an offer, and is not cached", async ({ request }) => {
    const response = await request.get(`${shop.url}/shilajit-in-usa`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("no-store");
    const html = plain(await response.text());
    expect(html).toContain("Order Now on Our Main Website");
    expect(html).not.toContain("per jar");
    const product = productData(html);
    expect(product).toMatchObject({ "@type": "Product", sku: "HERBO-SHILAJIT-USA" });
    expect(product).not.toHaveProperty("offers");
  });

  test("a market's home still renders, with the products' error and no hero price", async ({ page }) => {
    const response = await page.goto(`${shop.url}/us`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("alert")).toHaveText(
      "Error loading products: The store is not reachable right now. Please try again in a moment.",
    );
    await expect(page.getByTestId("hero-price")).toHaveCount(0);
  });
});

import type { ShippingRatesResponse } from "@herbo/hosted-api";
import type { AdminShipping, AdminShippingRate } from "@herbo/hosted-api/admin";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/admin/admin-command.ts";
import { catalogChanges, paymentAttempts } from "../src/db/schema.ts";
import { type AdminClient, ownerEmail, backOfficeSuite } from "./admin-helpers.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  kathmanduDetails,
  payByTestCard,
  postJson,
  sessionIdOf,
  shopOrigin,
  shopperDetails,
  testStoreId,
} from "./harness.ts";

/**
 * Shipping and markets: the owner sets each country's delivery charge and days and each market's tax settings
 * in the back office, from the version they saw, with a history; the storefront's shipping rates and new
 * checkouts follow at once, and a shopper is charged the shipping their payment page showed.
 */

const kinds = await databaseKinds();
const partnerEmail = "partner@shop.test";

describe.each(kinds)("the back office's shipping rates and tax settings on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: partnerEmail });
  // The history lists newest first: each test's changes come a minute after the last test's.
  beforeEach(() => {
    shop.api.clock.advance(60_000);
  });

  async function rateOf(country: string): Promise<AdminShippingRate> {
    const rate = (await shop.owner.get<AdminShipping>("/shipping")).rates.find(
      (entry) => entry.countryCode === country,
    );
    if (rate === undefined) throw new Error(`No rate for ${country}`);
    return rate;
  }
  async function marketOf(code: string) {
    const market = (await shop.owner.get<AdminShipping>("/shipping")).markets.find((entry) => entry.code === code);
    if (market === undefined) throw new Error(`No market ${code}`);
    return market;
  }
  async function publicRates(): Promise<ShippingRatesResponse> {
    const response = await fetch(`${shop.api.storeUrl}/shipping-rates`);
    expect(response.status).toBe(200);
    return (await response.json()) as ShippingRatesResponse;
  }
  async function historyCount(): Promise<number> {
    return (await shop.api.db.select().from(catalogChanges)).length;
  }
  async function putRate(client: AdminClient, country: string, body: Record<string, unknown>) {
    return client.put(`/shipping/rates/${country}`, body);
  }
  /** A US checkout of one 10 g jar with its details in: its id and its payment page. */
  async function usCheckoutWithDetails(): Promise<{ sessionId: string; page: string }> {
    const created = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }], "USD"),
    );
    expect(created.status).toBe(200);
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(shop.api.baseUrl, sessionId, shopperDetails.US)).status).toBe(303);
    return { sessionId, page: await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text() };
  }
  async function payByCard(sessionId: string) {
    const order = await payByTestCard(shop.api, sessionId);
    const [attempt] = await shop.api.db.select().from(paymentAttempts).where(eq(paymentAttempts.sessionId, sessionId));
    return { order, attempt };
  }

  it("lists every country's rate in its market's currency and every market's tax settings, each with a version", async () => {
    const shipping = await shop.owner.get<AdminShipping>("/shipping");
    expect(shipping.handlingDays).toEqual({ min: 1, max: 2 });
    expect(shipping.rates.map((rate) => [rate.countryCode, rate.marketCode, rate.currencyCode, rate.amount])).toEqual([
      ["NP", "np", "NPR", 0],
      ["US", "us", "USD", 1_299],
      ["IN", "in", "INR", 14_900],
      ["GB", "uk", "GBP", 999],
      ["CA", "ca", "CAD", 1_699],
      ["AE", "ae", "AED", 4_500],
    ]);
    expect(shipping.rates[1]).toEqual({
      countryCode: "US",
      countryName: "United States",
      marketCode: "us",
      currencyCode: "USD",
      decimalDigits: 2,
      amount: 1_299,
      minDays: 7,
      maxDays: 14,
      version: 1,
    });
    expect(shipping.markets.map((market) => market.code)).toEqual(["np", "us", "in", "uk", "ca", "ae"]);
    expect(shipping.markets[0]).toEqual({
      code: "np",
      name: "Nepal",
      currencyCode: "NPR",
      countries: ["NP"],
      pricesIncludeTax: true,
      taxName: "VAT",
      rateBasisPoints: 1_300,
      registration: null,
      taxLines: false,
      version: 1,
      decimalDigits: 2,
      freeShippingOver: null,
      freeShippingVersion: 1,
    });
    expect(shipping.markets[1]).toMatchObject({ code: "us", pricesIncludeTax: false, taxName: null });
    expect(shipping.history).toEqual([]);
  });

  it("answers the storefront's shipping rates in the shop's offer order, and only for this store", async () => {
    const response = await fetch(`${shop.api.storeUrl}/shipping-rates`, { headers: { origin: shopOrigin } });
    expect(response.status).toBe(200);
    // The shop's pages may read it from the browser too, like the catalogue.
    expect(response.headers.get("access-control-allow-origin")).toBe(shopOrigin);
    const body = (await response.json()) as ShippingRatesResponse;
    expect(body.handling_days).toEqual({ min: 1, max: 2 });
    expect(body.shipping_rates.map((rate) => rate.country_code)).toEqual(["NP", "IN", "US", "GB", "CA", "AE"]);
    expect(body.shipping_rates[0]).toEqual({
      country_code: "NP",
      country_name: "Nepal",
      currency_code: "NPR",
      amount: 0,
      min_days: 1,
      max_days: 5,
    });
    expect(body.markets).toEqual([
      { code: "np", prices_include_tax: true, free_shipping_over: null },
      { code: "us", prices_include_tax: false, free_shipping_over: null },
      { code: "in", prices_include_tax: true, free_shipping_over: null },
      { code: "uk", prices_include_tax: true, free_shipping_over: null },
      { code: "ca", prices_include_tax: false, free_shipping_over: null },
      { code: "ae", prices_include_tax: true, free_shipping_over: null },
    ]);
    expect((await fetch(`${shop.api.baseUrl}/store/another-store/shipping-rates`)).status).toBe(404);
    expect(testStoreId).not.toBe("another-store");
  });

  it("tells the storefront at once when a market's prices start or stop including tax", async () => {
    const taxIncluded = async (code: string) =>
      (await publicRates()).markets?.find((market) => market.code === code)?.prices_include_tax;
    // Read once first, so the cached answer (kept 60 s here) must be dropped by the change.
    expect(await taxIncluded("ca")).toBe(false);
    const seen = await marketOf("ca");
    const included = await shop.owner.put("/markets/ca/tax", {
      version: seen.version,
      pricesIncludeTax: true,
      taxName: "GST",
      rateBasisPoints: 500,
      registration: null,
    });
    expect(included.status, await included.clone().text()).toBe(200);
    expect(await taxIncluded("ca")).toBe(true);
    expect(await taxIncluded("us")).toBe(false);
    const restored = await shop.owner.put("/markets/ca/tax", {
      version: seen.version + 1,
      pricesIncludeTax: false,
      taxName: null,
      rateBasisPoints: null,
      registration: null,
    });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(await taxIncluded("ca")).toBe(false);
  });

  it("sets a country's rate: the storefront's rates follow at once, a new checkout charges it, and the history says who and what", async () => {
    const seen = await rateOf("US");
    const response = await putRate(shop.owner, "US", {
      version: seen.version,
      currencyCode: "USD",
      amount: 1_499,
      minDays: 6,
      maxDays: 10,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as AdminShipping;
    expect(answer.rates.find((rate) => rate.countryCode === "US")).toMatchObject({
      amount: 1_499,
      minDays: 6,
      maxDays: 10,
      version: seen.version + 1,
    });
    expect(answer.history[0]).toMatchObject({
      actor: ownerEmail,
      entity: "shipping_rate",
      entityId: "US",
      label: "United States",
      before: { currencyCode: "USD", amount: 1_299, minDays: 7, maxDays: 14 },
      after: { currencyCode: "USD", amount: 1_499, minDays: 6, maxDays: 10 },
    });
    expect(Date.parse(answer.history[0]?.at ?? "")).toBe(shop.api.clock.now().getTime());
    // The catalogue cache lives a minute in these tests: only the change's invalidation explains this.
    expect((await publicRates()).shipping_rates.find((rate) => rate.country_code === "US")).toMatchObject({
      amount: 1_499,
      min_days: 6,
      max_days: 10,
    });

    const { sessionId, page } = await usCheckoutWithDetails();
    expect(page).toMatch(/data-testid="shipping"><span class="nowrap">\$14\.99</);
    // Handling (1–2 days) plus the new transit days.
    expect(page).toContain("Delivered in 7–12 business days");
    expect(page).toMatch(/data-testid="total"><span class="nowrap">\$44\.98 USD/);
    const { order, attempt } = await payByCard(sessionId);
    expect(order).toMatchObject({ shippingAmount: 1_499, totalAmount: 2_999 + 1_499, capturedAmount: 4_498 });
    expect(attempt).toMatchObject({ shippingAmount: 1_499, amount: 4_498 });
  });

  it("charges the shipping a shopper's payment page showed, even when the owner changes the rate before they pay", async () => {
    const shown = await rateOf("US");
    const { sessionId, page } = await usCheckoutWithDetails();
    const shownText = `$${(shown.amount / 100).toFixed(2)}`;
    expect(page).toContain(`data-testid="shipping"><span class="nowrap">${shownText}<`);

    const raised = await putRate(shop.owner, "US", {
      version: shown.version,
      currencyCode: "USD",
      amount: shown.amount + 500,
      minDays: shown.minDays,
      maxDays: shown.maxDays,
    });
    expect(raised.status).toBe(200);

    // The page the shopper pays from still says what they will pay, and payment takes exactly that.
    const again = await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text();
    expect(again).toContain(`data-testid="shipping"><span class="nowrap">${shownText}<`);
    const { order, attempt } = await payByCard(sessionId);
    expect(order).toMatchObject({ shippingAmount: shown.amount, totalAmount: 2_999 + shown.amount });
    expect(order.capturedAmount).toBe(2_999 + shown.amount);
    expect(attempt?.amount).toBe(2_999 + shown.amount);

    // A shopper who enters their address after the change is shown, and charged, the new rate.
    const later = await usCheckoutWithDetails();
    const newText = `$${((shown.amount + 500) / 100).toFixed(2)}`;
    expect(later.page).toContain(`data-testid="shipping"><span class="nowrap">${newText}<`);
    expect((await payByCard(later.sessionId)).order.shippingAmount).toBe(shown.amount + 500);
  });

  it("quotes the new rate to a shopper who enters their address again after a change, and charges that", async () => {
    const before = await rateOf("US");
    const { sessionId } = await usCheckoutWithDetails();
    const lowered = await putRate(shop.owner, "US", {
      version: before.version,
      currencyCode: "USD",
      amount: 999,
      minDays: before.minDays,
      maxDays: before.maxDays,
    });
    expect(lowered.status).toBe(200);
    expect((await enterDetails(shop.api.baseUrl, sessionId, shopperDetails.US)).status).toBe(303);
    const page = await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text();
    expect(page).toMatch(/data-testid="shipping"><span class="nowrap">\$9\.99</);
    const { order } = await payByCard(sessionId);
    expect(order).toMatchObject({ shippingAmount: 999, totalAmount: 2_999 + 999, capturedAmount: 2_999 + 999 });
  });

  it("refuses a rate change made from an old version, keeping the first owner's rate and writing no history for it", async () => {
    const seen = await rateOf("GB");
    const first = await putRate(shop.owner, "GB", {
      version: seen.version,
      currencyCode: "GBP",
      amount: 1_199,
      minDays: 5,
      maxDays: 9,
    });
    expect(first.status).toBe(200);
    const changes = await historyCount();
    const second = await putRate(shop.partner, "GB", {
      version: seen.version,
      currencyCode: "GBP",
      amount: 0,
      minDays: 5,
      maxDays: 9,
    });
    expect(second.status).toBe(409);
    const body = (await second.json()) as { error: { code: string; message: string; details: { version: number } } };
    expect(body.error).toMatchObject({ code: "edit_conflict", details: { version: seen.version + 1 } });
    expect(body.error.message).toContain("United Kingdom");
    expect(await rateOf("GB")).toMatchObject({ amount: 1_199, version: seen.version + 1 });
    expect(await historyCount()).toBe(changes);
  });

  it("refuses negative, fractional and malformed rates, days out of order, another currency and unknown countries, changing nothing", async () => {
    const seen = await rateOf("CA");
    const changes = await historyCount();
    const valid = { version: seen.version, currencyCode: "CAD", amount: 1_799, minDays: 8, maxDays: 15 };
    const cases: [string, string, Record<string, unknown>, number, string, RegExp][] = [
      ["a negative rate", "CA", { ...valid, amount: -1 }, 400, "body.amount", /cannot be negative/],
      ["a fractional rate", "CA", { ...valid, amount: 17.99 }, 400, "body.amount", /whole minor units/],
      ["a rate as text", "CA", { ...valid, amount: "17.99" }, 400, "body.amount", /./],
      ["fractional days", "CA", { ...valid, minDays: 1.5 }, 400, "body.minDays", /whole days/],
      ["negative days", "CA", { ...valid, minDays: -1 }, 400, "body.minDays", /negative/],
      ["a year and more", "CA", { ...valid, maxDays: 366 }, 400, "body.maxDays", /365/],
      [
        "a shortest time above the longest",
        "CA",
        { ...valid, minDays: 16, maxDays: 15 },
        400,
        "body.minDays",
        /shortest delivery time \(16 days\) cannot be longer than the longest \(15 days\)/,
      ],
      [
        "another market's currency",
        "CA",
        { ...valid, currencyCode: "USD" },
        400,
        "body.currencyCode",
        /Delivery to Canada is charged in CAD, the currency of the Canada market, not in USD/,
      ],
      ["a malformed currency", "CA", { ...valid, currencyCode: "cad" }, 400, "body.currencyCode", /ISO currency/],
      ["no version", "CA", { ...valid, version: undefined }, 400, "body.version", /./],
      ["a malformed country", "ca", valid, 400, "path.countryCode", /country code/],
    ];
    for (const [label, country, body, status, field, message] of cases) {
      const response = await putRate(shop.owner, country, body);
      expect(response.status, label).toBe(status);
      const { error } = (await response.json()) as { error: { code: string; message: string; details: unknown } };
      expect(error.code, label).toBe("invalid_request");
      expect(error.details, label).toEqual({ field });
      expect(error.message, label).toMatch(message);
    }
    const unknown = await putRate(shop.owner, "FR", { ...valid, currencyCode: "EUR" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /delivers to no country FR/,
    );
    expect(await rateOf("CA")).toEqual(seen);
    expect(await historyCount()).toBe(changes);
  });

  it("sets a market's tax settings: a registered shop's checkout and order show the tax, and the history keeps both sides", async () => {
    const seen = await marketOf("np");
    const response = await shop.owner.put("/markets/np/tax", {
      version: seen.version,
      pricesIncludeTax: true,
      taxName: " VAT ",
      rateBasisPoints: 1_250,
      registration: " 601234567 ",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as AdminShipping;
    expect(answer.markets.find((market) => market.code === "np")).toMatchObject({
      taxName: "VAT",
      rateBasisPoints: 1_250,
      registration: "601234567",
      taxLines: true,
      version: seen.version + 1,
    });
    expect(answer.history[0]).toMatchObject({
      actor: ownerEmail,
      entity: "market_tax",
      entityId: "np",
      label: "Nepal",
      before: { pricesIncludeTax: true, taxName: "VAT", rateBasisPoints: 1_300, registration: null },
      after: { pricesIncludeTax: true, taxName: "VAT", rateBasisPoints: 1_250, registration: "601234567" },
    });

    const created = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(shop.api.baseUrl, sessionId, kathmanduDetails)).status).toBe(303);
    const page = await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text();
    // Rs. 1200.00 includes 12.5 % VAT: 1200 × 0.125 / 1.125 = Rs. 133.33.
    expect(page).toContain("Prices incl. VAT 12.5%: Rs. 133.33 (registration 601234567).");
    const { order } = await payByCard(sessionId);
    expect(order).toMatchObject({
      taxName: "VAT",
      taxRateBasisPoints: 1_250,
      taxRegistration: "601234567",
      taxAmount: 13_333,
      totalAmount: 120_000,
    });
  });

  it("counts a change made with npm run admin: a tax form opened before it gets a conflict, and the history names it", async () => {
    const seen = await marketOf("uk");
    const io = {
      db: shop.api.db,
      readPassword: async () => undefined,
      print: () => undefined,
      printError: (line: string) => {
        throw new Error(line);
      },
      now: shop.api.clock.now(),
    };
    expect(await runAdminCommand(["tax-registration", "--market", "uk", "--number", "GB 123 4567 89"], io)).toBe(0);
    const stale = await shop.owner.put("/markets/uk/tax", {
      version: seen.version,
      pricesIncludeTax: true,
      taxName: "VAT",
      rateBasisPoints: 2_000,
      registration: null,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      error: { code: "edit_conflict", details: { version: seen.version + 1 } },
    });
    const now = await marketOf("uk");
    expect(now).toMatchObject({ registration: "GB 123 4567 89", version: seen.version + 1 });
    const history = (await shop.owner.get<AdminShipping>("/shipping")).history;
    expect(history[0]).toMatchObject({
      actor: "npm run admin",
      entity: "market_tax",
      entityId: "uk",
      before: { registration: null },
      after: { registration: "GB 123 4567 89" },
    });
  });

  it("refuses a rate above 100 %, a name without a rate, a registration without a tax and hostile texts, changing nothing", async () => {
    const seen = await marketOf("ae");
    const changes = await historyCount();
    const valid = {
      version: seen.version,
      pricesIncludeTax: true,
      taxName: "VAT",
      rateBasisPoints: 500,
      registration: "100123456700003",
    };
    const cases: [string, string, Record<string, unknown>, number, string, RegExp][] = [
      ["a rate above 100 %", "ae", { ...valid, rateBasisPoints: 10_001 }, 400, "body.rateBasisPoints", /above 100 %/],
      ["a negative rate", "ae", { ...valid, rateBasisPoints: -1 }, 400, "body.rateBasisPoints", /negative/],
      ["a fractional rate", "ae", { ...valid, rateBasisPoints: 500.5 }, 400, "body.rateBasisPoints", /basis points/],
      ["a name without a rate", "ae", { ...valid, rateBasisPoints: null }, 400, "body.rateBasisPoints", /a rate/],
      ["a rate without a name", "ae", { ...valid, taxName: " " }, 400, "body.taxName", /a name/],
      [
        "a registration without a tax",
        "ae",
        { ...valid, taxName: null, rateBasisPoints: null },
        400,
        "body.registration",
        /belongs to a tax/,
      ],
      [
        "an over-long registration",
        "ae",
        { ...valid, registration: "1".repeat(61) },
        400,
        "body.registration",
        /1 to 60/,
      ],
      [
        "a registration with a line break",
        "ae",
        { ...valid, registration: "1001\n2345" },
        400,
        "body.registration",
        /1 to 60/,
      ],
      [
        "a registration with NUL",
        "ae",
        { ...valid, registration: "1001\u00002345" },
        400,
        "body.registration",
        /1 to 60/,
      ],
      ["markup in the registration", "ae", { ...valid, registration: "<b>1</b>" }, 400, "body.registration", /1 to 60/],
      ["markup in the tax name", "ae", { ...valid, taxName: "<script>" }, 400, "body.taxName", /tax name/],
      ["a control character in the name", "ae", { ...valid, taxName: "VA\u0007T" }, 400, "body.taxName", /tax name/],
      ["no tax-included flag", "ae", { ...valid, pricesIncludeTax: "yes" }, 400, "body.pricesIncludeTax", /./],
      ["a malformed market", "AE", valid, 400, "path.marketCode", /market code/],
    ];
    for (const [label, market, body, status, field, message] of cases) {
      const response = await shop.owner.put(`/markets/${market}/tax`, body);
      expect(response.status, label).toBe(status);
      const { error } = (await response.json()) as { error: { code: string; message: string; details: unknown } };
      expect(error.code, label).toBe("invalid_request");
      expect(error.details, label).toEqual({ field });
      expect(error.message, label).toMatch(message);
    }
    const unknown = await shop.owner.put("/markets/fr/tax", valid);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe("No market has the code fr.");
    expect(await marketOf("ae")).toEqual(seen);
    expect(await historyCount()).toBe(changes);
  });

  it("turns a market's tax off: no tax lines on its next order", async () => {
    const seen = await marketOf("np");
    const response = await shop.owner.put("/markets/np/tax", {
      version: seen.version,
      pricesIncludeTax: true,
      taxName: null,
      rateBasisPoints: null,
      registration: null,
    });
    expect(response.status).toBe(200);
    expect(await marketOf("np")).toMatchObject({ taxName: null, rateBasisPoints: null, taxLines: false });
    const created = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    await enterDetails(shop.api.baseUrl, sessionId, kathmanduDetails);
    expect(await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text()).not.toContain(
      'data-testid="tax-note"',
    );
    expect((await payByCard(sessionId)).order).toMatchObject({ taxAmount: 0, taxName: null });
  });

  /** A UK checkout of `quantity` 10 g jars (£24.99 each) with the details in: its id and its payment page. */
  async function ukCheckoutWithDetails(quantity: number): Promise<{ sessionId: string; page: string }> {
    const created = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity }], "GBP"),
    );
    expect(created.status).toBe(200);
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    expect((await enterDetails(shop.api.baseUrl, sessionId, shopperDetails.GB)).status).toBe(303);
    return { sessionId, page: await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text() };
  }
  const freeOverOf = async (code: string) =>
    (await publicRates()).markets?.find((market) => market.code === code)?.free_shipping_over;

  it("sets a market's free-shipping threshold: orders reaching it ship free, those below pay the rate, and the history keeps both sides", async () => {
    const rate = await rateOf("GB");
    // Read once first, so the cached answer must be dropped by the change.
    expect(await freeOverOf("uk")).toBeNull();
    const seen = await marketOf("uk");
    expect(seen).toMatchObject({ freeShippingOver: null, decimalDigits: 2, currencyCode: "GBP" });
    // Exactly two jars: the threshold's own amount ships free.
    const response = await shop.owner.put("/markets/uk/free-shipping", {
      version: seen.freeShippingVersion,
      currencyCode: "GBP",
      amount: 2 * 2_499,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as AdminShipping;
    expect(answer.markets.find((market) => market.code === "uk")).toMatchObject({
      freeShippingOver: 4_998,
      freeShippingVersion: seen.freeShippingVersion + 1,
      // The tax settings' version is not the threshold's: a tax form open meanwhile still saves.
      version: seen.version,
    });
    expect(answer.history[0]).toMatchObject({
      actor: ownerEmail,
      entity: "free_shipping",
      entityId: "uk",
      label: "United Kingdom",
      before: { currencyCode: "GBP", amount: null },
      after: { currencyCode: "GBP", amount: 4_998 },
    });
    expect(await freeOverOf("uk")).toBe(4_998);
    expect(await freeOverOf("us")).toBeNull();

    const two = await ukCheckoutWithDetails(2);
    expect(two.page).toContain('data-testid="shipping">Free<');
    expect(two.page).toMatch(
      /data-testid="shipping-note">Orders of <span class="nowrap">£49\.98<\/span> or more ship free\./,
    );
    expect(two.page).toMatch(/data-testid="total"><span class="nowrap">£49\.98 GBP/);
    const paidTwo = await payByCard(two.sessionId);
    expect(paidTwo.order).toMatchObject({ subtotalAmount: 4_998, shippingAmount: 0, totalAmount: 4_998 });
    expect(paidTwo.order.capturedAmount).toBe(4_998);
    expect(paidTwo.attempt).toMatchObject({ shippingAmount: 0, amount: 4_998 });

    // One penny short: the rate, and no word of the offer beside it.
    const one = await ukCheckoutWithDetails(1);
    expect(one.page).toContain(`data-testid="shipping"><span class="nowrap">£${(rate.amount / 100).toFixed(2)}<`);
    expect(one.page).not.toContain('data-testid="shipping-note"');
    expect((await payByCard(one.sessionId)).order).toMatchObject({ shippingAmount: rate.amount });

    // The first step already says a cart that reaches it ships free.
    const created = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 3 }], "GBP"),
    );
    const firstId = sessionIdOf(((await created.json()) as { url: string }).url);
    const firstStep = await (await fetch(`${shop.api.baseUrl}/checkout/${firstId}`)).text();
    expect(firstStep).toMatch(
      /data-testid="shipping-note">Orders of <span class="nowrap">£49\.98<\/span> or more ship free\./,
    );

    // A shopper on the payment step when the offer ends pays what the page showed: nothing.
    const waiting = await ukCheckoutWithDetails(2);
    const removed = await shop.owner.put("/markets/uk/free-shipping", {
      version: seen.freeShippingVersion + 1,
      currencyCode: "GBP",
      amount: null,
    });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await freeOverOf("uk")).toBeNull();
    expect((await payByCard(waiting.sessionId)).order).toMatchObject({ shippingAmount: 0, totalAmount: 4_998 });
    // The next shopper with the same cart pays the rate.
    const after = await ukCheckoutWithDetails(2);
    expect(after.page).toContain(`data-testid="shipping"><span class="nowrap">£${(rate.amount / 100).toFixed(2)}<`);
    expect((await marketOf("uk")).freeShippingOver).toBeNull();
  });

  it("refuses a threshold of nothing, below nothing, fractional, too large, in another currency, from an old version or for an unknown market, changing nothing", async () => {
    const seen = await marketOf("ca");
    const accepted = await shop.owner.put("/markets/ca/free-shipping", {
      version: seen.freeShippingVersion,
      currencyCode: "CAD",
      amount: 10_000,
    });
    expect(accepted.status).toBe(200);
    const current = await marketOf("ca");
    const changes = await historyCount();
    const valid = { version: current.freeShippingVersion, currencyCode: "CAD", amount: 8_000 };
    const cases: [string, string, Record<string, unknown>, string, RegExp][] = [
      ["zero", "ca", { ...valid, amount: 0 }, "body.amount", /above 0; send null for none/],
      ["a negative amount", "ca", { ...valid, amount: -100 }, "body.amount", /above 0/],
      ["a fractional amount", "ca", { ...valid, amount: 79.99 }, "body.amount", /whole minor units/],
      ["an amount as text", "ca", { ...valid, amount: "80" }, "body.amount", /./],
      ["an amount too large", "ca", { ...valid, amount: 100_000_001 }, "body.amount", /too large/],
      [
        "another market's currency",
        "ca",
        { ...valid, currencyCode: "USD" },
        "body.currencyCode",
        /The Canada market sells in CAD: its free-shipping threshold is set in CAD, not in USD/,
      ],
      ["a malformed currency", "ca", { ...valid, currencyCode: "cad" }, "body.currencyCode", /ISO currency/],
      ["no version", "ca", { ...valid, version: undefined }, "body.version", /./],
      ["a malformed market", "CA", valid, "path.marketCode", /market code/],
    ];
    for (const [label, market, body, field, message] of cases) {
      const response = await shop.owner.put(`/markets/${market}/free-shipping`, body);
      expect(response.status, label).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string; details: unknown } };
      expect(error.code, label).toBe("invalid_request");
      expect(error.details, label).toEqual({ field });
      expect(error.message, label).toMatch(message);
    }
    const unknown = await shop.owner.put("/markets/fr/free-shipping", { ...valid, currencyCode: "EUR" });
    expect(unknown.status).toBe(404);
    const stale = await shop.partner.put("/markets/ca/free-shipping", { ...valid, version: seen.freeShippingVersion });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { error: { code: string; message: string; details: { version: number } } };
    expect(body.error).toMatchObject({ code: "edit_conflict", details: { version: current.freeShippingVersion } });
    expect(body.error.message).toContain("free-shipping threshold of Canada");
    expect(await marketOf("ca")).toEqual(current);
    expect(await historyCount()).toBe(changes);
    expect(await freeOverOf("ca")).toBe(10_000);
    const cleared = await shop.owner.put("/markets/ca/free-shipping", { ...valid, amount: null });
    expect(cleared.status).toBe(200);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readSeedCatalog, type SeedCatalog } from "../src/catalog/seed.ts";
import { clientKeyOf, createCheckoutSession, findCheckoutSession } from "../src/checkout/sessions.ts";
import { quantityPrices } from "../src/db/schema.ts";
import {
  checkoutBody,
  databaseKinds,
  payForm,
  postJson,
  sessionIdOf,
  shopOrigin,
  snapshot,
  startApi,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();
const testCard = "4242 4242 4242 4242";
const declinedCard = "4000 0000 0000 0002";

async function checkout(api: RunningApi, body: unknown) {
  const response = await postJson(`${api.storeUrl}/checkout`, body);
  return {
    status: response.status,
    body: (await response.json()) as { url?: string; error?: { code: string; message: string } },
  };
}

async function openSession(api: RunningApi, items: { variant_id: string; quantity: number }[]): Promise<string> {
  const { status, body } = await checkout(api, checkoutBody(items));
  expect(status).toBe(200);
  return sessionIdOf(body.url ?? "");
}

describe.each(kinds)("checkout on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(async () => {
    await api.close();
  });

  it("returns a hosted checkout URL with a query string, pricing lines from the database", async () => {
    const before = await snapshot(api.db);
    const { status, body } = await checkout(api, {
      ...checkoutBody([
        { variant_id: "var_resin_30g", quantity: 2 },
        { variant_id: "var_travel_tin", quantity: 1 },
      ]),
      // Anything the client says about prices is ignored.
      total: 1,
      items: [
        { variant_id: "var_resin_30g", quantity: 2, price: 1 },
        { variant_id: "var_travel_tin", quantity: 1, amount: 1 },
      ],
    });
    expect(status).toBe(200);
    const url = new URL(body.url ?? "");
    expect(url.origin).toBe("http://api.test");
    expect(url.pathname).toMatch(/^\/checkout\/cs_[\w-]+$/);
    expect(url.search).not.toBe("");
    const page = await fetch(`${api.baseUrl}${url.pathname}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Herbo Shilajit");
    expect(html).toContain("Pure Himalayan Shilajit Resin");
    expect(html).toContain("Shilajit Travel Tin 5 g");
    // 2 × Rs. 3,000.00 (sale) + 1 × Rs. 650.00 (sale)
    expect(html).toContain('data-testid="subtotal"><span class="nowrap">Rs. 6650.00</span><');
    const after = await snapshot(api.db);
    expect(after.stock.var_resin_30g).toEqual({
      onHand: 40,
      reserved: (before.stock.var_resin_30g?.reserved ?? 0) + 2,
    });
    // Unmanaged stock is never reserved.
    expect(after.stock.var_travel_tin).toEqual(before.stock.var_travel_tin);
  });

  it("stores exactly the session and lines it answers with, written in one statement", async () => {
    // The rows are built in memory and never read back: whatever the database would add or change must be
    // in them already. A quantity price gives one line an offer, so no column is left at its default.
    await api.db
      .insert(quantityPrices)
      .values({ productId: "prod_himalayan_resin", marketCode: "np", tiers: [{ minQuantity: 2, percent: 10 }] })
      .onConflictDoNothing();
    const now = new Date("2026-12-07T08:15:30.123Z");
    const created = await createCheckoutSession(
      api.db,
      {
        items: [
          { variantId: "var_resin_30g", quantity: 2 },
          { variantId: "var_travel_tin", quantity: 1 },
        ],
        successUrl: `${shopOrigin}/success`,
        cancelUrl: `${shopOrigin}/store`,
        locale: "en-GB",
        timeZone: "Asia/Kathmandu",
      },
      { now, holdMs: 60_000, client: { key: clientKeyOf("203.0.113.7"), maxUnits: 0 }, cartKey: "cart-key" },
    );
    const stored = await findCheckoutSession(api.db, created.session.id);
    expect(stored).toEqual(created);
    expect(created.lines.map((line) => line.offerLabel)).toEqual([expect.any(String), null]);
    expect(created.session).toMatchObject({ clientKey: clientKeyOf("203.0.113.7"), cartKey: "cart-key" });
  });

  const bad = (overrides: Record<string, unknown>) => ({
    ...checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    ...overrides,
  });
  const invalidBodies: [string, unknown, string][] = [
    ["a JSON array", [], "invalid_request"],
    ["a JSON string", "checkout", "invalid_request"],
    ["no items", { successUrl: `${shopOrigin}/success`, cancelUrl: `${shopOrigin}/` }, "invalid_request"],
    ["empty items", bad({ items: [] }), "empty_cart"],
    ["items not a list", bad({ items: { variant_id: "var_resin_10g", quantity: 1 } }), "invalid_request"],
    ["an unknown variant", bad({ items: [{ variant_id: "var_missing", quantity: 1 }] }), "unknown_variant"],
    ["a missing variant id", bad({ items: [{ quantity: 1 }] }), "invalid_request"],
    ["quantity zero", bad({ items: [{ variant_id: "var_resin_10g", quantity: 0 }] }), "invalid_request"],
    ["a negative quantity", bad({ items: [{ variant_id: "var_resin_10g", quantity: -3 }] }), "invalid_request"],
    ["a fractional quantity", bad({ items: [{ variant_id: "var_resin_10g", quantity: 1.5 }] }), "invalid_request"],
    ["a quantity as text", bad({ items: [{ variant_id: "var_resin_10g", quantity: "2" }] }), "invalid_request"],
    ["a huge quantity", bad({ items: [{ variant_id: "var_resin_10g", quantity: 1e12 }] }), "invalid_request"],
    [
      "a quantity over the line limit",
      bad({ items: [{ variant_id: "var_resin_10g", quantity: 21 }] }),
      "invalid_quantity",
    ],
    [
      "repeated lines adding up over the limit",
      bad({
        items: [
          { variant_id: "var_resin_10g", quantity: 60 },
          { variant_id: "var_resin_10g", quantity: 60 },
        ],
      }),
      "invalid_quantity",
    ],
    [
      "too many lines",
      bad({ items: Array.from({ length: 51 }, (_, index) => ({ variant_id: `var_${index}`, quantity: 1 })) }),
      "too_many_lines",
    ],
    ["a successUrl on another site", bad({ successUrl: "https://evil.test/success" }), "invalid_redirect_url"],
    ["a javascript: successUrl", bad({ successUrl: "javascript:alert(1)" }), "invalid_redirect_url"],
    ["a look-alike host", bad({ successUrl: "http://shop.test.evil.test/success" }), "invalid_redirect_url"],
    ["credentials in the URL", bad({ successUrl: "http://shop.test@evil.test/success" }), "invalid_redirect_url"],
    ["another port", bad({ cancelUrl: "http://shop.test:8080/" }), "invalid_redirect_url"],
    ["a relative cancelUrl", bad({ cancelUrl: "/store" }), "invalid_redirect_url"],
    ["a missing cancelUrl", bad({ cancelUrl: undefined }), "invalid_request"],
    ["a time zone that is not a zone's name", bad({ timeZone: "<script>" }), "invalid_request"],
    ["a malformed locale", bad({ locale: "<script>" }), "invalid_request"],
  ];

  it.each(invalidBodies)("refuses %s with a 400 and writes nothing", async (_name, body, code) => {
    const before = await snapshot(api.db);
    const response = await checkout(api, body);
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe(code);
    expect(typeof response.body.error?.message).toBe("string");
    expect(await snapshot(api.db)).toEqual(before);
  });

  it("shows the reservation's end in the shopper's zone, named, and in the shop's when the zone is unknown", async () => {
    const pageFor = async (timeZone: string) => {
      const { status, body } = await checkout(api, {
        ...checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }]),
        timeZone,
      });
      expect(status).toBe(200);
      return (await fetch(`${api.baseUrl}${new URL(body.url ?? "").pathname}`)).text();
    };
    expect(await pageFor("America/Toronto")).toMatch(/reserved until \d{2}:\d{2} Eastern (Standard|Daylight) Time\./);
    // A zone this server does not know never stops the checkout.
    expect(await pageFor("Mars/Olympus")).toMatch(/reserved until \d{2}:\d{2} Nepal Time\./);
  });

  it("refuses malformed JSON and other content types with a JSON error", async () => {
    const before = await snapshot(api.db);
    const malformed = await fetch(`${api.storeUrl}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"items": [',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: "invalid_json" } });
    const text = await fetch(`${api.storeUrl}/checkout`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "items",
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
    const huge = await fetch(`${api.storeUrl}/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: [], padding: "x".repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: "body_too_large" } });
    expect(await snapshot(api.db)).toEqual(before);
  });

  it("refuses a product that is not purchasable", async () => {
    const before = await snapshot(api.db);
    const response = await checkout(api, checkoutBody([{ variant_id: "var_gift_box", quantity: 1 }]));
    expect(response.status).toBe(409);
    expect(response.body.error?.code).toBe("product_unavailable");
    expect(await snapshot(api.db)).toEqual(before);
  });

  it("answers 409 insufficient_inventory naming the variant, reserving nothing of the cart", async () => {
    const before = await snapshot(api.db);
    const response = await checkout(
      api,
      checkoutBody([
        { variant_id: "var_resin_10g", quantity: 1 },
        { variant_id: "var_value_3x20", quantity: 1 },
      ]),
    );
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: "insufficient_inventory",
      message: "Not enough stock for Shilajit Value Pack (3 × 20 g): 0 available, 1 requested.",
      details: { variant_id: "var_value_3x20", available: 0, requested: 1 },
    });
    // The 10 g line that could be reserved was rolled back with the rest.
    expect(await snapshot(api.db)).toEqual(before);
  });

  it("commits stock and records one order when paid, however often the form is submitted", async () => {
    const sessionId = await openSession(api, [{ variant_id: "var_resin_10g", quantity: 3 }]);
    const reserved = await snapshot(api.db);
    const first = await payForm(api.baseUrl, sessionId, { number: testCard });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(
      new RegExp(`^${shopOrigin}/success\\?order=HS-\\d{4,}&receipt=[\\w-]{22}$`),
    );
    const again = await payForm(api.baseUrl, sessionId, { number: testCard }, false);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    const after = await snapshot(api.db);
    expect(after.orders).toBe(reserved.orders + 1);
    expect(after.stock.var_resin_10g).toEqual({
      onHand: (reserved.stock.var_resin_10g?.onHand ?? 0) - 3,
      reserved: (reserved.stock.var_resin_10g?.reserved ?? 0) - 3,
    });
    const page = await fetch(`${api.baseUrl}/checkout/${sessionId}`);
    expect(await page.text()).toContain("This order has already been placed.");
  });

  it("records exactly one order when payments for one session arrive at the same time", async () => {
    const sessionId = await openSession(api, [{ variant_id: "var_resin_20g", quantity: 2 }]);
    const before = await snapshot(api.db);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => payForm(api.baseUrl, sessionId, { number: testCard })),
    );
    for (const response of responses) expect(response.status).toBe(303);
    const after = await snapshot(api.db);
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock.var_resin_20g?.onHand).toBe((before.stock.var_resin_20g?.onHand ?? 0) - 2);
  });

  it("shows a declined card's message after a redirect (post/redirect/get) and changes nothing", async () => {
    const sessionId = await openSession(api, [{ variant_id: "var_resin_10g", quantity: 1 }]);
    const before = await snapshot(api.db);
    const declined = await payForm(api.baseUrl, sessionId, { number: declinedCard });
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe(`/checkout/${sessionId}`);
    const shown = await fetch(`${api.baseUrl}/checkout/${sessionId}`);
    expect(shown.status).toBe(200);
    const shownPage = await shown.text();
    expect(shownPage).toContain("Your card was declined.");
    // On the card's section, which cash on delivery now precedes, and its summary link leads to the number.
    expect(shownPage).toMatch(/<p class="error" id="card-error">Your card was declined\./);
    expect(shownPage).toContain('<a href="#card-number">Your card was declined.');
    expect(shownPage.indexOf('id="cod-heading"')).toBeLessThan(shownPage.indexOf('id="card-heading"'));
    for (const [card, message] of [
      [{ number: "1234 5678 9012 3456" }, "Enter a valid card number."],
      [{ number: testCard, expiry: "01/20" }, "This card has expired."],
      [{ number: testCard, cvc: "1" }, "Enter the 3 or 4 digit security code."],
      [{ number: testCard, name: "" }, "Enter the name on the card."],
    ] as const) {
      const refused = await payForm(api.baseUrl, sessionId, card, false);
      expect(refused.status).toBe(303);
      const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      expect(page).toContain('role="alert"');
      expect(page).toContain(message);
      // What was typed is never echoed back.
      expect(page).not.toContain("1234 5678 9012 3456");
    }
    expect(await snapshot(api.db)).toEqual(before);
    // The session is still payable afterwards.
    expect((await payForm(api.baseUrl, sessionId, { number: testCard })).status).toBe(303);
  });

  it("releases the reservation on cancel and redirects to cancelUrl", async () => {
    const before = await snapshot(api.db);
    const sessionId = await openSession(api, [{ variant_id: "var_starter_kit", quantity: 2 }]);
    expect((await snapshot(api.db)).stock.var_starter_kit?.reserved).toBe(
      (before.stock.var_starter_kit?.reserved ?? 0) + 2,
    );
    const cancel = await fetch(`${api.baseUrl}/checkout/${sessionId}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(`${shopOrigin}/store`);
    const after = await snapshot(api.db);
    expect(after.stock.var_starter_kit).toEqual(before.stock.var_starter_kit);
    expect(after.orders).toBe(before.orders);
    // Paying a cancelled session is refused and takes nothing.
    const late = await payForm(api.baseUrl, sessionId, { number: testCard });
    expect(late.status).toBe(410);
    expect(await late.text()).toContain("Checkout cancelled");
    expect(await snapshot(api.db)).toEqual(after);
  });

  it("returns reserved stock when a session expires, and refuses to pay it", async () => {
    const before = await snapshot(api.db);
    const sessionId = await openSession(api, [{ variant_id: "var_starter_kit", quantity: 3 }]);
    // All three units are held: nobody else can have one.
    const blocked = await checkout(api, checkoutBody([{ variant_id: "var_starter_kit", quantity: 1 }]));
    expect(blocked.body.error?.code).toBe("insufficient_inventory");
    api.clock.advance(30 * 60_000 + 1);
    const page = await fetch(`${api.baseUrl}/checkout/${sessionId}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("Checkout expired");
    expect((await snapshot(api.db)).stock.var_starter_kit).toEqual(before.stock.var_starter_kit);
    const late = await payForm(api.baseUrl, sessionId, { number: testCard });
    expect(late.status).toBe(410);
    expect((await snapshot(api.db)).orders).toBe(before.orders);
  });

  it("expires stale reservations before taking new ones", async () => {
    const sessionId = await openSession(api, [{ variant_id: "var_starter_kit", quantity: 3 }]);
    api.clock.advance(30 * 60_000 + 1);
    // Nobody visited the expired session; the next checkout still gets the stock back.
    const next = await checkout(api, checkoutBody([{ variant_id: "var_starter_kit", quantity: 3 }]));
    expect(next.status).toBe(200);
    const cancel = await fetch(`${api.baseUrl}/checkout/${sessionIdOf(next.body.url ?? "")}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancel.status).toBe(303);
    expect((await fetch(`${api.baseUrl}/checkout/${sessionId}`)).status).toBe(410);
  });

  it("takes stock whose hold ended since the last sweep, even before the next sweep is due", async () => {
    const sessionId = await openSession(api, [{ variant_id: "var_starter_kit", quantity: 3 }]);
    api.clock.advance(30 * 60_000 - 500);
    // This checkout sweeps, finding no hold ended yet.
    const other = await openSession(api, [{ variant_id: "var_travel_tin", quantity: 1 }]);
    api.clock.advance(600);
    // The kits' hold ended 100 ms ago, well inside the interval between sweeps: short of stock, it sweeps.
    const next = await checkout(api, checkoutBody([{ variant_id: "var_starter_kit", quantity: 3 }]));
    expect(next.status).toBe(200);
    expect((await fetch(`${api.baseUrl}/checkout/${sessionId}`)).status).toBe(410);
    for (const id of [other, sessionIdOf(next.body.url ?? "")]) {
      const cancel = await fetch(`${api.baseUrl}/checkout/${id}/cancel`, { method: "POST", redirect: "manual" });
      expect(cancel.status).toBe(303);
    }
  });

  it("shows a clear page for an unknown or malformed session", async () => {
    for (const id of ["cs_doesnotexist", "not-a-session", "cs_%3Cscript%3E"]) {
      const response = await fetch(`${api.baseUrl}/checkout/${id}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Checkout not found");
      expect(html).not.toContain("<script");
    }
    const pay = await payForm(api.baseUrl, "cs_doesnotexist", { number: testCard });
    expect(pay.status).toBe(404);
  });
});

describe.each(kinds)("concurrent checkouts on %s", (kind) => {
  let api: RunningApi;
  afterEach(async () => {
    await api.close();
  });

  it("reserves exactly 5 units when 50 shoppers race for a variant with 5 in stock", async () => {
    const catalog: SeedCatalog = await readSeedCatalog();
    const kit = catalog.products.find((product) => product.id === "prod_starter_kit");
    const variant = kit?.variants[0];
    if (variant === undefined) throw new Error("The seed has no starter kit");
    variant.stock = 5;
    api = await startApi(kind, { catalog });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => checkout(api, checkoutBody([{ variant_id: "var_starter_kit", quantity: 1 }]))),
    );
    const won = responses.filter((response) => response.status === 200);
    const lost = responses.filter((response) => response.status === 409);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(45);
    for (const response of lost) expect(response.body.error?.code).toBe("insufficient_inventory");
    const after = await snapshot(api.db);
    expect(after.stock.var_starter_kit).toEqual({ onHand: 5, reserved: 5 });
    expect(after.sessions).toBe(5);
  });
});

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutSessions, paymentAttempts } from "../src/db/schema.ts";
import { loadConfig } from "../src/config.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  kathmanduDetails,
  postPayment,
  sessionIdOf,
  snapshot,
  startApi,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();
const minute = 60_000;

/** A new browser's cart token, as the storefront makes one. */
function newCartToken(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * A checkout from one client address, as the nearest (trusted) proxy saw it, from a browser with this
 * cart token (none when undefined).
 */
async function checkoutFrom(
  api: RunningApi,
  address: string,
  items: { variant_id: string; quantity: number }[],
  cartToken?: string,
) {
  const response = await fetch(`${api.storeUrl}/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ ...checkoutBody(items), ...(cartToken === undefined ? {} : { cartToken }) }),
  });
  const body = (await response.json()) as { url?: string; error?: { code: string; details?: unknown } };
  return { status: response.status, body, sessionId: body.url === undefined ? undefined : sessionIdOf(body.url) };
}

async function statusOf(api: RunningApi, sessionId: string | undefined): Promise<string | undefined> {
  const [row] = await api.db
    .select({ status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId ?? ""));
  return row?.status;
}

/** A payment open at a provider for a checkout, as a Stripe payment started from its payment step. */
async function openProviderPayment(api: RunningApi, sessionId: string, status: "pending" | "superseded") {
  const now = api.clock.now();
  await api.db.insert(paymentAttempts).values({
    id: `pa_${randomBytes(9).toString("base64url")}`,
    sessionId,
    provider: "stripe",
    reference: `cs_test_${randomBytes(9).toString("base64url")}`,
    amount: 100,
    currencyCode: "NPR",
    providerAmount: 100,
    customer: shopperDetailsAsStored,
    subtotalAmount: 100,
    shippingAmount: 0,
    status,
    expiresAt: new Date(now.getTime() + 30 * minute),
    checkAfter: new Date(now.getTime() + 2 * minute),
    createdAt: now,
    updatedAt: now,
  });
}

/** Details as a checkout stores them once checked (what a payment attempt records). */
const shopperDetailsAsStored = {
  email: "asha.gurung@example.com",
  fullName: "Asha Gurung",
  phone: "+9779812345678",
  country: "NP" as const,
  address: {
    line1: "Thamel Marg 12",
    line2: null,
    city: "Kathmandu",
    region: null,
    district: "Kathmandu",
    postalCode: "44600",
  },
};

async function reserved(api: RunningApi, variantId: string): Promise<number> {
  return (await snapshot(api.db)).stock[variantId]?.reserved ?? Number.NaN;
}

describe.each(kinds)("what unpaid checkouts may hold, on %s", (kind) => {
  let api: RunningApi;
  let address = 0;
  /** Each test is its own shopper: a fresh address, a fresh browser, and no stock held from the test before. */
  let shopper = "";
  let browser = "";
  beforeAll(async () => {
    api = await startApi(kind, {
      reservationMs: 30 * minute,
      holdMs: 10 * minute,
      maxUnitsPerAddress: 40,
      trustProxy: 1,
    });
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(() => {
    address += 1;
    shopper = `203.0.113.${address}`;
    browser = newCartToken();
    // Everything earlier tests held has expired by now.
    api.clock.advance(31 * minute);
  });

  it("holds stock for 10 minutes before details, then for 30 minutes from the details", async () => {
    const first = await checkoutFrom(api, shopper, [{ variant_id: "var_resin_30g", quantity: 2 }]);
    expect(first.status).toBe(200);
    const second = await checkoutFrom(api, shopper, [{ variant_id: "var_resin_20g", quantity: 1 }]);
    expect(await reserved(api, "var_resin_30g")).toBe(2);
    api.clock.advance(5 * minute);
    expect((await enterDetails(api.baseUrl, second.sessionId ?? "")).status).toBe(303);
    api.clock.advance(5 * minute + 1);
    // The next checkout sweeps: the one without details expired at 10 minutes, the other holds on.
    await checkoutFrom(api, `198.51.100.${address}`, [{ variant_id: "var_gift_box", quantity: 1 }]);
    expect(await statusOf(api, first.sessionId)).toBe("expired");
    expect(await reserved(api, "var_resin_30g")).toBe(0);
    expect(await statusOf(api, second.sessionId)).toBe("open");
    api.clock.advance(24 * minute);
    await checkoutFrom(api, `198.51.100.${address}`, [{ variant_id: "var_gift_box", quantity: 1 }]);
    expect(await statusOf(api, second.sessionId)).toBe("open");
    api.clock.advance(1 * minute + 1);
    await checkoutFrom(api, `198.51.100.${address}`, [{ variant_id: "var_gift_box", quantity: 1 }]);
    expect(await statusOf(api, second.sessionId)).toBe("expired");
  });

  it("replaces a shopper's unpaid checkout with the same items instead of holding them twice", async () => {
    const items = [{ variant_id: "var_starter_kit", quantity: 3 }];
    const first = await checkoutFrom(api, shopper, items, browser);
    expect(first.status).toBe(200);
    // Back from the payment page, Proceed to Checkout again: their own kits are not "sold out".
    const again = await checkoutFrom(api, shopper, items, browser);
    expect(again.status).toBe(200);
    expect(await statusOf(api, first.sessionId)).toBe("expired");
    expect(await reserved(api, "var_starter_kit")).toBe(3);
    // Someone else is still refused the kits that the shopper holds.
    const other = await checkoutFrom(api, `198.51.100.${address}`, [{ variant_id: "var_starter_kit", quantity: 1 }]);
    expect(other.body.error?.code).toBe("insufficient_inventory");
    expect(await statusOf(api, again.sessionId)).toBe("open");
  });

  it("gives a shopper back what their own earlier checkout holds when a changed cart needs it", async () => {
    const first = await checkoutFrom(api, shopper, [{ variant_id: "var_starter_kit", quantity: 3 }], browser);
    const changed = await checkoutFrom(
      api,
      shopper,
      [
        { variant_id: "var_starter_kit", quantity: 2 },
        { variant_id: "var_resin_10g", quantity: 1 },
      ],
      browser,
    );
    expect(changed.status).toBe(200);
    expect(await statusOf(api, first.sessionId)).toBe("expired");
    expect(await reserved(api, "var_starter_kit")).toBe(2);
  });

  it("never turns the next shopper behind a full address away: its oldest checkout without details makes room", async () => {
    // Abandoned checkouts hold all 40 units one address may: the oldest has details, the other two not.
    const withDetails = await checkoutFrom(
      api,
      shopper,
      [{ variant_id: "var_resin_10g", quantity: 20 }],
      newCartToken(),
    );
    expect((await enterDetails(api.baseUrl, withDetails.sessionId ?? "")).status).toBe(303);
    api.clock.advance(1_000);
    const older = await checkoutFrom(api, shopper, [{ variant_id: "var_resin_20g", quantity: 10 }], newCartToken());
    api.clock.advance(1_000);
    const newer = await checkoutFrom(api, shopper, [{ variant_id: "var_resin_30g", quantity: 10 }], newCartToken());
    expect(await reserved(api, "var_resin_20g")).toBe(10);
    api.clock.advance(1_000);
    const next = await checkoutFrom(api, shopper, [{ variant_id: "var_value_2x20", quantity: 5 }], newCartToken());
    expect(next.status).toBe(200);
    // Only as much as the new checkout needs is freed: the oldest of those without details.
    expect(await statusOf(api, older.sessionId)).toBe("expired");
    expect(await reserved(api, "var_resin_20g")).toBe(0);
    expect(await statusOf(api, newer.sessionId)).toBe("open");
    expect(await statusOf(api, withDetails.sessionId)).toBe("open");
    // Then the next oldest without details, though newer than one with details.
    api.clock.advance(1_000);
    const another = await checkoutFrom(api, shopper, [{ variant_id: "var_value_2x20", quantity: 15 }], newCartToken());
    expect(another.status).toBe(200);
    expect(await statusOf(api, newer.sessionId)).toBe("expired");
    expect(await statusOf(api, withDetails.sessionId)).toBe("open");
    // A checkout with details goes only once none without is left to free, the oldest first.
    for (const sessionId of [next.sessionId, another.sessionId]) {
      expect((await enterDetails(api.baseUrl, sessionId ?? "")).status).toBe(303);
    }
    expect((await checkoutFrom(api, shopper, [{ variant_id: "var_resin_30g", quantity: 5 }])).status).toBe(200);
    expect(await statusOf(api, withDetails.sessionId)).toBe("expired");
    expect(await statusOf(api, next.sessionId)).toBe("open");
    expect(await statusOf(api, another.sessionId)).toBe("open");
    // Another address is not affected.
    const other = await checkoutFrom(api, `198.51.100.${address}`, [{ variant_id: "var_resin_30g", quantity: 1 }]);
    expect(other.status).toBe(200);
  });

  it("never replaces a checkout whose payment is open at a provider, pending or superseded", async () => {
    const items = [{ variant_id: "var_starter_kit", quantity: 3 }];
    for (const status of ["pending", "superseded"] as const) {
      api.clock.advance(31 * minute);
      const first = await checkoutFrom(api, shopper, items, browser);
      await openProviderPayment(api, first.sessionId ?? "", status);
      const again = await checkoutFrom(api, shopper, items, browser);
      expect(again.body.error?.code).toBe("insufficient_inventory");
      expect(await statusOf(api, first.sessionId)).toBe("open");
      await api.db.delete(paymentAttempts).where(eq(paymentAttempts.sessionId, first.sessionId ?? ""));
    }
  });

  it("lets two shoppers behind one address both check out: one never replaces or expires the other's", async () => {
    // Carrier NAT: two phones, one public address, two browsers.
    const alice = newCartToken();
    const bijay = newCartToken();
    const items = [{ variant_id: "var_resin_10g", quantity: 1 }];
    const first = await checkoutFrom(api, shopper, items, alice);
    expect((await enterDetails(api.baseUrl, first.sessionId ?? "")).status).toBe(303);
    const second = await checkoutFrom(api, shopper, items, bijay);
    expect(second.status).toBe(200);
    expect(await statusOf(api, first.sessionId)).toBe("open");
    expect(await statusOf(api, second.sessionId)).toBe("open");
    const step = await fetch(`${api.baseUrl}/checkout/${first.sessionId}`);
    expect(step.status).toBe(200);
    expect(await step.text()).not.toContain("Checkout expired");
    // A checkout sent without a token replaces nothing either.
    const third = await checkoutFrom(api, shopper, items);
    expect(third.status).toBe(200);
    expect(await statusOf(api, second.sessionId)).toBe("open");
  });

  it("never frees a checkout being paid at a provider: when those fill the address's units, a new one is refused and changes nothing", async () => {
    const held: string[] = [];
    for (const variant of ["var_resin_10g", "var_resin_20g"]) {
      const opened = await checkoutFrom(api, shopper, [{ variant_id: variant, quantity: 19 }], newCartToken());
      expect(opened.status).toBe(200);
      held.push(opened.sessionId ?? "");
    }
    const abandoned = await checkoutFrom(api, shopper, [{ variant_id: "var_resin_30g", quantity: 2 }], newCartToken());
    // Two are being paid at a provider, one of them past its hold: they still hold stock, and still count.
    await openProviderPayment(api, held[0] ?? "", "pending");
    await openProviderPayment(api, held[1] ?? "", "superseded");
    await api.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(api.clock.now().getTime() - minute) })
      .where(eq(checkoutSessions.id, held[1] ?? ""));
    const before = await snapshot(api.db);
    const over = await checkoutFrom(api, shopper, [{ variant_id: "var_value_2x20", quantity: 3 }], newCartToken());
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: "too_many_open_checkouts", details: { units: 41, max_units: 40 } });
    expect(await snapshot(api.db)).toEqual(before);
    expect(await statusOf(api, abandoned.sessionId)).toBe("open");
    // Room the abandoned checkout can give is taken: it is freed, the two at the provider are not.
    const fits = await checkoutFrom(api, shopper, [{ variant_id: "var_value_2x20", quantity: 2 }], newCartToken());
    expect(fits.status).toBe(200);
    expect(await statusOf(api, abandoned.sessionId)).toBe("expired");
    expect(await statusOf(api, held[0])).toBe("open");
    expect(await statusOf(api, held[1])).toBe("open");
    await api.db.delete(paymentAttempts).where(eq(paymentAttempts.provider, "stripe"));
  });

  it("lets one address's unpaid checkouts hold at most 40 units together, however many it opens", async () => {
    const variants = ["var_resin_10g", "var_resin_20g", "var_resin_30g"];
    const unitsHeld = async () => {
      const { stock } = await snapshot(api.db);
      return variants.reduce((sum, variant) => sum + (stock[variant]?.reserved ?? 0), 0);
    };
    // One client hammering out checkouts, with and without details, never holds more than the limit.
    for (let round = 0; round < 12; round += 1) {
      const variant = variants[round % variants.length] ?? "";
      const opened = await checkoutFrom(api, shopper, [{ variant_id: variant, quantity: 7 }], newCartToken());
      expect(opened.status).toBe(200);
      if (round % 2 === 0) expect((await enterDetails(api.baseUrl, opened.sessionId ?? "")).status).toBe(303);
      expect(await unitsHeld()).toBeLessThanOrEqual(40);
    }
    expect(await unitsHeld()).toBe(35);
    // Sent at once, they still count each other.
    const atOnce = await Promise.all(
      variants.map((variant) => checkoutFrom(api, shopper, [{ variant_id: variant, quantity: 9 }], newCartToken())),
    );
    expect(atOnce.map((opened) => opened.status)).toEqual([200, 200, 200]);
    expect(await unitsHeld()).toBeLessThanOrEqual(40);
    // One checkout larger than the limit is refused and changes nothing.
    const before = await snapshot(api.db);
    const over = await checkoutFrom(api, shopper, [
      { variant_id: "var_resin_10g", quantity: 20 },
      { variant_id: "var_resin_20g", quantity: 20 },
      { variant_id: "var_resin_30g", quantity: 1 },
    ]);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: "too_many_open_checkouts", details: { units: 41, max_units: 40 } });
    expect(await snapshot(api.db)).toEqual(before);
  });

  it("holds at most 20 of one item per checkout", async () => {
    const over = await checkoutFrom(api, shopper, [{ variant_id: "var_resin_10g", quantity: 21 }]);
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: "invalid_quantity", details: { max: 20 } });
  });
});

describe.each(kinds)("one carrier address, many shoppers, with the shipped limits, on %s", (kind) => {
  let api: RunningApi;
  // Every per-address limit as `npm start` sets it when nothing is configured.
  const shipped = loadConfig({});
  beforeAll(async () => {
    api = await startApi(kind, {
      trustProxy: 1,
      holdMs: shipped.holdMs,
      reservationMs: shipped.reservationMs,
      maxUnitsPerAddress: shipped.maxUnitsPerAddress,
      checkoutRateLimit: shipped.checkoutRateLimit,
      paymentAttemptLimit: shipped.paymentAttemptLimit,
      cashOnDelivery: shipped.cashOnDelivery,
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it("lets 20 shoppers behind one address each check out and pay, after abandoned checkouts filled what it may hold", async () => {
    const address = "203.0.113.77";
    // Carrier NAT in Nepal: abandoned checkouts already hold all the units the address may hold.
    const abandoned = Math.ceil(shipped.maxUnitsPerAddress / 12);
    for (let index = 0; index < abandoned; index += 1) {
      const opened = await checkoutFrom(api, address, [{ variant_id: "var_resin_10g", quantity: 12 }], newCartToken());
      expect(opened.status).toBe(200);
    }
    // Twenty phones, each its own browser and its own person, all on the checkout before any of them pays.
    const shoppers: string[] = [];
    for (let phone = 0; phone < 20; phone += 1) {
      const opened = await checkoutFrom(api, address, [{ variant_id: "var_resin_10g", quantity: 2 }], newCartToken());
      expect(opened.status, `shopper ${phone + 1}`).toBe(200);
      const person = {
        ...kathmanduDetails,
        email: `carrier-${phone}@example.com`,
        phone: `98410${String(phone).padStart(5, "0")}`,
      };
      expect((await enterDetails(api.baseUrl, opened.sessionId ?? "", person)).status).toBe(303);
      shoppers.push(opened.sessionId ?? "");
    }
    for (const [index, sessionId] of shoppers.entries()) {
      const paid =
        index % 2 === 0
          ? await postPayment(api.baseUrl, sessionId, "sandbox", {
              name: "Test Shopper",
              number: "4242 4242 4242 4242",
              expiry: "1129",
              cvc: "123",
            })
          : await postPayment(api.baseUrl, sessionId, "cod");
      expect(paid.status, `shopper ${index + 1}`).toBe(303);
      expect(paid.headers.get("location"), `shopper ${index + 1}`).toMatch(/\/success\?order=HS-\d+/);
      expect(await statusOf(api, sessionId)).toBe("paid");
    }
  });
});

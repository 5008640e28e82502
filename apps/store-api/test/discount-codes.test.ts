import type { AdminDiscountCodeInput, AdminOrderDetail, AdminPromotions } from "@herbo/hosted-api/admin";
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { composeEmail } from "../src/email/compose.ts";
import { checkoutLines, checkoutSessions, codeRedemptions, orders, outbox } from "../src/db/schema.ts";
import { ownerEmail, backOfficeSuite } from "./admin-helpers.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  payByTestCard,
  postJson,
  sessionIdOf,
  shopperDetails,
} from "./harness.ts";
import { testMailSettings } from "./outbox-fixtures.ts";

/**
 * Discount codes: the owner creates them (checked in full, kept in the history, ended at will); a shopper
 * types one with their details at checkout; the server checks it against the checkout (market, currency,
 * products, minimum, time, uses in all and per email), holds one use while the checkout is open, uses it
 * with the order and gives it back when the checkout ends unpaid. Its share of each line is stated the same
 * way on every page and email, and exactly as many orders as it has uses get it, however many shoppers race.
 */

const kinds = await databaseKinds();
const jar = 2_499; // The 10 g jar in pounds.
const tin = 1_399; // The travel tin's sale price in pounds.

const percentCode = (code: string, changes: Partial<AdminDiscountCodeInput> = {}): AdminDiscountCodeInput => ({
  code,
  kind: "percent",
  percent: 10,
  amounts: {},
  minimums: {},
  markets: [],
  productIds: [],
  startsAt: null,
  endsAt: null,
  totalUses: null,
  usesPerEmail: null,
  ...changes,
});

describe.each(kinds)("discount codes on %s", (kind) => {
  const shop = backOfficeSuite(kind);
  beforeEach(() => {
    shop.api.clock.advance(60_000);
  });

  async function create(input: AdminDiscountCodeInput) {
    return shop.owner.post("/discount-codes", input);
  }
  async function created(input: AdminDiscountCodeInput) {
    const response = await create(input);
    expect(response.status, await response.clone().text()).toBe(201);
    const code = ((await response.json()) as AdminPromotions).codes.find(
      (entry) => entry.code === input.code.toUpperCase(),
    );
    if (code === undefined) throw new Error(`No code ${input.code}`);
    return code;
  }
  async function codeOf(code: string) {
    const found = (await shop.owner.get<AdminPromotions>("/promotions")).codes.find((entry) => entry.code === code);
    if (found === undefined) throw new Error(`No code ${code}`);
    return found;
  }
  /** A checkout in pounds of `items`; its id. */
  async function ukCheckout(items: { variant_id: string; quantity: number }[]): Promise<string> {
    const response = await postJson(`${shop.api.storeUrl}/checkout`, checkoutBody(items, "GBP"));
    expect(response.status, await response.clone().text()).toBe(200);
    return sessionIdOf(((await response.json()) as { url: string }).url);
  }
  /** The UK shopper's details with a code (and another email, when given). */
  function details(discountCode: string, email?: string): Record<string, string> {
    return { ...shopperDetails.GB, discountCode, ...(email === undefined ? {} : { email }) };
  }
  async function sessionOf(sessionId: string) {
    const [session] = await shop.api.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    if (session === undefined) throw new Error(`No checkout ${sessionId}`);
    const lines = await shop.api.db
      .select()
      .from(checkoutLines)
      .where(eq(checkoutLines.sessionId, sessionId))
      .orderBy(asc(checkoutLines.position));
    return { session, lines };
  }
  async function holdOf(sessionId: string) {
    const [row] = await shop.api.db.select().from(codeRedemptions).where(eq(codeRedemptions.sessionId, sessionId));
    return row?.status;
  }
  async function refusalOf(response: Response): Promise<string> {
    expect(response.status).toBe(422);
    const page = await response.text();
    return /<p class="field-error" id="field-discountCode-error">([^<]*)<\/p>/.exec(page)?.[1] ?? "";
  }
  const payByCard = (sessionId: string) => payByTestCard(shop.api, sessionId);

  it("applies a percentage code typed in any case, holds a use, and every page, the email and the back office state it", async () => {
    const code = await created(percentCode("HIMALAYA10", { markets: ["uk"] }));
    expect(code).toMatchObject({ kind: "percent", percent: 10, active: true, used: 0, held: 0 });
    const promotions = await shop.owner.get<AdminPromotions>("/promotions");
    expect(promotions.history[0]).toMatchObject({
      actor: ownerEmail,
      entity: "discount_code",
      label: "HIMALAYA10",
      change: "created",
    });

    const sessionId = await ukCheckout([{ variant_id: "var_resin_10g", quantity: 2 }]);
    expect((await enterDetails(shop.api.baseUrl, sessionId, details(" himalaya10 "))).status).toBe(303);
    const { session, lines } = await sessionOf(sessionId);
    expect(session).toMatchObject({ discountCode: "HIMALAYA10", totalAmount: 2 * jar - 500, discountAmount: 500 });
    expect(lines[0]).toMatchObject({ codeDiscountAmount: 500, discountAmount: 500 });
    expect(await holdOf(sessionId)).toBe("held");
    expect((await codeOf("HIMALAYA10")).held).toBe(1);
    const page = await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}`)).text();
    expect(page).toMatch(
      /Discount code HIMALAYA10<\/th><td class="num" data-testid="code-discount">−<span class="nowrap">£5\.00/,
    );
    expect(page).toMatch(/data-testid="subtotal"><span class="nowrap">£44\.98/);
    // The details form shows the code applied, to change or remove it.
    const form = await (await fetch(`${shop.api.baseUrl}/checkout/${sessionId}/details`)).text();
    expect(form).toContain('name="discountCode"');
    expect(form).toContain('value="HIMALAYA10"');

    const order = await payByCard(sessionId);
    expect(order).toMatchObject({
      discountCode: "HIMALAYA10",
      codeDiscountAmount: 500,
      discountAmount: 500,
      subtotalAmount: 4_498,
      capturedAmount: 4_498 + 999,
    });
    expect(await holdOf(sessionId)).toBe("used");
    expect(await codeOf("HIMALAYA10")).toMatchObject({ used: 1, held: 0 });
    const [confirmation] = await shop.api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, "order_confirmation")));
    if (confirmation === undefined) throw new Error("No confirmation");
    const text = String(composeEmail(confirmation, testMailSettings).text);
    expect(text).toContain("Discount code HIMALAYA10: −£5.00\nSubtotal: £44.98\nShipping: £9.99\nTotal: £54.97 GBP");
    const orderPage = await (await fetch(`${shop.api.baseUrl}/orders/${order.accessToken}`)).text();
    expect(orderPage).toMatch(/data-testid="code-discount">−<span class="nowrap">£5\.00/);
    const invoice = await (await fetch(`${shop.api.baseUrl}/orders/${order.accessToken}/invoice`)).text();
    expect(invoice).toMatch(/data-testid="invoice-code-discount">−<span class="nowrap">£5\.00/);
    expect(invoice).toMatch(/data-testid="invoice-total"><span class="nowrap">£54\.97 GBP/);
    const detail = await shop.owner.get<AdminOrderDetail>(`/orders/${order.number}`);
    expect(detail.discountCode).toMatchObject({ code: "HIMALAYA10", amount: { amount: 500 } });
    const day = order.createdAt.toISOString().slice(0, 10);
    const csv = await (
      await shop.owner.request("GET", `/orders/export.csv?from=${day}&to=${day}`, undefined, null)
    ).text();
    expect(csv).toContain(",5.00,HIMALAYA10,44.98,");
  });

  it("spreads a fixed amount over the lines it applies to by largest remainder, to the penny", async () => {
    await created({ ...percentCode("TENOFF"), kind: "amount", percent: null, amounts: { GBP: 1_000 } });
    const sessionId = await ukCheckout([
      { variant_id: "var_resin_10g", quantity: 1 },
      { variant_id: "var_travel_tin", quantity: 1 },
    ]);
    expect((await enterDetails(shop.api.baseUrl, sessionId, details("tenoff"))).status).toBe(303);
    const { session, lines } = await sessionOf(sessionId);
    expect(lines.map((line) => line.codeDiscountAmount)).toEqual([641, 359]);
    expect(session).toMatchObject({ totalAmount: jar + tin - 1_000, discountAmount: 1_000 });
    // Removing it (an empty field) gives the use back and the lines their price.
    expect((await enterDetails(shop.api.baseUrl, sessionId, details(""))).status).toBe(303);
    const removed = await sessionOf(sessionId);
    expect(removed.session).toMatchObject({ discountCode: null, totalAmount: jar + tin, discountAmount: 0 });
    expect(removed.lines.map((line) => line.codeDiscountAmount)).toEqual([0, 0]);
    expect(await holdOf(sessionId)).toBe("released");
  });

  it("refuses a code the checkout cannot take, with the reason, and saves nothing of the details", async () => {
    await created(
      percentCode("UKJARS", { markets: ["uk"], productIds: ["prod_himalayan_resin"], minimums: { GBP: 4_000 } }),
    );
    await created(percentCode("LATER", { startsAt: "2099-01-01T00:00:00.000Z" }));
    const ended = await created(percentCode("GONE"));
    expect((await shop.owner.post(`/discount-codes/${ended.id}/end`, {})).status).toBe(200);
    expect((await codeOf("GONE")).active).toBe(false);

    const oneJar = await ukCheckout([{ variant_id: "var_resin_10g", quantity: 1 }]);
    const cases: [string, string][] = [
      ["NOSUCH", "We do not know the code NOSUCH."],
      ["UKJARS", "The code UKJARS is for orders of £40.00 or more."],
      ["LATER", "The code LATER is not valid yet."],
      ["GONE", "The code GONE has ended."],
      ["A".repeat(41), "A discount code is 1 to 40 letters, digits, dashes or underscores."],
      ["HIMA\u0007LAYA", "A discount code is 1 to 40 letters, digits, dashes or underscores."],
      ["<script>", "A discount code is 1 to 40 letters, digits, dashes or underscores."],
    ];
    for (const [typed, message] of cases) {
      expect(await refusalOf(await enterDetails(shop.api.baseUrl, oneJar, details(typed))), typed).toBe(message);
    }
    const unchanged = await sessionOf(oneJar);
    expect(unchanged.session).toMatchObject({ customer: null, discountCode: null, totalAmount: jar });
    expect(await holdOf(oneJar)).toBeUndefined();

    const tins = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 4 }]);
    expect(await refusalOf(await enterDetails(shop.api.baseUrl, tins, details("UKJARS")))).toBe(
      "The code UKJARS does not apply to these items.",
    );
    const us = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 2 }], "USD"),
    );
    const usSession = sessionIdOf(((await us.json()) as { url: string }).url);
    expect(
      await refusalOf(
        await enterDetails(shop.api.baseUrl, usSession, { ...shopperDetails.US, discountCode: "UKJARS" }),
      ),
    ).toBe("The code UKJARS is not valid in our United States shop.");
  });

  it("stops taking codes on a checkout after ten refusals, so none can be guessed there", async () => {
    const sessionId = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 1 }]);
    await created(percentCode("REALCODE"));
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await refusalOf(await enterDetails(shop.api.baseUrl, sessionId, details(`GUESS${attempt}`)))).toMatch(
        /^We do not know the code GUESS/,
      );
    }
    expect(await refusalOf(await enterDetails(shop.api.baseUrl, sessionId, details("REALCODE")))).toBe(
      "This checkout has refused too many codes. Please check the code you were given.",
    );
    // The shopper can still check out without a code.
    expect((await enterDetails(shop.api.baseUrl, sessionId, details(""))).status).toBe(303);
  });

  it("counts uses per email across checkouts and orders, and gives a cancelled checkout's use back", async () => {
    await created(percentCode("ONCEEACH", { usesPerEmail: 1, totalUses: 2 }));
    const first = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 1 }]);
    expect((await enterDetails(shop.api.baseUrl, first, details("ONCEEACH", "ana@example.com"))).status).toBe(303);
    const second = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 2 }]);
    expect(await refusalOf(await enterDetails(shop.api.baseUrl, second, details("ONCEEACH", "ANA@example.com")))).toBe(
      "The code ONCEEACH was already used with ana@example.com.",
    );
    // Cancelled unpaid: the use comes back, for this shopper and for the total.
    const cancelled = await fetch(`${shop.api.baseUrl}/checkout/${first}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    expect(await holdOf(first)).toBe("released");
    expect((await enterDetails(shop.api.baseUrl, second, details("ONCEEACH", "ana@example.com"))).status).toBe(303);
    await payByCard(second);
    const third = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 1 }]);
    expect((await enterDetails(shop.api.baseUrl, third, details("ONCEEACH", "ben@example.com"))).status).toBe(303);
    const fourth = await ukCheckout([{ variant_id: "var_travel_tin", quantity: 1 }]);
    expect(await refusalOf(await enterDetails(shop.api.baseUrl, fourth, details("ONCEEACH", "cy@example.com")))).toBe(
      "The code ONCEEACH has been used up.",
    );
  });

  it("gives exactly 10 of 50 shoppers racing for a code with 10 uses left the discount, and exactly 10 orders", async () => {
    await created(percentCode("RACE10", { totalUses: 10 }));
    const sessions = await Promise.all(
      Array.from({ length: 50 }, () => ukCheckout([{ variant_id: "var_travel_tin", quantity: 2 }])),
    );
    const answers = await Promise.all(
      sessions.map((sessionId, index) =>
        enterDetails(shop.api.baseUrl, sessionId, details("RACE10", `racer${index}@example.com`)),
      ),
    );
    const applied = sessions.filter((_, index) => answers[index]?.status === 303);
    expect(applied).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 422);
    expect(refused).toHaveLength(40);
    expect(await refusalOf(refused[0] ?? new Response())).toBe("The code RACE10 has been used up.");
    await Promise.all(applied.map((sessionId) => payByCard(sessionId)));
    const withCode = await shop.api.db.select().from(orders).where(eq(orders.discountCode, "RACE10"));
    expect(withCode).toHaveLength(10);
    expect(withCode.every((order) => order.codeDiscountAmount === Math.floor((2 * tin * 10 + 50) / 100))).toBe(true);
    expect(await codeOf("RACE10")).toMatchObject({ used: 10, held: 0 });
  });

  it("refuses codes the shop could never honour, and a second code of the same name, creating nothing", async () => {
    const before = (await shop.owner.get<AdminPromotions>("/promotions")).codes.length;
    const cases: [string, AdminDiscountCodeInput, RegExp][] = [
      ["no code", percentCode(""), /1 to 40 letters/],
      ["a 41-character code", percentCode("A".repeat(41)), /1 to 40 letters/],
      ["a control character", percentCode("BAD\u0000CODE"), /1 to 40 letters/],
      ["0 %", percentCode("ZERO", { percent: 0 }), /whole 1 to 100 %/],
      ["101 %", percentCode("MORE", { percent: 101 }), /whole 1 to 100 %/],
      ["12.5 %", percentCode("HALF", { percent: 12.5 }), /whole 1 to 100 %/],
      ["no amount", { ...percentCode("FIXED"), kind: "amount", percent: null }, /at least one currency/],
      [
        "a negative amount",
        { ...percentCode("NEG"), kind: "amount", percent: null, amounts: { GBP: -500 } },
        /whole minor units/,
      ],
      [
        "a fractional amount",
        { ...percentCode("FRAC"), kind: "amount", percent: null, amounts: { GBP: 4.5 } },
        /whole minor units/,
      ],
      [
        "an amount in euros",
        { ...percentCode("EURO"), kind: "amount", percent: null, amounts: { EUR: 500 } },
        /no currency EUR/,
      ],
      ["a minimum in euros", percentCode("EUROMIN", { minimums: { EUR: 4_000 } }), /no currency EUR/],
      [
        "a market without its amount",
        { ...percentCode("UKONLY"), kind: "amount", percent: null, amounts: { USD: 500 }, markets: ["uk"] },
        /valid in United Kingdom but has no amount in GBP/,
      ],
      ["an unknown market", percentCode("NOWHERE", { markets: ["fr"] }), /No market has the code fr/],
      [
        "a minimum in a currency its market does not sell in",
        percentCode("UKMIN", { markets: ["uk"], minimums: { USD: 4_000 } }),
        /None of the code's markets sells in USD/,
      ],
      ["an unknown product", percentCode("NOTHING", { productIds: ["prod_none"] }), /No product has the id prod_none/],
      [
        "an end before the start",
        percentCode("BACKWARDS", { startsAt: "2026-05-02T00:00:00Z", endsAt: "2026-05-01T00:00:00Z" }),
        /end after it starts/,
      ],
      ["no uses", percentCode("NOUSE", { totalUses: 0 }), /whole number from 1/],
    ];
    for (const [label, input, message] of cases) {
      const response = await create(input);
      expect(response.status, label).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.message, label).toMatch(message);
    }
    await created(percentCode("TWICE"));
    const again = await create(percentCode("twice"));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/TWICE exists already/);
    expect((await shop.owner.get<AdminPromotions>("/promotions")).codes.length).toBe(before + 1);
    expect((await shop.owner.post("/discount-codes/dc_unknown/end", {})).status).toBe(404);
  });
});

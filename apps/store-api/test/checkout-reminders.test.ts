import type { AdminOverview, AdminPrices } from "@herbo/hosted-api/admin";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { composeEmail } from "../src/email/compose.ts";
import { checkoutLines, checkoutSessions, outbox, reminderOptOuts } from "../src/db/schema.ts";
import { backOfficeSuite } from "./admin-helpers.ts";
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
 * Checkouts brought back: one reminder, CHECKOUT_REMINDER_HOURS (3 here) after a checkout started, to a
 * shopper who ticked the box and has not paid; never after paying, never to an address that unsubscribed,
 * one per address a week. Its link opens a fresh checkout with the same items and details at today's prices.
 */

const kinds = await databaseKinds();
const hour = 3_600_000;

describe.each(kinds)("checkout reminders on %s", (kind) => {
  const shop = backOfficeSuite(kind);
  // Each test starts more than a week after the last one's reminders.
  // (A week is longer than an owner's session: the owner signs in again.)
  beforeEach(async () => {
    shop.api.clock.advance(8 * 24 * hour);
    await shop.signOwnerInAgain();
  });

  async function ukCheckout(email: string, reminder: boolean, quantity = 1): Promise<string> {
    const response = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_travel_tin", quantity }], "GBP"),
    );
    const sessionId = sessionIdOf(((await response.json()) as { url: string }).url);
    const details = { ...shopperDetails.GB, email, ...(reminder ? { reminder: "yes" } : {}) };
    expect((await enterDetails(shop.api.baseUrl, sessionId, details)).status).toBe(303);
    return sessionId;
  }
  async function remindersTo(email: string) {
    return shop.api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "checkout_reminder"), eq(outbox.recipient, email)));
  }
  async function sweepAfter(ms: number) {
    shop.api.clock.advance(ms);
    await shop.api.app.sweepExpired();
  }
  function linksOf(row: { id: string; kind: string; recipient: string; data: unknown; createdAt: Date }) {
    const email = composeEmail(row, testMailSettings);
    const text = String(email.text);
    const resume = /Return to your order: (\S+)/.exec(text)?.[1] ?? "";
    const unsubscribe = /To get no more reminders: (\S+)/.exec(text)?.[1] ?? "";
    return { email, text, resume: new URL(resume).pathname, unsubscribe: new URL(unsubscribe).pathname };
  }

  it("sends one reminder three hours on, with what was in the checkout, a way back and a one-click way out", async () => {
    const sessionId = await ukCheckout("ria@example.com", true, 2);
    await sweepAfter(2 * hour);
    expect(await remindersTo("ria@example.com")).toHaveLength(0);
    await sweepAfter(1 * hour + 1_000);
    const [row] = await remindersTo("ria@example.com");
    if (row === undefined) throw new Error("No reminder");
    const { email, text } = linksOf(row);
    expect(email.subject).toBe("Your Herbo Shilajit order is waiting");
    expect(text).toContain("- Shilajit Travel Tin 5 g (5 g) × 2");
    expect(text).toContain("Items: £27.98 GBP when you left.");
    expect(email.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(/^<http.+\/reminders\/unsubscribe\/[\w-]{32}>$/) as unknown,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // One only, however often the sweeper passes.
    await sweepAfter(hour);
    expect(await remindersTo("ria@example.com")).toHaveLength(1);
    const [session] = await shop.api.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session?.reminderSentAt).not.toBeNull();
  });

  it("sends nothing to a shopper who did not tick the box, who paid, or who was reminded this week", async () => {
    await ukCheckout("sam@example.com", false);
    const paid = await ukCheckout("pia@example.com", true);
    await payByTestCard(shop.api, paid);
    // Paid through a later checkout: the earlier one is not reminded either.
    const earlier = await ukCheckout("lea@example.com", true);
    const later = await ukCheckout("lea@example.com", false, 2);
    await payByTestCard(shop.api, later);
    await sweepAfter(3 * hour + 1_000);
    expect(await remindersTo("sam@example.com")).toHaveLength(0);
    expect(await remindersTo("pia@example.com")).toHaveLength(0);
    expect(await remindersTo("lea@example.com")).toHaveLength(0);
    expect(earlier).not.toBe(later);

    await ukCheckout("max@example.com", true);
    await sweepAfter(3 * hour + 1_000);
    expect(await remindersTo("max@example.com")).toHaveLength(1);
    await ukCheckout("MAX@example.com", true);
    await sweepAfter(3 * hour + 1_000);
    expect(await remindersTo("max@example.com")).toHaveLength(1);
  });

  it("stops reminders for an address in one click, and refuses forged links, changing nothing", async () => {
    await ukCheckout("uma@example.com", true);
    await sweepAfter(3 * hour + 1_000);
    const [row] = await remindersTo("uma@example.com");
    if (row === undefined) throw new Error("No reminder");
    const { unsubscribe, resume } = linksOf(row);
    const forged = "A".repeat(32);
    const sessionsBefore = (await shop.api.db.select().from(checkoutSessions)).length;
    for (const path of [`/checkout/resume/${forged}`, `/reminders/unsubscribe/${forged}`, "/checkout/resume/x"]) {
      expect((await fetch(`${shop.api.baseUrl}${path}`)).status, path).toBe(404);
      expect((await fetch(`${shop.api.baseUrl}${path}`, { method: "POST" })).status, path).toBe(404);
    }
    expect((await shop.api.db.select().from(checkoutSessions)).length).toBe(sessionsBefore);
    expect(await shop.api.db.select().from(reminderOptOuts)).toHaveLength(0);
    // The link's page only asks; the press (or the mail client's one-click POST) unsubscribes.
    const page = await fetch(`${shop.api.baseUrl}${unsubscribe}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop reminder emails");
    expect(await shop.api.db.select().from(reminderOptOuts)).toHaveLength(0);
    const oneClick = await fetch(`${shop.api.baseUrl}${unsubscribe}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await shop.api.db.select().from(reminderOptOuts)).toMatchObject([{ email: "uma@example.com" }]);
    // A week later, a new checkout of that address asking for a reminder gets none.
    shop.api.clock.advance(8 * 24 * hour);
    await ukCheckout("uma@example.com", true);
    await sweepAfter(3 * hour + 1_000);
    expect(await remindersTo("uma@example.com")).toHaveLength(1);
    expect(resume).toMatch(/^\/checkout\/resume\/[\w-]{32}$/);
  });

  it("opens a fresh checkout from the reminder at today's price, with the details in, and counts the order it became", async () => {
    const old = await ukCheckout("kai@example.com", true);
    await sweepAfter(3 * hour + 1_000);
    const [row] = await remindersTo("kai@example.com");
    if (row === undefined) throw new Error("No reminder");
    const { resume } = linksOf(row);
    // The owner changes the tin's price in pounds after the shopper left.
    const prices = await shop.owner.get<AdminPrices>("/prices");
    const tin = prices.products
      .flatMap((product) => product.variants)
      .find((variant) => variant.id === "var_travel_tin");
    const changed = await shop.owner.put("/variants/var_travel_tin/prices", {
      version: tin?.version,
      prices: [{ currencyCode: "GBP", amount: 1_699, saleAmount: 1_499 }],
    });
    expect(changed.status).toBe(200);

    expect((await fetch(`${shop.api.baseUrl}${resume}`)).status).toBe(200);
    const opened = await fetch(`${shop.api.baseUrl}${resume}`, { method: "POST", redirect: "manual" });
    expect(opened.status).toBe(303);
    const fresh = /^\/checkout\/(cs_[\w-]+)$/.exec(opened.headers.get("location") ?? "")?.[1] ?? "";
    const [session] = await shop.api.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, fresh));
    expect(session).toMatchObject({ remindedFrom: old, totalAmount: 1_499, currencyCode: "GBP" });
    expect(session?.customer?.email).toBe("kai@example.com");
    const [line] = await shop.api.db.select().from(checkoutLines).where(eq(checkoutLines.sessionId, fresh));
    expect(line).toMatchObject({ variantId: "var_travel_tin", quantity: 1, unitAmount: 1_499 });
    const page = await (await fetch(`${shop.api.baseUrl}/checkout/${fresh}`)).text();
    expect(page).toContain("<h1>Payment</h1>");

    const order = await payByTestCard(shop.api, fresh);
    expect(order.sessionId).toBe(fresh);
    const overview = await shop.owner.get<AdminOverview>("/overview");
    expect(overview.reminders.ordered).toBeGreaterThanOrEqual(1);
    expect(overview.reminders.sent).toBeGreaterThanOrEqual(1);
    // The reminder led to an order: following it again opens nothing more.
    const again = await fetch(`${shop.api.baseUrl}${resume}`, { method: "POST", redirect: "manual" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("This order has already been placed.");
    const [restored] = await Promise.all([
      shop.owner.put("/variants/var_travel_tin/prices", {
        version: (tin?.version ?? 0) + 1,
        prices: [{ currencyCode: "GBP", amount: 1_599, saleAmount: 1_399 }],
      }),
    ]);
    expect(restored?.status).toBe(200);
  });
});

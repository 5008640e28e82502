import type {
  AdminEmailList,
  AdminEmailMessage,
  AdminOrderList,
  AdminOverview,
  AdminStock,
} from "@herbo/hosted-api/admin";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outbox, stockMovements } from "../src/db/schema.ts";
import { adminPageSecurity } from "../src/routes/admin-app.ts";
import { addOwner, AdminClient, ownerEmail, placeTestOrder, backOfficeSuite } from "./admin-helpers.ts";
import { checkoutBody, databaseKinds, kathmanduDetails, postJson, startApi, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();

describe.each(kinds)("the back office's stock, emails and overview on %s", (kind) => {
  const shop = backOfficeSuite(kind);

  /** The outbox row of an order's first email (its confirmation). */
  async function firstEmailOf(number: string) {
    const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
    const [email] = await shop.api.db
      .select()
      .from(outbox)
      .where(eq(outbox.orderId, order?.id ?? ""));
    if (email === undefined) throw new Error(`no email for ${number}`);
    return email;
  }
  async function variantOf(variantId: string) {
    const stock = await shop.owner.get<AdminStock>("/stock");
    const variant = stock.products.flatMap((product) => product.variants).find((entry) => entry.id === variantId);
    if (variant === undefined) throw new Error(`No ${variantId}`);
    return variant;
  }
  async function catalogue(productId: string) {
    const response = await fetch(`${shop.api.storeUrl}/products/${productId}`);
    return (
      (await response.json()) as {
        product: { purchasable: boolean; variants: { id: string; inventory_quantity: number }[] };
      }
    ).product;
  }
  function adjust(variantId: string, change: number, reason = "stock count") {
    return shop.owner.post(`/stock/${variantId}/adjustments`, { change, reason });
  }

  it("lists every variant with on-hand, reserved and available stock", async () => {
    const stock = await shop.owner.get<AdminStock>("/stock");
    const resin = stock.products.find((product) => product.id === "prod_himalayan_resin");
    expect(resin).toMatchObject({ title: "Pure Himalayan Shilajit Resin", purchasable: true });
    expect(resin?.variants.map((variant) => variant.title)).toEqual(["10 g", "20 g", "30 g"]);
    expect(resin?.variants[0]).toMatchObject({
      id: "var_resin_10g",
      tracked: true,
      onHand: 120,
      reserved: 0,
      available: 120,
    });
    const tin = stock.products.find((product) => product.id === "prod_travel_tin");
    expect(tin?.variants[0]).toMatchObject({ tracked: false });
    // An open checkout's hold shows as reserved.
    await postJson(`${shop.api.storeUrl}/checkout`, checkoutBody([{ variant_id: "var_resin_30g", quantity: 3 }]));
    expect(await variantOf("var_resin_30g")).toMatchObject({ onHand: 40, reserved: 3, available: 37 });
  });

  it("adjusts on-hand with a reason into the stock history, and the storefront sees it at once", async () => {
    const before = await variantOf("var_resin_10g");
    expect(
      (await catalogue("prod_himalayan_resin")).variants.find((v) => v.id === "var_resin_10g")?.inventory_quantity,
    ).toBe(before.available);
    const response = await adjust("var_resin_10g", 7, "Delivery from the supplier");
    expect(response.status).toBe(200);
    const stock = (await response.json()) as AdminStock;
    expect(stock.history[0]).toMatchObject({
      actor: ownerEmail,
      variantId: "var_resin_10g",
      productTitle: "Pure Himalayan Shilajit Resin",
      variantTitle: "10 g",
      change: 7,
      onHandAfter: before.onHand + 7,
      reason: "Delivery from the supplier",
      orderNumber: null,
    });
    expect(await variantOf("var_resin_10g")).toMatchObject({ onHand: before.onHand + 7 });
    // The catalogue cache lives 60 s in tests: only its invalidation explains the fresh answer.
    expect(
      (await catalogue("prod_himalayan_resin")).variants.find((v) => v.id === "var_resin_10g")?.inventory_quantity,
    ).toBe(before.available + 7);
    expect((await adjust("var_resin_10g", -7, "Counted again")).status).toBe(200);
    expect(await variantOf("var_resin_10g")).toMatchObject({ onHand: before.onHand });
  });

  it("never takes on-hand below what open checkouts hold", async () => {
    await postJson(`${shop.api.storeUrl}/checkout`, checkoutBody([{ variant_id: "var_starter_kit", quantity: 2 }]));
    expect(await variantOf("var_starter_kit")).toMatchObject({ onHand: 3, reserved: 2 });
    const refused = await adjust("var_starter_kit", -2, "Broken jars");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: "stock_below_reserved",
        message: "Cannot remove 2: 3 on hand, of which 2 are held by open checkouts.",
        details: { variant_id: "var_starter_kit", on_hand: 3, reserved: 2 },
      },
    });
    expect((await adjust("var_starter_kit", -1, "Broken jar")).status).toBe(200);
    expect(await variantOf("var_starter_kit")).toMatchObject({ onHand: 2, reserved: 2, available: 0 });
  });

  it("adds up concurrent adjustments and stops them at the reserved floor", async () => {
    const start = (await variantOf("var_value_2x20")).onHand;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => adjust("var_value_2x20", 3, "Parallel delivery")),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await variantOf("var_value_2x20")).onHand).toBe(start + 30);
    // Removing 10 at a time, from start + 30: only as many succeed as leave the count at zero or above.
    const removals = await Promise.all(
      Array.from({ length: 8 }, () => adjust("var_value_2x20", -10, "Parallel removal")),
    );
    const succeeded = removals.filter((answer) => answer.status === 200).length;
    expect(succeeded).toBe(Math.floor((start + 30) / 10));
    expect(removals.filter((answer) => answer.status === 409)).toHaveLength(8 - succeeded);
    expect((await variantOf("var_value_2x20")).onHand).toBe(start + 30 - 10 * succeeded);
    const rows = await shop.api.db.select().from(stockMovements).where(eq(stockMovements.variantId, "var_value_2x20"));
    expect(rows).toHaveLength(10 + succeeded);
    expect(rows.map((row) => row.onHandAfter).sort((a, b) => a - b)).toEqual(
      [...new Set(rows.map((row) => row.onHandAfter))].sort((a, b) => a - b),
    );
  });

  it("refuses adjusting untracked or unknown variants and malformed changes", async () => {
    const untracked = await adjust("var_travel_tin", 5);
    expect(untracked.status).toBe(409);
    expect(((await untracked.json()) as { error: { code: string } }).error.code).toBe("stock_not_tracked");
    expect((await adjust("var_nothing", 5)).status).toBe(404);
    for (const body of [
      { change: 0, reason: "x" },
      { change: 1.5, reason: "x" },
      { change: 1, reason: " " },
      { change: 1 },
    ]) {
      expect((await shop.owner.post("/stock/var_resin_10g/adjustments", body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("marks a product not purchasable and back; the storefront and checkout follow at once", async () => {
    const off = await shop.owner.put("/products/prod_value_pack/purchasable", { purchasable: false });
    expect(off.status).toBe(200);
    expect(
      ((await off.json()) as AdminStock).products.find((product) => product.id === "prod_value_pack")?.purchasable,
    ).toBe(false);
    expect((await catalogue("prod_value_pack")).purchasable).toBe(false);
    const refused = await postJson(
      `${shop.api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_value_2x20", quantity: 1 }]),
    );
    expect(refused.status).toBe(409);
    expect((await shop.owner.put("/products/prod_value_pack/purchasable", { purchasable: true })).status).toBe(200);
    expect((await catalogue("prod_value_pack")).purchasable).toBe(true);
    expect((await shop.owner.put("/products/prod_nothing/purchasable", { purchasable: true })).status).toBe(404);
    expect((await shop.owner.put("/products/prod_value_pack/purchasable", { purchasable: "no" })).status).toBe(400);
  });

  it("shows the outbox with each email's state and last error, and resends", async () => {
    const number = await placeTestOrder(shop.api);
    const email = await firstEmailOf(number);
    let list = await shop.owner.get<AdminEmailList>("/emails?status=queued");
    expect(list.emails.find((row) => row.id === email.id)).toMatchObject({
      kind: "order_confirmation",
      recipient: "asha.gurung@example.com",
      orderNumber: number,
      status: "queued",
      attempts: 0,
    });
    // No worker runs in this test app: make the states by hand, as the worker would.
    await shop.api.db
      .update(outbox)
      .set({ attempts: 2, lastError: "SMTP 451 try later" })
      .where(eq(outbox.id, email.id));
    list = await shop.owner.get<AdminEmailList>("/emails?status=retrying");
    expect(list.emails.map((row) => [row.id, row.status, row.lastError])).toEqual([
      [email.id, "retrying", "SMTP 451 try later"],
    ]);
    const pending = await shop.owner.post(`/emails/${email.id}/resend`);
    expect(pending.status).toBe(409);
    expect(((await pending.json()) as { error: { code: string } }).error.code).toBe("email_pending");

    await shop.api.db
      .update(outbox)
      .set({ status: "failed", attempts: 8, lastError: "550 mailbox unavailable" })
      .where(eq(outbox.id, email.id));
    list = await shop.owner.get<AdminEmailList>("/emails?status=failed");
    expect(list.emails[0]).toMatchObject({
      id: email.id,
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
    });
    const resent = await shop.owner.post(`/emails/${email.id}/resend`);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ id: email.id });
    const [again] = await shop.api.db.select().from(outbox).where(eq(outbox.id, email.id));
    expect(again).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    // A sent email stays as the record; the resend is a new copy.
    await shop.api.db
      .update(outbox)
      .set({ status: "sent", sentAt: shop.api.clock.now() })
      .where(eq(outbox.id, email.id));
    const copy = (await (await shop.owner.post(`/emails/${email.id}/resend`)).json()) as { id: string };
    expect(copy.id).not.toBe(email.id);
    expect((await shop.owner.get<AdminEmailList>("/emails")).emails.find((row) => row.id === copy.id)).toMatchObject({
      status: "queued",
    });
    const history = (await shop.owner.get<{ history: { actor: string; summary: string }[] }>(`/orders/${number}`))
      .history;
    expect(history.filter((event) => event.summary.startsWith("Email resent"))).toHaveLength(2);
    expect(history.at(-1)).toMatchObject({
      actor: ownerEmail,
      summary: "Email resent: order confirmation to asha.gurung@example.com",
    });
    expect((await shop.owner.post("/emails/msg_unknown/resend")).status).toBe(404);
    expect((await shop.owner.request("GET", "/emails?status=lost", undefined, null)).status).toBe(400);
  });

  it("lets the owner read an email: its text, and its HTML in a sandbox that runs nothing", async () => {
    const number = await placeTestOrder(shop.api, {
      details: { ...kathmanduDetails, fullName: "Asha <img src=x onerror=alert(1)> Gurung" },
    });
    const email = await firstEmailOf(number);
    const message = await shop.owner.get<AdminEmailMessage>(`/emails/${email.id}`);
    expect(message.id).toBe(email.id);
    expect(message.subject).toBe(`Your order ${number} is confirmed`);
    expect(message.text).toContain(number);
    expect(message.text).toContain("Asha <img src=x onerror=alert(1)> Gurung");

    const preview = await shop.owner.request("GET", `/emails/${email.id}/preview`, undefined, null);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = preview.headers.get("content-security-policy") ?? "";
    expect(policy.split("; ")).toEqual(
      expect.arrayContaining(["sandbox", "default-src 'none'", "frame-ancestors 'self'", "form-action 'none'"]),
    );
    expect(policy).not.toContain("script-src");
    const html = await preview.text();
    expect(html).toContain(number);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");

    // The back office's own page may frame the preview (its policy allows frames of its origin only).
    expect(adminPageSecurity.split("; ")).toContain("frame-src 'self'");

    for (const path of ["/emails/msg_unknown", "/emails/msg_unknown/preview"]) {
      expect((await shop.owner.request("GET", path, undefined, null)).status).toBe(404);
    }
    for (const path of ["/emails/not-an-id", "/emails/msg_%3Cscript%3E/preview"]) {
      expect((await shop.owner.request("GET", path, undefined, null)).status).toBe(400);
    }
    // A row whose data no longer makes a message says so, instead of failing with 500.
    await shop.api.db
      .update(outbox)
      .set({ data: { broken: true } })
      .where(eq(outbox.id, email.id));
    const broken = await shop.owner.request("GET", `/emails/${email.id}`, undefined, null);
    expect(broken.status).toBe(422);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(
      /^This email cannot be shown/,
    );
  });
});

describe.each(kinds)("the back office's overview on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind);
    await addOwner(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const day = 24 * 60 * 60_000;
  /** The overview now; a fresh sign-in each time, as days pass between the calls. */
  async function overviewNow(): Promise<AdminOverview> {
    return (await AdminClient.signIn(api)).get<AdminOverview>("/overview");
  }

  it("sums orders and revenue for today and the last 7 Kathmandu days, cash to collect and low stock", async () => {
    const tin = { items: [{ variant_id: "var_travel_tin", quantity: 1 }] };
    // The test clock starts at 2026-03-01 10:00 UTC: 15:45 in Kathmandu.
    await placeTestOrder(api, tin);
    api.clock.advance(3 * day);
    const cod = await placeTestOrder(api, { ...tin, method: "cod" });
    const owner = await AdminClient.signIn(api);
    // Until the shop has called to confirm it, a cash order is neither revenue nor cash to collect.
    const waiting = await overviewNow();
    expect(waiting).toMatchObject({
      toConfirm: { orders: 1 },
      last7Days: { orders: 1, revenue: [{ amount: 65000 }] },
      cashToCollect: { orders: 0, amounts: [] },
    });
    expect((await owner.action(cod, { action: "confirm" })).status).toBe(200);
    api.clock.advance(3 * day);
    await placeTestOrder(api, tin);
    const cancelled = await placeTestOrder(api, tin);
    const later = await AdminClient.signIn(api);
    expect((await later.action(cancelled, { action: "cancel" })).status).toBe(200);

    // 2026-03-07 in Kathmandu: the week is March 1st to 7th, the cancelled order left out.
    const week = await overviewNow();
    expect(week).toMatchObject({
      timeZone: "Asia/Kathmandu",
      today: { orders: 1, revenue: [{ amount: 65000, currency: "NPR", text: "Rs. 650.00" }] },
      last7Days: { orders: 3, revenue: [{ amount: 195000, currency: "NPR", text: "Rs. 1950.00" }] },
      cashToCollect: { orders: 1, amounts: [{ amount: 65000, currency: "NPR", text: "Rs. 650.00" }] },
      toConfirm: { orders: 0 },
    });
    expect(week.lowStock.threshold).toBe(5);
    expect(week.lowStock.variants).toEqual([
      { id: "var_value_3x20", productTitle: "Shilajit Value Pack", variantTitle: "3 × 20 g", available: 0 },
      { id: "var_starter_kit", productTitle: "Shilajit Starter Kit", variantTitle: "Kit", available: 3 },
    ]);

    // Kathmandu's next midnight is 18:15 UTC: a minute before it is still the 7th; a minute after is the 8th.
    api.clock.advance((8 * 60 + 14) * 60_000);
    expect((await overviewNow()).today.orders).toBe(1);
    api.clock.advance(2 * 60_000);
    const next = await overviewNow();
    expect(next.today).toEqual({ orders: 0, revenue: [] });
    expect(next.last7Days.orders).toBe(2);
  });

  it("lists under 'Cash to collect' exactly the orders the overview counts: a cancelled cash order leaves both", async () => {
    const owner = await AdminClient.signIn(api);
    const owed = async () => {
      const list = await owner.get<AdminOrderList>("/orders?paymentStatus=cod_due");
      return { listed: list.orders.map((order) => order.number), counted: (await overviewNow()).cashToCollect.orders };
    };
    const before = await owed();
    expect(before.listed).toHaveLength(before.counted);
    const tin = { items: [{ variant_id: "var_travel_tin", quantity: 1 }], method: "cod" as const };
    const kept = await placeTestOrder(api, tin);
    const dropped = await placeTestOrder(api, tin);
    for (const number of [kept, dropped]) expect((await owner.action(number, { action: "confirm" })).status).toBe(200);
    expect((await owed()).listed).toEqual(expect.arrayContaining([kept, dropped]));
    expect((await owner.action(dropped, { action: "cancel" })).status).toBe(200);
    const after = await owed();
    expect(after.listed).toContain(kept);
    expect(after.listed).not.toContain(dropped);
    expect(after.listed).toHaveLength(after.counted);
    expect(after.counted).toBe(before.counted + 1);
  });
});

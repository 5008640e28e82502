import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { e2eSettings } from "../e2e/settings.mjs";
import { expect, test } from "../e2e/support/fixtures";
import { httpsTestSettings } from "./settings";
import { throughCaddy } from "./through-caddy";

/**
 * Two copies of each server behind Caddy on one PostgreSQL database, as a shop that outgrew one machine runs:
 * buyers racing for the last units across both, a price change through one copy on both storefronts, a photo
 * uploaded through one copy served by the other, an email sent once, and a storefront copy stopping.
 * run.mjs sets it up.
 */
const settings = httpsTestSettings();
const { shop, api, copies } = settings;

test.describe.configure({ mode: "serial" });

/** A back-office session on one copy, reached directly, from the back office's own (public) origin. */
async function ownerOn(copy: string) {
  const signedIn = await fetch(`${copy}/admin/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: api },
    body: JSON.stringify({ email: e2eSettings.owner.email, password: e2eSettings.owner.password }),
  });
  expect(signedIn.status).toBe(200);
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return (pathname: string, init: { method?: string; body?: BodyInit; type?: string } = {}) =>
    fetch(`${copy}/admin/api${pathname}`, {
      method: init.method ?? "GET",
      headers: { origin: api, cookie, "content-type": init.type ?? "application/json" },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
}

/** Waits until the outbox of both copies holds one email to `email`, sent. */
async function expectOneEmailSent(database: pg.Client, email: string): Promise<void> {
  await expect
    .poll(async () => {
      const rows = await database.query("SELECT status FROM outbox WHERE recipient = $1", [email]);
      return rows.rows.map((row: { status: string }) => row.status);
    })
    .toEqual(["sent"]);
}

const checkoutBody = JSON.stringify({
  items: [{ variant_id: "var_starter_kit", quantity: 1 }],
  successUrl: `${shop}/success`,
  cancelUrl: `${shop}/store`,
});

let heldCheckouts: string[] = [];

test("200 buyers from 200 addresses race through Caddy for the last 3 starter kits: 3 checkouts hold one", async () => {
  test.setTimeout(120_000);
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, index) =>
      throughCaddy(settings, {
        host: "api.shop.localhost",
        path: "/store/local/checkout",
        method: "POST",
        headers: { "content-type": "application/json", origin: shop },
        body: checkoutBody,
        from: `127.0.${1 + Math.floor(index / 200)}.${1 + (index % 200)}`,
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(3);
  expect(statuses.filter((status) => status === 409)).toHaveLength(197);
  heldCheckouts = answers
    .filter((answer) => answer.status === 200)
    .map((answer) => new URL((JSON.parse(answer.body) as { url: string }).url).pathname);
  // Both copies agree that none is left.
  for (const copy of copies.apis) {
    await expect
      .poll(async () => {
        const answer = await fetch(`${copy}/store/local/products/prod_starter_kit`);
        const { product } = (await answer.json()) as { product: { variants: { inventory_quantity: number }[] } };
        return product.variants[0]?.inventory_quantity;
      })
      .toBe(0);
  }
});

test("an order paid through one copy's checkout is emailed once, though both copies send the outbox", async () => {
  const [checkout = ""] = heldCheckouts;
  const email = `two.copies.${Date.now().toString(36)}@example.com`;
  const details = await throughCaddy(settings, {
    host: "api.shop.localhost",
    path: `${checkout}/details`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api },
    body: new URLSearchParams({
      email,
      fullName: "Asha Gurung",
      phone: "9812345670",
      country: "NP",
      line1: "Thamel Marg 12",
      city: "Kathmandu",
      region: "P3",
      district: "Kathmandu",
      postalCode: "44600",
      action: "continue",
    }).toString(),
  });
  expect(details.status).toBe(303);
  const paid = await throughCaddy(settings, {
    host: "api.shop.localhost",
    path: `${checkout}/pay/cod`,
    method: "POST",
    headers: { origin: api },
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.location).toMatch(/\/success\?order=HS-\d+/);

  const database = new pg.Client({ connectionString: settings.databaseUrl });
  await database.connect();
  try {
    await expectOneEmailSent(database, email);
  } finally {
    await database.end();
  }
  const files = readdirSync(copies.outbox)
    .filter((file) => file.endsWith(".eml"))
    .filter((file) => readFileSync(path.join(copies.outbox, file), "utf8").includes(`To: ${email}`));
  expect(files).toHaveLength(1);
});

test("a card payment started through one store API copy and notified to the other becomes one order", async () => {
  const [first = "", second = ""] = copies.apis;
  expect(second).not.toBe("");
  const email = `webhook.${Date.now().toString(36)}@example.com`;
  const created = await fetch(`${first}/store/local/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop },
    body: JSON.stringify({
      items: [{ variant_id: "var_travel_tin", quantity: 2 }],
      successUrl: `${shop}/success`,
      cancelUrl: `${shop}/store`,
    }),
  });
  expect(created.status).toBe(200);
  const checkout = new URL(((await created.json()) as { url: string }).url).pathname;
  const sessionId = checkout.split("/").at(-1) ?? "";
  const details = await fetch(`${first}${checkout}/details`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api },
    body: new URLSearchParams({
      email,
      fullName: "Pemba Sherpa",
      phone: "9812345671",
      country: "NP",
      line1: "Jyatha Road 4",
      city: "Kathmandu",
      region: "P3",
      district: "Kathmandu",
      postalCode: "44600",
      action: "continue",
    }),
  });
  expect(details.status).toBe(303);
  // The first copy sends the shopper to Stripe's page; paying there makes Stripe notify the second copy alone.
  const toStripe = await fetch(`${first}${checkout}/pay/stripe`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: api },
  });
  expect(toStripe.status).toBe(303);
  const database = new pg.Client({ connectionString: settings.databaseUrl });
  await database.connect();
  try {
    // The checkout recorded the attempt with Stripe's page, where its next page sends the shopper.
    const [attempt] = (
      await database.query<{ redirect_url: string }>(
        "SELECT redirect_url FROM payment_attempts WHERE session_id = $1 AND provider = 'stripe'",
        [sessionId],
      )
    ).rows;
    const stripePage = attempt?.redirect_url ?? "";
    expect(stripePage).toMatch(/\/c\/pay\/cs_test_/);
    const paid = await fetch(stripePage, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);

    const orderRows = async () =>
      (
        await database.query<{ number: string; total_amount: number }>(
          "SELECT number, total_amount FROM orders WHERE session_id = $1",
          [sessionId],
        )
      ).rows;
    // The order exists before the shopper comes back: the second copy made it from the webhook.
    const [order] = await orderRows();
    expect(order).toBeDefined();
    const attempts = (
      await database.query<{ status: string; amount: number }>(
        "SELECT status, amount FROM payment_attempts WHERE session_id = $1 AND provider = 'stripe'",
        [sessionId],
      )
    ).rows;
    expect(attempts).toEqual([{ status: "paid", amount: order?.total_amount }]);

    // The shopper's return reaches the first copy, which finds the same order.
    const back = new URL(paid.headers.get("location") ?? "");
    const returned = await fetch(`${first}${back.pathname}${back.search}`, { redirect: "manual" });
    expect(returned.status).toBe(303);
    expect(returned.headers.get("location")).toContain(`order=${order?.number ?? "none"}`);
    expect(await orderRows()).toEqual([order]);
    await expectOneEmailSent(database, email);
  } finally {
    await database.end();
  }
});

test("a price changed through one store API copy shows on both storefront copies at once, not when their cache runs out", async () => {
  // The storefront copies keep a page for 30 s (run.mjs): only the store's change stream explains a new price.
  const tinPage = async (web: string) => (await fetch(`${web}/product/prod_travel_tin`)).text();
  for (const web of copies.webs) expect(await tinPage(web)).not.toContain('"price":"555"');
  const owner = await ownerOn(copies.apis[0] ?? "");
  const prices = (await (await owner("/prices")).json()) as {
    products: { variants: { id: string; version: number }[] }[];
  };
  const tin = prices.products.flatMap((product) => product.variants).find((variant) => variant.id === "var_travel_tin");
  const changed = await owner("/variants/var_travel_tin/prices", {
    method: "PUT",
    body: JSON.stringify({
      version: tin?.version,
      prices: [{ currencyCode: "NPR", amount: 55_500, saleAmount: null }],
    }),
  });
  expect(changed.status, await changed.clone().text()).toBe(200);
  for (const web of copies.webs) {
    await expect.poll(async () => (await tinPage(web)).includes('"price":"555"')).toBe(true);
  }
});

test("a photo uploaded through one store API copy is served by the other", async () => {
  const owner = await ownerOn(copies.apis[0] ?? "");
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#8a5a2b" } })
    .jpeg()
    .toBuffer();
  const uploaded = await owner("/products/prod_travel_tin/photos", {
    method: "POST",
    body: new Uint8Array(jpeg),
    type: "image/jpeg",
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const { photos } = (await uploaded.json()) as { photos: { id: string }[] };
  const id = photos.at(-1)?.id ?? "";
  const served = await fetch(`${copies.apis[1] ?? ""}/media/${id}-320.webp`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
});

test("with two storefront copies behind Caddy, a stopped copy turns no shopper away", async () => {
  const load = async () => (await throughCaddy(settings, { host: "shop.localhost", path: "/store" })).status;
  expect(await load()).toBe(200);
  // A copy going away (a restart, a crash): Caddy sends its share to the other copy.
  process.kill(settings.secondWebPid, "SIGTERM");
  await expect
    .poll(() => {
      try {
        process.kill(settings.secondWebPid, 0);
        return "running";
      } catch {
        return "stopped";
      }
    })
    .toBe("stopped");
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) statuses.push(await load());
  expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
});

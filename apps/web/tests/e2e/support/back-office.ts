import type { Cookie, Page } from "@playwright/test";
import { e2eSettings } from "../settings.mjs";
import { enterNepalDetails, payByCard, type NepalShopper } from "./checkout";
import { expect, open } from "./fixtures";

/** The back office, served by the test store API. */
export const backOffice = `${e2eSettings.apiUrl}/admin`;

/**
 * Opens a back-office page, is asked to sign in, and signs in through the form as the owner of the shop at
 * `base`, waiting up to `timeout` ms for the back office (by default, as long as any expectation).
 */
export async function signInThroughTheForm(page: Page, path = "", base = backOffice, timeout?: number): Promise<void> {
  await page.goto(`${base}${path}`);
  await expect(page.getByRole("heading", { name: "Sign in to the back office" })).toBeVisible();
  await page.getByLabel("Email").fill(e2eSettings.owner.email);
  await page.getByLabel("Password").fill(e2eSettings.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible({ timeout });
}

/**
 * How long the worker's one sign-in may take: checking a password is slow on purpose, and on a machine
 * busy with other tests' sign-ins and browsers it can take longer than an expectation's few seconds.
 */
const workerSignInTimeoutMs = 20_000;

/**
 * The test shop owner's session cookie, made once per test worker by signing in through the form in a
 * context of its own. Checking a password costs scrypt's 128 MiB and most of a second of CPU on purpose
 * (apps/store-api/src/admin/passwords.ts), and the store API checks only a few at once, so signing in
 * for every test made the back-office tests wait on each other. Signing in itself is tested by hand in
 * back-office-orders.spec.ts and back-office-pages.spec.ts.
 */
let ownerSession: Promise<Cookie[]> | undefined;

async function signInOnce(page: Page): Promise<Cookie[]> {
  const browser = page.context().browser();
  if (browser === null) throw new Error("The page has no browser to open a context of its own in");
  // An empty state of its own, whatever the test's own context was given.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    await signInThroughTheForm(await context.newPage(), "", backOffice, workerSignInTimeoutMs);
    const cookies = await context.cookies(backOffice);
    if (cookies.length === 0) throw new Error("Signing in to the back office set no cookie");
    return cookies;
  } finally {
    await context.close();
  }
}

/**
 * Opens a back-office page signed in as the owner: of the test shop with the worker's one session, or of
 * another shop (given its address) through its form.
 */
export async function signInToBackOffice(page: Page, path = "", base = backOffice): Promise<void> {
  if (base !== backOffice) return signInThroughTheForm(page, path, base);
  ownerSession ??= signInOnce(page).catch((error: unknown) => {
    // A failed sign-in is tried again by the next test rather than failing every test of the worker.
    ownerSession = undefined;
    throw error;
  });
  await page.context().addCookies(await ownerSession);
  await page.goto(`${base}${path}`);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
}

/** Buys one unit of a variant of the resin on the storefront, by card or cash on delivery; returns the order number. */
export async function buyResin(
  page: Page,
  variant: "10 g" | "20 g" | "30 g",
  shopper: NepalShopper,
  payment: "card" | "cod" = "card",
): Promise<string> {
  await open(page, "/product/prod_himalayan_resin");
  await page.getByText(variant, { exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
  await enterNepalDetails(page, shopper);
  if (payment === "card") await payByCard(page);
  else await page.getByRole("button", { name: /^Place order, pay .+ on delivery$/ }).click();
  await page.waitForURL(
    payment === "card"
      ? /\/success\?order=HS-\d+&receipt=[\w-]{22}$/
      : /\/success\?order=HS-\d+&payment=cod&receipt=[\w-]{22}$/,
  );
  return new URL(page.url()).searchParams.get("order") ?? "";
}

/** The storefront product page's stock message for a variant of the resin. */
export async function resinStockMessage(page: Page, variant: "10 g" | "20 g" | "30 g"): Promise<string> {
  await open(page, "/product/prod_himalayan_resin");
  await page.getByText(variant, { exact: true }).click();
  return (await page.getByTestId("stock-message").textContent()) ?? "";
}

/** "38 in stock!" → 38. */
export function unitsIn(message: string): number {
  const match = /^(\d+) in stock!$/.exec(message.trim());
  if (match === null) throw new Error(`Not a stock message: ${message}`);
  return Number(match[1]);
}

/** From the orders list, finds an order by the shopper's email and opens it. */
export async function openOrderOf(page: Page, email: string, number: string): Promise<void> {
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("status").filter({ hasText: /orders?$/ })).toHaveText("1 order");
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
}

/** The provinces of the test shoppers, by the codes the checkout's form sends. */
const provinceCodes: Record<string, string> = { "Bagmati Province": "P3", "Gandaki Province": "P4" };

/** What a direct order buys and how it pays: one Travel Tin in cash on delivery unless told otherwise. */
export interface DirectOrder {
  items?: { variant_id: string; quantity: number }[];
  payment?: "cod" | "sandbox";
  /** A cash-on-delivery order is confirmed by phone (as the owner does in the back office) unless false. */
  confirm?: boolean;
}

/** A signed-in owner's calls to the back office's API, from the back office's own origin. */
export async function ownerApi(): Promise<
  (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>
> {
  const origin = new URL(e2eSettings.apiUrl).origin;
  const signedIn = await fetch(`${e2eSettings.apiUrl}/admin/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: e2eSettings.owner.email, password: e2eSettings.owner.password }),
  });
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return (path, init = {}) =>
    fetch(`${e2eSettings.apiUrl}/admin/api${path}`, {
      method: init.method ?? "GET",
      headers: { "content-type": "application/json", origin, cookie },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

/** The owner confirms a cash-on-delivery order through the back office's API, as after a phone call. */
async function confirmByPhone(number: string): Promise<void> {
  const owner = await ownerApi();
  const confirmed = await owner(`/orders/${number}/actions`, { method: "POST", body: { action: "confirm" } });
  if (confirmed.status !== 200) throw new Error(`Confirming ${number} answered ${confirmed.status}`);
}

/**
 * Places an order straight through the hosted checkout's forms (cash on delivery, confirmed by phone
 * unless asked not to, or the sandbox's test card).
 */
export async function placeOrderDirectly(shopper: NepalShopper, order: DirectOrder = {}): Promise<string> {
  const created = await fetch(`${e2eSettings.apiUrl}/store/${e2eSettings.storeId}/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      items: order.items ?? [{ variant_id: "var_travel_tin", quantity: 1 }],
      successUrl: `${e2eSettings.webUrl}/success`,
      cancelUrl: `${e2eSettings.webUrl}/store`,
    }),
  });
  const { url } = (await created.json()) as { url: string };
  const session = new URL(url).pathname;
  await fetch(`${e2eSettings.apiUrl}${session}/details`, {
    method: "POST",
    body: new URLSearchParams({
      email: shopper.email,
      fullName: shopper.fullName,
      phone: shopper.phone,
      country: "NP",
      line1: shopper.line1,
      city: shopper.city,
      region: provinceCodes[shopper.province] ?? "P3",
      district: shopper.district,
      postalCode: shopper.postalCode,
      action: "continue",
    }),
    redirect: "manual",
  });
  const payment = order.payment ?? "cod";
  const card = { name: shopper.fullName, number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
  const paid = await fetch(`${e2eSettings.apiUrl}${session}/pay/${payment}`, {
    method: "POST",
    ...(payment === "sandbox" ? { body: new URLSearchParams(card) } : {}),
    redirect: "manual",
  });
  const number = new URL(paid.headers.get("location") ?? "", e2eSettings.webUrl).searchParams.get("order");
  if (number === null) throw new Error(`The order was not placed (${paid.status})`);
  if (payment === "cod" && order.confirm !== false) await confirmByPhone(number);
  return number;
}

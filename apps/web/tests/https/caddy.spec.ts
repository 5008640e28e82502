import { e2eSettings } from "../e2e/settings.mjs";
import { openOrderOf, signInToBackOffice } from "../e2e/support/back-office";
import { enterNepalDetails, nepalShopper, payByCard } from "../e2e/support/checkout";
import { expect, failedResource, open, test } from "../e2e/support/fixtures";
import { httpsTestSettings } from "./settings";
import { throughCaddy } from "./through-caddy";

// The shop behind Caddy with deploy/Caddyfile, as on a server; run.mjs sets it all up.
const settings = httpsTestSettings();
const { shop, api } = settings;
const hsts = "max-age=31536000; includeSubDomains";

// The back office asks the API who is signed in (401 before sign-in): Chromium logs it as a failed resource.
test.use({ allowConsoleErrors: failedResource });

test.describe.configure({ mode: "serial" });

const shopper = nepalShopper("Kathmandu");
let orderNumber = "";

test("a shopper walks from the store to the order confirmation over https", async ({ page }) => {
  const store = await page.goto("/store");
  expect(store?.headers()["strict-transport-security"]).toBe(hsts);
  await expect(page.getByRole("heading", { level: 1, name: "Our Store" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${shop}/store`);

  await page.getByRole("link", { name: "Pure Himalayan Shilajit Resin" }).click();
  await expect(page).toHaveURL(`${shop}/product/prod_himalayan_resin`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${shop}/product/prod_himalayan_resin`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    `${shop}/product/prod_himalayan_resin`,
  );
  await page.getByText("20 g", { exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();

  // The hosted checkout is the store API's, on its own domain, through Caddy too.
  await expect(page).toHaveURL(new RegExp(`^${api.replaceAll(".", "\\.")}/checkout/`));
  await enterNepalDetails(page, shopper);
  await payByCard(page, "4242 4242 4242 4242");
  await page.waitForURL(new RegExp(`^${shop.replaceAll(".", "\\.")}/success\\?order=HS-\\d+&receipt=[\\w-]{22}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
  orderNumber = new URL(page.url()).searchParams.get("order") ?? "";
  expect(orderNumber).toMatch(/^HS-\d+$/);
});

test("the owner signs in to the back office with a Secure session cookie and opens the order", async ({ page }) => {
  expect(orderNumber, "the shopper's order of the test before").not.toBe("");
  await signInToBackOffice(page, "", `${api}/admin`);
  const cookie = (await page.context().cookies(`${api}/admin`)).find((entry) => entry.name === "herbo_admin_session");
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/admin" });
  await openOrderOf(page, shopper.email, orderNumber);
  await expect(page.getByRole("region", { name: "Delivery address" })).toContainText("Thamel Marg 12");
});

test("the shop's redirects and canonical links stay on https", async ({ page }) => {
  const trailingSlash = await throughCaddy(settings, { host: "shop.localhost", path: "/store/" });
  expect(trailingSlash.status).toBe(301);
  expect(new URL(trailingSlash.headers.location ?? "", `${shop}/store/`).href).toBe(`${shop}/store`);
  await open(page, "/blog/");
  expect(page.url()).toBe(`${shop}/blog`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${shop}/blog`);

  const sitemap = await throughCaddy(settings, { host: "shop.localhost", path: "/sitemap.xml" });
  const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
  expect(locations.length).toBeGreaterThan(5);
  for (const location of locations) expect(location.startsWith(`${shop}/`), location).toBe(true);
});

test("plain http on Caddy's http port redirects to https, on both domains", async () => {
  for (const [host, path] of [
    ["shop.localhost", "/store?market=np"],
    ["api.shop.localhost", "/admin"],
  ] as const) {
    const answer = await throughCaddy(settings, { host, path, plain: true });
    expect(answer.status, `http://${host}${path}`).toBe(308);
    // Caddy names no port when the site's is its https_port: on a server that is 443, here a free one.
    expect(answer.headers.location).toBe(`https://${host}${path}`);
  }
});

test("both domains send Strict-Transport-Security once, and neither serves /metrics or /ops/", async () => {
  for (const [host, path] of [
    ["shop.localhost", "/"],
    ["api.shop.localhost", "/health"],
    ["api.shop.localhost", "/admin"],
  ] as const) {
    const answer = await throughCaddy(settings, { host, path });
    expect(answer.status, `${host}${path}`).toBe(200);
    expect(answer.headers["strict-transport-security"], `${host}${path}`).toBe(hsts);
  }
  for (const host of ["shop.localhost", "api.shop.localhost"]) {
    const internal = [
      "/metrics",
      "/metrics/",
      "/%6Detrics",
      "/metrics?format=prometheus",
      "/ops/backup",
      "/ops/changes",
    ];
    for (const path of internal) {
      const answer = await throughCaddy(settings, { host, path });
      expect({ status: answer.status, body: answer.body }, `${host}${path}`).toEqual({
        status: 404,
        body: "Not found",
      });
      expect(answer.headers["strict-transport-security"]).toBe(hsts);
    }
  }
});

test("sign-in limits count the client's address that Caddy saw, not Caddy's, and a forged one is ignored", async () => {
  const signIn = (from: string, password: string, headers: Record<string, string> = {}) =>
    throughCaddy(settings, {
      host: "api.shop.localhost",
      path: "/admin/api/session",
      method: "POST",
      from,
      headers: { "content-type": "application/json", origin: api, ...headers },
      body: JSON.stringify({ email: e2eSettings.owner.email, password }),
    });
  // Five wrong passwords per account from one address are allowed in 15 minutes; the sixth is refused.
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect((await signIn("127.0.0.2", "not the password")).status, `attempt ${attempt}`).toBe(401);
  }
  expect((await signIn("127.0.0.2", "not the password")).status).toBe(429);
  // The right password from there is refused too, whatever X-Forwarded-For the client writes: Caddy replaces it.
  expect((await signIn("127.0.0.2", e2eSettings.owner.password)).status).toBe(429);
  expect((await signIn("127.0.0.2", e2eSettings.owner.password, { "x-forwarded-for": "198.51.100.7" })).status).toBe(
    429,
  );
  // Another client, through the same Caddy, is still counted on its own and signs in.
  expect((await signIn("127.0.0.3", "not the password")).status).toBe(401);
  const signedIn = await signIn("127.0.0.3", e2eSettings.owner.password);
  expect(signedIn.status).toBe(200);
  const cookie = String(signedIn.headers["set-cookie"] ?? "");
  expect(cookie).toMatch(/^herbo_admin_session=/);
  for (const attribute of ["Secure", "HttpOnly", "SameSite=Strict", "Path=/admin"]) {
    expect(cookie.split("; "), attribute).toContain(attribute);
  }
});

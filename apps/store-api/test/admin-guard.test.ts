import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { withShopName } from "../src/routes/admin-app.ts";
import { createOwner, ensureFirstOwner } from "../src/admin/owners.ts";
import { defaultScryptParameters } from "../src/admin/passwords.ts";
import { sessionLifetime } from "../src/admin/owner-sessions.ts";
import { signInLimits } from "../src/admin/sign-in-throttle.ts";
import { adminSessions, owners } from "../src/db/schema.ts";
import {
  AdminClient,
  addOwner,
  adminOrigin,
  ownerEmail,
  ownerPassword,
  postSignIn,
  sessionCookieOf,
  testPasswordParameters,
} from "./admin-helpers.ts";
import { createTestDatabase, databaseKinds, startApi, TestClock, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();
const minute = 60_000;

/** Every route and method under /admin/api the app has registered, read from Fastify's own route tree. */
function adminRoutes(api: RunningApi): { method: string; url: string }[] {
  const tree = api.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? "").length / 4;
    const url = (stack[depth - 1] ?? "") + (match[2] ?? "");
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      if (url.startsWith("/admin/api/")) routes.push({ method, url });
    }
  }
  return routes;
}

/** A concrete address for a route pattern. */
function concrete(url: string): string {
  return url
    .replace(":number", "HS-1001")
    .replace(":variantId", "var_resin_10g")
    .replace(":productId", "prod_travel_tin")
    .replace(":countryCode", "NP")
    .replace(":marketCode", "np")
    .replace(":photoId", "med_00000000000000000000")
    .replace(":id", "msg_unknown");
}

describe.each(kinds)("the back office's guard and sign-in on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    // Room for every parallel guess below: this file tests the throttle; the gate has its own tests.
    api = await startApi(kind, { admin: { passwordChecks: { concurrent: 16, queue: 0 } } });
    await addOwner(api);
  });
  afterAll(async () => {
    await api.close();
  });

  /** Opens a fresh throttle window, so earlier tests' attempts do not count. */
  function nextWindow() {
    api.clock.advance(signInLimits.address.windowMs + minute);
  }

  it("finds the admin routes it must guard (the enumeration itself works)", () => {
    const routes = adminRoutes(api).map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /admin/api/session",
        "GET /admin/api/orders",
        "GET /admin/api/orders/export.csv",
        "POST /admin/api/orders/:number/actions",
        "POST /admin/api/stock/:variantId/adjustments",
        "PUT /admin/api/products/:productId/purchasable",
        "GET /admin/api/products/export.csv",
        "POST /admin/api/products/import",
        "GET /admin/api/prices",
        "PUT /admin/api/variants/:variantId/prices",
        "GET /admin/api/shipping",
        "PUT /admin/api/shipping/rates/:countryCode",
        "PUT /admin/api/markets/:marketCode/tax",
        "PUT /admin/api/markets/:marketCode/free-shipping",
        "PUT /admin/api/california-notice",
        "GET /admin/api/promotions",
        "PUT /admin/api/products/:productId/quantity-prices/:marketCode",
        "GET /admin/api/products/:productId/photos",
        "POST /admin/api/products/:productId/photos",
        "PUT /admin/api/products/:productId/photos",
        "DELETE /admin/api/products/:productId/photos/:photoId",
        "PUT /admin/api/products/:productId/variants/:variantId/photo",
        "PUT /admin/api/products/:productId/facts",
        "GET /admin/api/products/:productId/batches",
        "POST /admin/api/products/:productId/batches",
        "PUT /admin/api/products/:productId/current-batch",
        "POST /admin/api/emails/:id/resend",
        "GET /admin/api/overview",
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it("answers 401 on every admin route without a session (sign-in aside), before reading the body", async () => {
    for (const { method, url } of adminRoutes(api)) {
      const withoutCookie = await fetch(`${api.baseUrl}${concrete(url)}`, {
        method,
        headers: { origin: adminOrigin, "content-type": "application/json" },
        ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
      });
      if (method === "POST" && url === "/admin/api/session") {
        expect(withoutCookie.status, `${method} ${url}`).toBe(400);
        continue;
      }
      expect(withoutCookie.status, `${method} ${url}`).toBe(401);
      if (method !== "HEAD") {
        expect(await withoutCookie.json()).toEqual({
          error: { code: "not_signed_in", message: "Sign in to continue." },
        });
      }
      // A forged or expired cookie is no better than none.
      const forged = await fetch(`${api.baseUrl}${concrete(url)}`, {
        method,
        headers: { origin: adminOrigin, cookie: `herbo_admin_session=${"A".repeat(43)}` },
      });
      expect(forged.status, `${method} ${url} with a forged cookie`).toBe(401);
    }
  });

  it("answers 403 on every admin route from another origin, even with a valid session", async () => {
    const owner = await AdminClient.signIn(api);
    for (const { method, url } of adminRoutes(api)) {
      for (const origin of ["http://evil.test", "http://shop.test", "null", "http://api.test:8080"]) {
        const response = await owner.request(
          method,
          concrete(url).slice("/admin/api".length),
          method === "GET" || method === "HEAD" ? undefined : {},
          origin,
        );
        expect(response.status, `${method} ${url} from ${origin}`).toBe(403);
      }
      if (method !== "GET" && method !== "HEAD") {
        // Browsers send Origin with every state-changing request; one without it is not from our pages.
        const anonymous = await owner.request(method, concrete(url).slice("/admin/api".length), {}, null);
        expect(anonymous.status, `${method} ${url} without Origin`).toBe(403);
        expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("wrong_origin");
      }
    }
  });

  it("signs in with a cookie that is HttpOnly, SameSite=Strict, scoped to /admin and not Secure over http", async () => {
    nextWindow();
    const response = await postSignIn(api, "Owner@Shop.TEST ", ownerPassword);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ owner: { email: ownerEmail }, shopName: "Herbo Shilajit" });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      new RegExp(
        `^herbo_admin_session=[A-Za-z0-9_-]{43}; Path=/admin; Max-Age=${sessionLifetime.absoluteMs / 1000}; HttpOnly; SameSite=Strict$`,
      ),
    );
    const owner = new AdminClient(api, sessionCookieOf(response));
    expect(await owner.get("/session")).toEqual({ owner: { email: ownerEmail }, shopName: "Herbo Shilajit" });
    // Only a hash of the token is stored.
    const token = sessionCookieOf(response).split("=")[1] ?? "";
    const stored = await api.db.select().from(adminSessions);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
    // The same cookie written by Fastify's inject (light-my-request's `cookie` package, pinned in the root
    // package.json to a version that runs on Node 20) signs the owner in too.
    const injected = await api.app.inject({
      method: "GET",
      url: "/admin/api/session",
      cookies: { herbo_admin_session: token },
    });
    expect(injected.statusCode).toBe(200);
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    nextWindow();
    const wrong = await postSignIn(api, ownerEmail, "not the password at all");
    const unknown = await postSignIn(api, "nobody@shop.test", ownerPassword);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const body = { error: { code: "sign_in_failed", message: "The email or password is not right." } };
    expect(await wrong.json()).toEqual(body);
    expect(await unknown.json()).toEqual(body);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(unknown.headers.get("set-cookie")).toBeNull();
  });

  it("signs out: the session row is deleted, the cookie cleared, and the old cookie signs nobody in", async () => {
    nextWindow();
    const owner = await AdminClient.signIn(api);
    const before = await api.db.select().from(adminSessions);
    const out = await owner.request("DELETE", "/session");
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toBe(
      "herbo_admin_session=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict",
    );
    expect(await api.db.select().from(adminSessions)).toHaveLength(before.length - 1);
    const after = await owner.request("GET", "/session", undefined, null);
    expect(after.status).toBe(401);
  });

  it("ends a session after 12 idle hours, and any session 7 days after sign-in", async () => {
    nextWindow();
    const idle = await AdminClient.signIn(api);
    const busy = await AdminClient.signIn(api);
    // Each request moves the idle limit; 11 hours apart keeps the busy session alive.
    for (let hours = 11; hours <= 165; hours += 11) {
      api.clock.advance(11 * 60 * minute);
      expect((await busy.request("GET", "/session", undefined, null)).status, `after ${hours} h`).toBe(200);
    }
    expect((await idle.request("GET", "/session", undefined, null)).status).toBe(401);
    // 169 hours after sign-in, 4 after the last request: past the 7 days.
    api.clock.advance(4 * 60 * minute);
    expect((await busy.request("GET", "/session", undefined, null)).status).toBe(401);
    // Expired rows go at the next sign-in.
    await AdminClient.signIn(api);
    expect(await api.db.select().from(adminSessions)).toHaveLength(1);
  });

  it("throttles an account at one address after 5 attempts in 15 minutes, even with the right password, and reopens after", async () => {
    nextWindow();
    for (let attempt = 1; attempt <= signInLimits.accountAtAddress.attempts; attempt += 1) {
      expect((await postSignIn(api, ownerEmail, `wrong guess ${attempt}`)).status).toBe(401);
    }
    const blocked = await postSignIn(api, ownerEmail, ownerPassword);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    // Unknown accounts are throttled alike, so the answer tells nothing about who has an account.
    for (let attempt = 1; attempt <= signInLimits.accountAtAddress.attempts; attempt += 1) {
      expect((await postSignIn(api, "ghost@shop.test", `wrong guess ${attempt}`)).status).toBe(401);
    }
    expect((await postSignIn(api, "ghost@shop.test", ownerPassword)).status).toBe(429);
    api.clock.advance(signInLimits.accountAtAddress.windowMs - minute);
    expect((await postSignIn(api, ownerEmail, ownerPassword)).status).toBe(429);
    api.clock.advance(2 * minute);
    expect((await postSignIn(api, ownerEmail, ownerPassword)).status).toBe(200);
  });

  it("starts an account afresh after a successful sign-in", async () => {
    nextWindow();
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 1; attempt < signInLimits.accountAtAddress.attempts; attempt += 1) {
        expect((await postSignIn(api, ownerEmail, `typo ${attempt}`)).status).toBe(401);
      }
      expect((await postSignIn(api, ownerEmail, ownerPassword)).status).toBe(200);
    }
  });

  it("throttles an address after 20 attempts in 15 minutes, whichever accounts it tries", async () => {
    nextWindow();
    for (let attempt = 1; attempt <= signInLimits.address.attempts; attempt += 1) {
      expect((await postSignIn(api, `guess${attempt}@shop.test`, "a guessed password")).status).toBe(401);
    }
    expect((await postSignIn(api, ownerEmail, ownerPassword)).status).toBe(429);
    nextWindow();
    expect((await postSignIn(api, ownerEmail, ownerPassword)).status).toBe(200);
  });

  it("lets no more than 5 guesses through when they arrive at once", async () => {
    nextWindow();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => postSignIn(api, ownerEmail, `parallel guess ${index}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(signInLimits.accountAtAddress.attempts);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - signInLimits.accountAtAddress.attempts);
  });

  it("refuses malformed sign-in bodies with 400 and counts nothing", async () => {
    nextWindow();
    for (const body of [{}, { email: ownerEmail }, { email: ownerEmail, password: "" }, { email: 5, password: "x" }]) {
      const response = await fetch(`${api.baseUrl}/admin/api/session`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: adminOrigin },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
    }
    const long = await postSignIn(api, ownerEmail, "x".repeat(10_000));
    expect(long.status).toBe(400);
    expect((await postSignIn(api, ownerEmail, ownerPassword)).status).toBe(200);
  });
});

describe("owners", () => {
  it("creates the first owner from ADMIN_EMAIL and ADMIN_PASSWORD once, and never overwrites it", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const now = new Date();
      const settings = { email: "Founder@Shop.example", password: "a first passphrase" };
      const options = { now, parameters: testPasswordParameters };
      expect(await ensureFirstOwner(database.db, { email: undefined, password: undefined }, options)).toBe(
        "not_configured",
      );
      await expect(
        ensureFirstOwner(database.db, { email: settings.email, password: undefined }, options),
      ).rejects.toThrow(/both ADMIN_EMAIL and ADMIN_PASSWORD/);
      await expect(ensureFirstOwner(database.db, { ...settings, password: "short" }, options)).rejects.toThrow(
        /at least 12 characters/,
      );
      expect(await ensureFirstOwner(database.db, settings, options)).toBe("created");
      const [created] = await database.db.select().from(owners);
      expect(created?.email).toBe("founder@shop.example");
      expect(created?.passwordHash).not.toContain(settings.password);
      expect(await ensureFirstOwner(database.db, { ...settings, password: "another passphrase" }, options)).toBe(
        "owners_exist",
      );
      const [kept] = await database.db.select().from(owners).where(eq(owners.email, "founder@shop.example"));
      expect(kept?.passwordHash).toBe(created?.passwordHash);
      expect(
        await createOwner(database.db, { email: "FOUNDER@shop.example", password: "yet another one" }, options),
      ).toEqual({
        kind: "exists",
      });
      expect(
        await createOwner(database.db, { email: "not-an-email", password: "yet another one" }, options),
      ).toMatchObject({
        kind: "invalid",
      });
    } finally {
      await database.drop();
    }
  });
});

describe("sign-in with the real scrypt cost", () => {
  it("takes about as long for an unknown email as for a wrong password, and never logs a password", async () => {
    const database = await createTestDatabase("pglite");
    let logged = "";
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const app = await buildApp({
      config: {
        publicUrl: "https://admin.example",
        storeId: "s",
        allowedOrigins: [],
        reservationMs: 60_000,
        shopName: "Shop",
      },
      db: database.db,
      now: new TestClock().now,
      logger: { level: "trace", stream },
      admin: { passwordParameters: defaultScryptParameters },
    });
    try {
      await createOwner(database.db, { email: ownerEmail, password: ownerPassword }, { now: new Date() });
      const signIn = (email: string, password: string) =>
        app.inject({
          method: "POST",
          url: "/admin/api/session",
          headers: { origin: "https://admin.example", "content-type": "application/json" },
          payload: { email, password },
        });
      // The decoy hash is made on first use; make it before timing.
      await signIn("warm-up@shop.test", "secret warm-up words");
      const timings: Record<"wrong" | "unknown", number[]> = { wrong: [], unknown: [] };
      for (let round = 0; round < 2; round += 1) {
        for (const [kind, email] of [
          ["wrong", ownerEmail],
          ["unknown", `nobody${round}@shop.test`],
        ] as const) {
          const started = performance.now();
          const answer = await signIn(email, `secret wrong words ${round}`);
          timings[kind].push(performance.now() - started);
          expect(answer.statusCode).toBe(401);
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      // Both run one full scrypt (about 0.4 s); a skipped hash for unknown emails would be ~100x faster.
      expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) / 3);
      expect(median(timings.unknown)).toBeGreaterThan(50);

      const signedIn = await signIn(ownerEmail, ownerPassword);
      expect(signedIn.statusCode).toBe(200);
      // Over https the cookie is Secure.
      expect(String(signedIn.headers["set-cookie"])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      await signIn(ownerEmail, "x".repeat(300));
      expect(logged).toContain("owner signed in");
      expect(logged).toContain("/admin/api/session");
      for (const secret of [ownerPassword, "secret wrong words", "secret warm-up words", "x".repeat(300)]) {
        expect(logged).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe("the back office's pages", () => {
  let folder: string;
  let api: RunningApi;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "herbo-admin-build-"));
    await mkdir(path.join(folder, "assets"));
    await writeFile(
      path.join(folder, "index.html"),
      '<!doctype html><html><head><meta name="robots" content="noindex"><script type="module" src="/admin/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(folder, "assets", "index-AbC123.js"), 'console.log("admin");');
    await writeFile(path.join(folder, "secret.js"), "not for browsers");
    api = await startApi("pglite", { admin: { folder } });
  });
  afterAll(async () => {
    await api.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("serves the single page at /admin and every address below it: strict CSP, never indexed or cached", async () => {
    for (const address of ["/admin", "/admin/", "/admin/orders", "/admin/orders/HS-1001", "/admin/sign-in"]) {
      const response = await fetch(`${api.baseUrl}${address}`);
      expect(response.status, address).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await response.text();
      expect(html).toContain('<div id="root">');
      // The sign-in page names the shop before anyone is signed in.
      expect(html).toContain('<meta name="application-name" content="Herbo Shilajit">\n</head>');
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
    }
  });

  it("writes the shop's name into the page escaped", () => {
    expect(withShopName("<head><title>Back office</title></head>", 'Tea & "Resin" <Co>')).toBe(
      '<head><title>Back office</title><meta name="application-name" content="Tea &amp; &quot;Resin&quot; &lt;Co&gt;">\n</head>',
    );
  });

  it("serves fingerprinted assets for a year, compressed, and nothing outside its folder", async () => {
    const asset = await fetch(`${api.baseUrl}/admin/assets/index-AbC123.js`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(await asset.text()).toBe('console.log("admin");');
    expect((await fetch(`${api.baseUrl}/admin/assets/missing-1.js`)).status).toBe(404);
    for (const address of ["/admin/assets/..%2fsecret.js", "/admin/assets/%2e%2e/secret.js", "/admin/..%2fsecret.js"]) {
      const response = await fetch(`${api.baseUrl}${address}`);
      expect(await response.text(), address).not.toContain("not for browsers");
    }
  });

  it("answers an unknown /admin/api address with a JSON 404, not the page", async () => {
    const response = await fetch(`${api.baseUrl}/admin/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("says how to build the back office when its files are missing", async () => {
    const bare = await startApi("pglite", { admin: { folder: path.join(folder, "missing") } });
    try {
      const response = await fetch(`${bare.baseUrl}/admin`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain("npm run build");
    } finally {
      await bare.close();
    }
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, variants } from "../src/db/schema.ts";
import { placeTestOrder } from "./admin-helpers.ts";
import { startKhaltiFake, type KhaltiFake } from "./fakes/khalti-fake.ts";
import { databaseKinds, startApi, type RunningApi } from "./harness.ts";
import { LogCapture, checkoutWithDetails, onlyAttempt, startProviderPayment } from "./payment-helpers.ts";
import { setAttemptStartedAt } from "./overview-fixtures.ts";

const kinds = await databaseKinds();
const token = "metrics-token-0123456789abcdef0123456789";

/** The value of one sample in Prometheus text, by its name and labels as written ("" for none). */
function sample(text: string, name: string, labels = ""): number | undefined {
  const prefix = labels === "" ? `${name} ` : `${name}{${labels}} `;
  const line = text.split("\n").find((entry) => entry.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe.each(kinds)("the store API's metrics on %s", (kind) => {
  let khalti: KhaltiFake;
  let api: RunningApi;
  const logs = new LogCapture();

  beforeAll(async () => {
    khalti = await startKhaltiFake();
    api = await startApi(kind, {
      metricsToken: token,
      logger: logs.logger,
      paymentMethods: ["sandbox", "cod", "khalti"],
      paymentSettings: { khalti: { secretKey: khalti.secretKey, apiUrl: khalti.url } },
    });
  });
  afterAll(async () => {
    await api.close();
    await khalti.close();
  });

  const scrape = (authorization?: string) =>
    fetch(`${api.baseUrl}/metrics`, authorization === undefined ? {} : { headers: { authorization } });

  async function metricsText(): Promise<string> {
    const response = await scrape(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  it("asks for the bearer token: none, another scheme or another token is 401", async () => {
    for (const authorization of [undefined, `Basic ${token}`, `Bearer ${token}x`, "Bearer "]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("herbo_");
    }
  });

  it("counts requests by route pattern and status class, never by the URL asked for", async () => {
    await fetch(`${api.storeUrl}/products/prod_himalayan_resin`);
    await fetch(`${api.baseUrl}/no/such/path/asha@example.com`);
    const text = await metricsText();
    expect(
      sample(
        text,
        "herbo_store_http_requests_total",
        'method="GET",route="/store/:storeId/products/:productId",status_class="2xx"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "herbo_store_http_requests_total", 'method="GET",route="unmatched",status_class="4xx"'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('herbo_store_http_request_duration_seconds_bucket{le="0.005",method="GET"');
    expect(text).not.toContain("prod_himalayan_resin");
    expect(text).not.toContain("asha@");
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("reads orders by payment method, low stock, the outbox backlog and open provider payments from the database", async () => {
    await placeTestOrder(api);
    await placeTestOrder(api, { method: "cod" });
    await api.db.update(variants).set({ stockOnHand: 3 }).where(eq(variants.id, "var_resin_20g"));
    const sessionId = await checkoutWithDetails(api);
    await startProviderPayment(api, sessionId, "khalti");
    const attempt = await onlyAttempt(api.db, sessionId);
    // Started 45 minutes before the test clock's now; the outbox's emails were queued at that now.
    await setAttemptStartedAt(api.db, attempt.id, new Date(api.clock.now().getTime() - 45 * 60_000));
    api.clock.advance(90_000);

    const text = await metricsText();
    const placed = await api.db.select({ provider: orders.paymentProvider }).from(orders);
    expect(sample(text, "herbo_store_orders_placed", 'payment_method="sandbox"')).toBe(
      placed.filter((order) => order.provider === "sandbox").length,
    );
    expect(sample(text, "herbo_store_orders_placed", 'payment_method="cod"')).toBe(1);
    expect(sample(text, "herbo_store_payment_attempts", 'provider="khalti",status="pending"')).toBe(1);
    expect(sample(text, "herbo_store_provider_payments_open")).toBe(1);
    expect(sample(text, "herbo_store_provider_payment_oldest_open_age_seconds")).toBe(45 * 60 + 90);
    expect(sample(text, "herbo_store_outbox_unsent_messages")).toBeGreaterThanOrEqual(2);
    expect(sample(text, "herbo_store_outbox_oldest_unsent_age_seconds")).toBe(90);
    expect(sample(text, "herbo_store_low_stock_variants")).toBeGreaterThanOrEqual(1);
  });

  it("never writes the token in a log line", () => {
    expect(logs.text()).not.toContain(token);
  });
});

describe.each(kinds)("the store API without METRICS_TOKEN on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(async () => {
    await api.close();
  });

  it("has no /metrics: 404 like any unknown path, token or not", async () => {
    const tries: Record<string, string>[] = [{}, { authorization: `Bearer ${token}` }];
    for (const headers of tries) {
      const response = await fetch(`${api.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "No route for GET /metrics" } });
    }
  });
});

describe.each(kinds)("the store API's request ids on %s", (kind) => {
  let api: RunningApi;
  const logs = new LogCapture();
  beforeAll(async () => {
    api = await startApi(kind, { logger: logs.logger });
  });
  afterAll(async () => {
    await api.close();
  });

  const withId = (id: string) => fetch(`${api.storeUrl}/products`, { headers: { "x-request-id": id } });
  const loggedIds = () => logs.lines.map((line) => (JSON.parse(line) as { reqId?: string }).reqId);

  it("keeps a valid X-Request-Id as its own id, in its log lines and its answer", async () => {
    const response = await withId("web-7f3a.b_2");
    expect(response.headers.get("x-request-id")).toBe("web-7f3a.b_2");
    expect(loggedIds()).toContain("web-7f3a.b_2");
  });

  it("replaces a hostile one (too long, with spaces or a tab) by a new id", async () => {
    for (const hostile of ["a".repeat(65), "two words", "tab\there", "<script>"]) {
      const response = await withId(hostile);
      const id = response.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(loggedIds()).toContain(id);
      expect(logs.text()).not.toContain(hostile);
    }
  });

  it("gives a request without one a new id", async () => {
    const response = await fetch(`${api.storeUrl}/products`);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

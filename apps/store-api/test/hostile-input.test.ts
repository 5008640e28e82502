import fc from "fast-check";
import { detailsFields } from "../src/checkout/details/types.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "./admin-helpers.ts";
import { startEsewaFake, type EsewaFake } from "./fakes/esewa-fake.ts";
import { startKhaltiFake, type KhaltiFake } from "./fakes/khalti-fake.ts";
import { startStripeFake, type StripeFake } from "./fakes/stripe-fake.ts";
import {
  checkoutBody,
  databaseKinds,
  postJson,
  sessionIdOf,
  shopOrigin,
  snapshot,
  startApi,
  testStoreId,
  type RunningApi,
} from "./harness.ts";
import { LogCapture } from "./payment-helpers.ts";

const kinds = await databaseKinds();
/** Generated requests per database kind (a guaranteed minimum: at least 5,000). */
const runs = Number(process.env.HOSTILE_RUNS ?? 5_000);

interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Text of control and invisible characters among a few ordinary ones: NUL, CR/LF, ESC, DEL, C1, zero-width, bidi. */
const controlText = fc.string({
  unit: fc.constantFrom(
    "\u0000",
    "\u0001",
    "\t",
    "\n",
    "\r",
    "\u001b",
    "\u007f",
    "\u0085",
    "\u009f",
    "\u200b",
    "\u200d",
    "\u2028",
    "\u202e",
    "\ufeff",
    "a",
    "7",
    "-",
    "_",
  ),
  minLength: 1,
  maxLength: 20,
});
const text = fc.oneof(
  controlText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "null",
    "../../etc/passwd",
    "%00",
    "<script>",
    "' OR 1=1 --",
    "🇳🇵",
    "\u0000",
    "var_resin_10g\u0000",
    "a\r\nX-Injected: 1",
    "x".repeat(101),
    "ⓛocalhost",
  ),
  fc.string({ minLength: 300, maxLength: 3_000 }),
);
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1.5, 1e12, Number.MAX_SAFE_INTEGER, -0));
const anyJson = fc.jsonValue({ maxDepth: 3 });
const storeSegment = fc.oneof(fc.constant(testStoreId), fc.constant(testStoreId), text.map(encodeURIComponent));
const queryPair = fc.tuple(
  fc.constantFrom(
    "limit",
    "offset",
    "order",
    "sort_by",
    "ids[]",
    "ids",
    "to_date",
    "is_hidden",
    "fields",
    "product_ids[]",
    "field",
    "x",
  ),
  fc.oneof(text, number.map(String)),
);
const query = fc
  .array(queryPair, { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs.map(([key, value]) => [key, value])).toString());

const catalogProbe: fc.Arbitrary<Probe> = fc
  .record({
    store: storeSegment,
    resource: fc.constantFrom("products", "variants", "products/prod_himalayan_resin", "products/"),
    id: fc.option(text.map(encodeURIComponent), { nil: undefined }),
    query,
  })
  .map(({ store, resource, id, query: search }) => ({
    method: "GET",
    path: `/store/${store}/${resource}${id === undefined ? "" : id}${search === "" ? "" : `?${search}`}`,
  }));

const checkoutItems = fc.oneof(
  anyJson,
  fc.array(
    fc.record(
      {
        variant_id: fc.oneof(text, number, fc.constantFrom("var_resin_10g", "var_starter_kit", "var_gift_box")),
        quantity: fc.oneof(number, text, anyJson),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 60 },
  ),
);
const redirect = fc.oneof(
  text,
  fc.constantFrom(
    "javascript:alert(1)",
    "https://evil.test/success",
    "http://shop.test.evil.test/",
    "http://shop.test@evil.test/",
    "//evil.test",
    "data:text/html,hi",
    `${shopOrigin}:99/x`,
    `${shopOrigin}/a\r\nSet-Cookie: x=1`,
    `${shopOrigin}/\u0000`,
    `${shopOrigin}/€`,
    `${shopOrigin.toUpperCase()}/`,
  ),
);
const checkoutProbe: fc.Arbitrary<Probe> = fc.oneof(
  // Well-formed JSON of the wrong shape or with hostile values; the redirect URLs are never an allowed origin.
  fc
    .record(
      { items: checkoutItems, successUrl: redirect, cancelUrl: redirect, locale: text, timeZone: text },
      { requiredKeys: [] },
    )
    .map((body): Probe => ({
      method: "POST",
      path: `/store/${testStoreId}/checkout`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })),
  // Anything at all as JSON.
  anyJson.map((body): Probe => ({
    method: "POST",
    path: `/store/${testStoreId}/checkout`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body) ?? "null",
  })),
  // Malformed JSON, wrong content types.
  fc
    .record({
      body: text,
      type: fc.constantFrom(
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/xml",
        "",
      ),
    })
    .map(({ body, type }): Probe => ({
      method: "POST",
      path: `/store/${testStoreId}/checkout`,
      headers: type === "" ? {} : { "content-type": type },
      body,
    })),
);
/** An open session every run may probe (but not cancel), made before the snapshot is taken. */
const openSessionId = { current: "cs_unset" };
const hostedProbe: fc.Arbitrary<Probe> = fc
  .record({
    id: fc.oneof(
      text.map(encodeURIComponent),
      fc.string({ maxLength: 30 }).map((suffix) => `cs_${encodeURIComponent(suffix)}`),
      fc.constant("open"),
    ),
    action: fc.constantFrom("", "/details", "/pay/sandbox", "/pay/cod", "/pay/nope", "/cancel"),
    form: fc.array(
      fc.tuple(
        fc.constantFrom("name", "number", "expiry", "cvc", "x", "action", ...detailsFields),
        fc.oneof(text, fc.constantFrom("NP", "US", "GB", "continue", "change-country", "P3", "Kathmandu")),
      ),
      { maxLength: 12 },
    ),
  })
  .filter(({ id, action }) => !(id === "open" && action === "/cancel"))
  .map(({ id, action, form }) => ({
    id: id === "open" ? openSessionId.current : id,
    action,
    form,
  }))
  .map(({ id, action, form }) => ({
    method: action === "" || (action === "/details" && form.length === 0) ? "GET" : "POST",
    path: `/checkout/${id}${action}`,
    ...(action === "" || (action === "/details" && form.length === 0)
      ? {}
      : {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(form).toString(),
        }),
  }));
/** Any query: the keys a route reads, and others, with hostile values. */
function queryOf(keys: readonly string[], value: fc.Arbitrary<string> = fc.oneof(text, number.map(String))) {
  return fc
    .array(fc.tuple(fc.constantFrom(...keys, "x"), value), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString());
}

/** The checkout page's `?country=` (its details form starts in that country). */
const countryProbe: fc.Arbitrary<Probe> = fc
  .record({ id: fc.oneof(fc.constant("open"), text.map(encodeURIComponent)), search: queryOf(["country"]) })
  .map(({ id, search }) => ({
    method: "GET",
    path: `/checkout/${id === "open" ? openSessionId.current : id}?${search}`,
  }));

/** eSewa's `data`: base64 JSON whose transaction_uuid and other fields are hostile. */
const esewaData = fc
  .record({ transaction_uuid: text, status: text, total_amount: text, signed_field_names: text, signature: text })
  .map((fields) => Buffer.from(JSON.stringify(fields)).toString("base64"));

/** A shopper (or anyone) back from a provider, with whatever query: Khalti's, eSewa's and Stripe's keys. */
const returnProbe: fc.Arbitrary<Probe> = fc
  .record({
    id: fc.oneof(fc.constant("open"), fc.constant("open"), text.map(encodeURIComponent)),
    provider: fc.constantFrom("khalti", "esewa", "stripe", "sandbox", "cod", "nope"),
    search: fc.oneof(
      queryOf(["pidx", "transaction_id", "tidx", "status", "amount", "total_amount", "mobile", "purchase_order_id"]),
      queryOf(["data", "failed"], fc.oneof(text, esewaData)),
      queryOf(
        ["reference"],
        fc.oneof(
          text,
          text.map((suffix) => `cs_test_${suffix}`),
        ),
      ),
    ),
  })
  .map(({ id, provider, search }) => ({
    method: "GET",
    path: `/checkout/${id === "open" ? openSessionId.current : id}/return/${provider}?${search}`,
  }));

/** The signed-in owner's cookie for the back office's probes, made before the snapshot is taken. */
const ownerCookie = { current: "" };
const day = fc.oneof(
  fc
    .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  text,
);
/** The back office's reads that take a query: the order list's search and filters, the CSV export, the emails. */
const adminProbe: fc.Arbitrary<Probe> = fc
  .oneof(
    queryOf(["q", "paymentMethod", "paymentStatus", "fulfilmentStatus", "country", "page"]).map(
      (search) => `/admin/api/orders?${search}`,
    ),
    fc
      .tuple(
        queryOf(["q", "from", "to"], fc.oneof(day, text)),
        fc.constantFrom("/admin/api/orders", "/admin/api/orders/export.csv"),
      )
      .map(([search, path]) => `${path}?${search}`),
    fc
      .record({ from: day, to: day })
      .map(({ from, to }) => `/admin/api/orders/export.csv?${new URLSearchParams({ from, to }).toString()}`),
    queryOf(["status", "page"]).map((search) => `/admin/api/emails?${search}`),
  )
  .map((path) => ({ method: "GET", path, headers: { cookie: ownerCookie.current } }));

/** The success page's question about an order: any number, any receipt key. */
const receiptProbe: fc.Arbitrary<Probe> = fc
  .record({
    store: storeSegment,
    number: fc.oneof(fc.constantFrom("HS-1001", "HS-1", "HS-99999999999"), text.map(encodeURIComponent)),
    search: queryOf(["receipt"], fc.oneof(text, fc.stringMatching(/^[A-Za-z0-9_-]{22}$/))),
  })
  .map(({ store, number, search }) => ({ method: "GET", path: `/store/${store}/orders/${number}/receipt?${search}` }));

const oddProbe: fc.Arbitrary<Probe> = fc
  .record({
    // Methods no route serves, WebDAV's and made-up ones included (fetch refuses to send TRACE).
    method: fc.constantFrom("PUT", "DELETE", "PATCH", "GET", "POST", "PROPFIND", "MKCOL", "PURGE", "FOO", "LOCK"),
    path: fc.constantFrom(
      "/admin/api/session",
      "/admin/api/orders",
      "/admin/api/products/prod_value_pack/purchasable",
      "/store",
      "/store/",
      `/store/${testStoreId}`,
      "/health",
      "/images/x.svg",
      "/images/",
      `/store/${testStoreId}/checkout`,
    ),
  })
  .map((probe) => ({
    ...probe,
    ...(probe.method === "GET" ? {} : { headers: { "content-type": "application/json" }, body: "{}" }),
  }));

/** Every route that reads a query string is among these: the catalogue, the checkout page, returns, the back office. */
const probe = fc.oneof(
  { weight: 3, arbitrary: catalogProbe },
  { weight: 4, arbitrary: checkoutProbe },
  { weight: 2, arbitrary: hostedProbe },
  { weight: 1, arbitrary: countryProbe },
  { weight: 2, arbitrary: returnProbe },
  { weight: 2, arbitrary: adminProbe },
  { weight: 1, arbitrary: receiptProbe },
  { weight: 1, arbitrary: oddProbe },
);

async function send(api: RunningApi, request: Probe): Promise<Response> {
  return fetch(`${api.baseUrl}${request.path}`, {
    method: request.method,
    redirect: "manual",
    ...(request.headers === undefined ? {} : { headers: request.headers }),
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/** The contract every answer keeps: never a 5xx; an API 4xx is `{error: {code, message}}` JSON. */
async function expectWellBehaved(request: Probe, response: Response): Promise<void> {
  expect(response.status, `${request.method} ${request.path}`).toBeLessThan(500);
  if (response.status < 400) return;
  const type = response.headers.get("content-type") ?? "";
  if (request.path.startsWith("/checkout/") && type.startsWith("text/html")) {
    // The hosted payment page answers people, with a page.
    expect(await response.text()).toContain("<h1>");
    return;
  }
  expect(type, `${request.method} ${request.path}`).toContain("application/json");
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, `${request.method} ${request.path}`).toBe("string");
  expect(typeof body.error?.message).toBe("string");
}

describe.each(kinds)("hostile input on %s", (kind) => {
  let api: RunningApi;
  let khalti: KhaltiFake;
  let esewa: EsewaFake;
  let stripe: StripeFake;
  const logs = new LogCapture();
  beforeAll(async () => {
    [khalti, esewa, stripe] = await Promise.all([startKhaltiFake(), startEsewaFake(), startStripeFake()]);
    api = await startApi(kind, {
      // Every provider whose return reads a query, each against its local fake.
      paymentMethods: ["sandbox", "cod", "khalti", "esewa", "stripe"],
      paymentSettings: {
        khalti: { secretKey: khalti.secretKey, apiUrl: khalti.url },
        esewa: { productCode: esewa.productCode, secretKey: esewa.secretKey, apiUrl: esewa.url },
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
      },
      logger: logs.logger,
    });
    const opened = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    openSessionId.current = sessionIdOf(((await opened.json()) as { url: string }).url);
    ownerCookie.current = (await signedInOwner(api)).cookie;
  });
  afterAll(async () => {
    await api.close();
    await Promise.all([khalti.close(), esewa.close(), stripe.close()]);
  });

  // Thousands of real requests, a fifth of them rendering hosted pages: minutes on a busy machine.
  it(`answers ${runs} generated hostile requests without a 5xx, always with a JSON error, and changes nothing`, async () => {
    const before = await snapshot(api.db);
    await fc.assert(
      fc.asyncProperty(probe, async (request) => {
        await expectWellBehaved(request, await send(api, request));
      }),
      { numRuns: runs },
    );
    expect(await snapshot(api.db)).toEqual(before);
    // Refused input is the client's mistake: nothing is logged as an error (no SQL, no stack).
    expect(logs.errorLines()).toEqual([]);
  }, 240_000);

  it.each([
    ["a NUL as Khalti's pidx", () => `/checkout/${openSessionId.current}/return/khalti?pidx=%00`],
    ["a NUL as Stripe's reference", () => `/checkout/${openSessionId.current}/return/stripe?reference=%00`],
    [
      "a NUL as eSewa's transaction_uuid",
      () =>
        `/checkout/${openSessionId.current}/return/esewa?data=${encodeURIComponent(Buffer.from('{"transaction_uuid":"\\u0000"}').toString("base64"))}`,
    ],
    ["a NUL in the checkout page's country", () => `/checkout/${openSessionId.current}?country=%00`],
  ])("answers %s without a 5xx and logs no error", async (_name, path) => {
    const request = { method: "GET", path: path() };
    await expectWellBehaved(request, await send(api, request));
    expect(logs.errorLines()).toEqual([]);
  });

  it("refuses a NUL in the back office's search with 400 and logs no error", async () => {
    const request = { method: "GET", path: "/admin/api/orders?q=%00", headers: { cookie: ownerCookie.current } };
    const response = await send(api, request);
    expect(response.status).toBe(400);
    await expectWellBehaved(request, response);
    expect(logs.errorLines()).toEqual([]);
  });

  it.each([
    ["limit=-5", `/store/${testStoreId}/products?limit=-5`],
    ["ids[] repeated 10,000 times", `/store/${testStoreId}/products?${"ids[]=prod_x&".repeat(10_000)}`],
    ["a 200 KB query string", `/store/${testStoreId}/products?x=${"a".repeat(200_000)}`],
    ["a 1,000-character product id", `/store/${testStoreId}/products/${"p".repeat(1_000)}`],
  ])("refuses %s with a JSON error", async (_name, path) => {
    const request = { method: "GET", path };
    const response = await send(api, request);
    expect(response.status).toBeGreaterThanOrEqual(400);
    await expectWellBehaved(request, response);
  });

  it("refuses a 1 MB body with 413 and a JSON error", async () => {
    const request = {
      method: "POST",
      path: `/store/${testStoreId}/checkout`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: [{ variant_id: "x".repeat(1_000_000), quantity: 1 }] }),
    };
    const response = await send(api, request);
    expect(response.status).toBe(413);
    await expectWellBehaved(request, response);
  });
});

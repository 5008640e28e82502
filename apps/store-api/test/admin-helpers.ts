import type { AdminPrices } from "@herbo/hosted-api/admin";
import { afterAll, beforeAll, expect } from "vitest";
import { createOwner } from "../src/admin/owners.ts";
import type { ScryptParameters } from "../src/admin/passwords.ts";
import {
  checkoutBody,
  currencyOfCountry,
  enterDetails,
  kathmanduDetails,
  payForm,
  postJson,
  postPayment,
  sessionIdOf,
  startApi,
  type DatabaseKind,
  type RunningApi,
} from "./harness.ts";

/** The scrypt cost the test apps use (startApi's default), so sign-ins take milliseconds. */
export const testPasswordParameters: ScryptParameters = { logN: 10, r: 8, p: 1 };
export const ownerEmail = "owner@shop.test";
export const ownerPassword = "correct horse battery staple";
/** The test API's public origin: where its back office lives. */
export const adminOrigin = "http://api.test";

export async function addOwner(api: RunningApi, email = ownerEmail, password = ownerPassword): Promise<void> {
  const outcome = await createOwner(
    api.db,
    { email, password },
    { now: api.clock.now(), parameters: testPasswordParameters },
  );
  expect(outcome.kind).toBe("created");
}

/** Sends the sign-in form as the back office's page does. */
export function postSignIn(api: RunningApi, email: string, password: string, origin = adminOrigin): Promise<Response> {
  return fetch(`${api.baseUrl}/admin/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
}

/** The session cookie of a sign-in answer, as the browser would send it back ("name=value"). */
export function sessionCookieOf(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const pair = header.split(";")[0] ?? "";
  expect(pair).toMatch(/^herbo_admin_session=[A-Za-z0-9_-]{43}$/);
  return pair;
}

/** A signed-in owner's requests to /admin/api, with the cookie and the back office's Origin. */
export class AdminClient {
  constructor(
    private readonly api: RunningApi,
    readonly cookie: string,
  ) {}

  static async signIn(api: RunningApi, email = ownerEmail, password = ownerPassword): Promise<AdminClient> {
    const response = await postSignIn(api, email, password);
    expect(response.status).toBe(200);
    return new AdminClient(api, sessionCookieOf(response));
  }

  request(method: string, path: string, body?: unknown, origin: string | null = adminOrigin): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (origin !== null) headers.origin = origin;
    if (body !== undefined) headers["content-type"] = "application/json";
    return fetch(`${this.api.baseUrl}/admin/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** GET without an Origin header, as a browser sends a same-origin GET. */
  async get<T>(path: string): Promise<T> {
    const response = await this.request("GET", path, undefined, null);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  }

  post(path: string, body?: unknown): Promise<Response> {
    return this.request("POST", path, body);
  }

  put(path: string, body?: unknown): Promise<Response> {
    return this.request("PUT", path, body);
  }

  action(number: string, body: Record<string, unknown>): Promise<Response> {
    return this.post(`/orders/${number}/actions`, body);
  }
}

/**
 * A new owner of the test shop, signed in: for tests that only need the back office, not sign-in itself
 * (admin-sign-in-limits.test.ts and admin-guard.test.ts sign in by hand). The default owner unless told.
 */
export async function signedInOwner(
  api: RunningApi,
  email = ownerEmail,
  password = ownerPassword,
): Promise<AdminClient> {
  await addOwner(api, email, password);
  return AdminClient.signIn(api, email, password);
}

/** Sets the Travel Tin's rupee price (minor units) through the back office of `api`, as a new owner. */
export async function changeTinPrice(api: RunningApi, amount: number): Promise<void> {
  const owner = await signedInOwner(api, `owner-${amount}@shop.test`);
  const prices = await owner.get<AdminPrices>("/prices");
  const tin = prices.products.flatMap((product) => product.variants).find((variant) => variant.id === "var_travel_tin");
  const changed = await owner.put("/variants/var_travel_tin/prices", {
    version: tin?.version,
    prices: [{ currencyCode: "NPR", amount, saleAmount: null }],
  });
  expect(changed.status, await changed.clone().text()).toBe(200);
}

/** A back office call: its method, its path below /admin/api and its JSON body (none when undefined). */
export type AdminCall = [method: string, path: string, body: unknown];

/** Each call is refused without a session (401), and with the owner's session from another site (403). */
export async function expectSessionAndOriginGuard(
  api: RunningApi,
  owner: AdminClient,
  calls: readonly AdminCall[],
): Promise<void> {
  for (const [method, path, body] of calls) {
    const anonymous = await fetch(`${api.baseUrl}/admin/api${path}`, {
      method,
      headers: { origin: adminOrigin, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(anonymous.status, `${method} ${path}`).toBe(401);
    const elsewhere = await owner.request(method, path, body, "https://evil.test");
    expect(elsewhere.status, `${method} ${path} from another origin`).toBe(403);
  }
}

/** What the tests of one describe block share: a store API, its signed-in owner and, when asked for, a second owner. */
export interface BackOfficeSuite {
  readonly api: RunningApi;
  readonly owner: AdminClient;
  /** A second owner, for the rules about two owners at work at once. */
  readonly partner: AdminClient;
  /** Signs the owner in afresh, as the back office does once their session has ended. */
  signOwnerInAgain(): Promise<void>;
}

/**
 * Starts a store API on this kind of database with its owner (and a partner, when given) signed in before the
 * block's first test, and closes it after the last; the fields are there inside tests and hooks only.
 */
export function backOfficeSuite(kind: DatabaseKind, partner?: { email: string; password?: string }): BackOfficeSuite {
  let running: { api: RunningApi; owner: AdminClient; partner?: AdminClient } | undefined;
  beforeAll(async () => {
    const api = await startApi(kind);
    const owner = await signedInOwner(api);
    running = { api, owner };
    if (partner !== undefined) running.partner = await signedInOwner(api, partner.email, partner.password);
  });
  afterAll(async () => {
    await running?.api.close();
  });
  function started() {
    if (running === undefined) throw new Error("The back office's store API starts before the block's first test");
    return running;
  }
  return {
    get api() {
      return started().api;
    },
    get owner() {
      return started().owner;
    },
    get partner() {
      const { partner: second } = started();
      if (second === undefined) throw new Error("This block asked for no second owner");
      return second;
    },
    async signOwnerInAgain() {
      const suite = started();
      suite.owner = await AdminClient.signIn(suite.api);
    },
  };
}

/** Places an order through the real checkout (Kathmandu address) and returns its number. */
export async function placeTestOrder(
  api: RunningApi,
  options: {
    items?: { variant_id: string; quantity: number }[];
    method?: "card" | "cod";
    details?: Record<string, string>;
  } = {},
): Promise<string> {
  const details = options.details ?? kathmanduDetails;
  // Priced in the currency of the address's market.
  const created = await postJson(
    `${api.storeUrl}/checkout`,
    checkoutBody(
      options.items ?? [{ variant_id: "var_travel_tin", quantity: 1 }],
      details.country === undefined ? undefined : currencyOfCountry[details.country],
    ),
  );
  expect(created.status).toBe(200);
  const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
  let paid: Response;
  if (options.method === "cod") {
    await enterDetails(api.baseUrl, sessionId, details);
    paid = await postPayment(api.baseUrl, sessionId, "cod");
  } else {
    paid = await payForm(api.baseUrl, sessionId, { number: "4242424242424242" }, details);
  }
  expect(paid.status).toBe(303);
  const number = new URL(paid.headers.get("location") ?? "", "http://shop.test").searchParams.get("order");
  if (number === null) throw new Error(`No order number in ${paid.headers.get("location")}`);
  return number;
}

import { afterEach, describe, expect, it } from "vitest";
import { startApi, type RunningApi } from "./harness.ts";

/** An empty cart: refused with 400 after the rate limit has counted it, so no stock is held. */
function emptyCheckout(api: RunningApi, forwardedFor: string | undefined): Promise<number> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (forwardedFor !== undefined) headers["x-forwarded-for"] = forwardedFor;
  return fetch(`${api.storeUrl}/checkout`, {
    method: "POST",
    headers,
    body: JSON.stringify({ items: [], successUrl: "http://shop.test/s", cancelUrl: "http://shop.test/c" }),
  }).then((response) => response.status);
}

describe("the checkout rate limit behind proxies (TRUST_PROXY)", () => {
  let api: RunningApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it("with one trusted hop, counts the address the proxy saw, not what the client wrote before it", async () => {
    api = await startApi("pglite", { checkoutRateLimit: 3, trustProxy: 1 });
    const statuses: number[] = [];
    for (let index = 1; index <= 5; index += 1) {
      statuses.push(await emptyCheckout(api, `203.0.113.${index}, 127.0.0.1`));
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it("with one trusted hop, tells shoppers behind the proxy apart", async () => {
    api = await startApi("pglite", { checkoutRateLimit: 3, trustProxy: 1 });
    const statuses: number[] = [];
    for (let index = 1; index <= 5; index += 1) statuses.push(await emptyCheckout(api, `198.51.100.${index}`));
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
  });

  it("without trusted proxies, ignores X-Forwarded-For", async () => {
    api = await startApi("pglite", { checkoutRateLimit: 3 });
    const statuses: number[] = [];
    for (let index = 1; index <= 5; index += 1) statuses.push(await emptyCheckout(api, `198.51.100.${index}`));
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it("trusts only the listed proxy addresses", async () => {
    api = await startApi("pglite", { checkoutRateLimit: 3, trustProxy: "10.0.0.0/8" });
    const statuses: number[] = [];
    for (let index = 1; index <= 5; index += 1) statuses.push(await emptyCheckout(api, `198.51.100.${index}`));
    // The socket (127.0.0.1) is not a listed proxy, so its forwarded header is not believed.
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import {
  checkoutBody,
  databaseKinds,
  payForm,
  postJson,
  rawGet,
  sessionIdOf,
  startApi,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();

async function starterKitStock(api: RunningApi): Promise<number> {
  const response = await fetch(`${api.storeUrl}/variants?fields=inventory_quantity&product_ids[]=prod_starter_kit`);
  const body = (await response.json()) as { variants: { inventory_quantity: number }[] };
  return body.variants[0]?.inventory_quantity ?? -1;
}

async function listedStarterKitStock(api: RunningApi): Promise<number> {
  const response = await fetch(`${api.storeUrl}/products?ids[]=prod_starter_kit`);
  const body = (await response.json()) as { products: { variants: { inventory_quantity: number }[] }[] };
  return body.products[0]?.variants[0]?.inventory_quantity ?? -1;
}

describe.each(kinds)("catalogue cache on %s", (kind) => {
  let api: RunningApi;
  afterEach(async () => {
    await api.close();
  });

  it("shows stock changes at once: reserve, cancel, pay", async () => {
    api = await startApi(kind);
    expect(await starterKitStock(api)).toBe(3);
    expect(await listedStarterKitStock(api)).toBe(3);
    const first = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_starter_kit", quantity: 2 }]),
    );
    const sessionId = sessionIdOf(((await first.json()) as { url: string }).url);
    expect(await starterKitStock(api)).toBe(1);
    expect(await listedStarterKitStock(api)).toBe(1);
    await fetch(`${api.baseUrl}/checkout/${sessionId}/cancel`, { method: "POST", redirect: "manual" });
    expect(await starterKitStock(api)).toBe(3);
    const second = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_starter_kit", quantity: 1 }]),
    );
    await payForm(api.baseUrl, sessionIdOf(((await second.json()) as { url: string }).url), {
      number: "4242424242424242",
    });
    expect(await starterKitStock(api)).toBe(2);
    expect(await listedStarterKitStock(api)).toBe(2);
  });

  it("returns expired reservations to stock on its own, and the catalogue shows it", async () => {
    api = await startApi(kind, { sweepIntervalMs: 25 });
    await postJson(`${api.storeUrl}/checkout`, checkoutBody([{ variant_id: "var_starter_kit", quantity: 3 }]));
    expect(await starterKitStock(api)).toBe(0);
    api.clock.advance(30 * 60_000 + 1);
    await expect.poll(() => starterKitStock(api), { timeout: 5_000 }).toBe(3);
  });

  it("answers with an ETag, 304 for a current copy, and compresses for clients that accept it", async () => {
    api = await startApi(kind);
    const first = await fetch(`${api.storeUrl}/products`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await fetch(`${api.storeUrl}/products`, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    const { headers } = await rawGet(`${api.storeUrl}/products`, "br, gzip");
    expect(headers["content-encoding"]).toBe("br");
  });
});

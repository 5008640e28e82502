import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  checkoutResponseSchema,
  errorBodySchema,
  productListResponseSchema,
  productResponseSchema,
  shippingRatesResponseSchema,
  variantsResponseSchema,
} from "../src/http/wire-schemas.ts";
import { checkoutBody, postJson, startApi, type RunningApi } from "./harness.ts";

/**
 * Our store API's answers to the four calls, written as the contract package's "ours" fixtures. The
 * storefront's reshape tests read them beside the hosted backend's, so a field our serializer renames
 * or drops fails the storefront's tests in the same `npm test` run. Each answer must also pass the
 * strict response schema, which refuses unknown and missing fields.
 */
const fixturesFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@herbo/hosted-api/fixtures/README.md")),
  "ours",
);

/** Session ids are random; everything else in these answers is fixed by the seed and the test harness. */
function stable(json: unknown): unknown {
  return JSON.parse(JSON.stringify(json).replace(/cs_[A-Za-z0-9_-]+/g, "cs_EXAMPLE"));
}

function writeFixture(name: string, json: unknown): void {
  mkdirSync(fixturesFolder, { recursive: true });
  writeFileSync(path.join(fixturesFolder, name), `${JSON.stringify(stable(json), null, 2)}\n`);
}

async function answer<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema>> {
  const json: unknown = await response.json();
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`${response.url} broke its schema: ${parsed.error.message}`);
  return parsed.data;
}

describe("the contract's example answers from our store API", () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi("pglite");
  });
  afterAll(async () => {
    await api.close();
  });

  it("lists products in the contract's shape", async () => {
    const response = await fetch(`${api.storeUrl}/products?limit=3`);
    expect(response.status).toBe(200);
    const list = await answer(response, productListResponseSchema);
    expect(list.products).toHaveLength(3);
    writeFixture("products.json", list);
  });

  it("answers one product, with its pictures under media, in the contract's shape", async () => {
    const response = await fetch(`${api.storeUrl}/products/prod_himalayan_resin`);
    expect(response.status).toBe(200);
    writeFixture("product.json", await answer(response, productResponseSchema));
  });

  it("answers variant stock in the contract's shape", async () => {
    const response = await fetch(
      `${api.storeUrl}/variants?fields=inventory_quantity&product_ids[]=prod_himalayan_resin`,
    );
    expect(response.status).toBe(200);
    const stock = await answer(response, variantsResponseSchema);
    expect(stock.variants.length).toBeGreaterThan(0);
    writeFixture("variants.json", stock);
  });

  it("answers the shipping rates, our own call, in the contract's shape", async () => {
    const response = await fetch(`${api.storeUrl}/shipping-rates`);
    expect(response.status).toBe(200);
    const rates = await answer(response, shippingRatesResponseSchema);
    expect(rates.shipping_rates.length).toBeGreaterThan(0);
    writeFixture("shipping-rates.json", rates);
  });

  it("answers a checkout with the payment page's URL", async () => {
    const response = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    expect(response.status).toBe(200);
    writeFixture("checkout.json", await answer(response, checkoutResponseSchema));
  });

  it("refuses a line short of stock with an error naming the line", async () => {
    const response = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([
        { variant_id: "var_resin_10g", quantity: 2 },
        { variant_id: "var_starter_kit", quantity: 4 },
      ]),
    );
    expect(response.status).toBe(409);
    const refusal = await answer(response, errorBodySchema);
    expect(refusal.error.code).toBe("insufficient_inventory");
    writeFixture("error-insufficient-inventory.json", refusal);
  });
});

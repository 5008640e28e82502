import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  payForm,
  postJson,
  postPayment,
  sessionIdOf,
  shopOrigin,
  startApi,
  testStoreId,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();

/**
 * The success URL carries a receipt key, and the success page asks the store about the order with it
 * before it empties the cart and says what was paid. A made-up number, or a real number with a made-up,
 * shortened or another order's key, gets the same 404 and learns nothing.
 */
describe.each(kinds)("an order's receipt on %s", (kind) => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(async () => {
    await api.close();
  });

  /** Places an order (sandbox card or cash on delivery) and answers its success URL's query. */
  async function place(method: "card" | "cod"): Promise<URLSearchParams> {
    const created = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 2 }]),
    );
    const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
    let answer: Response;
    if (method === "card") {
      answer = await payForm(api.baseUrl, sessionId, { number: "4242424242424242" });
    } else {
      await enterDetails(api.baseUrl, sessionId);
      answer = await postPayment(api.baseUrl, sessionId, "cod");
    }
    const location = new URL(answer.headers.get("location") ?? "", "http://unknown.test");
    expect(location.pathname, location.href).toBe("/success");
    return location.searchParams;
  }

  const receiptOf = (number: string, key: string | undefined, headers: Record<string, string> = {}) =>
    fetch(
      `${api.storeUrl}/orders/${encodeURIComponent(number)}/receipt${key === undefined ? "" : `?receipt=${encodeURIComponent(key)}`}`,
      { headers },
    );

  it("tells a paid order's total and a cash order's amount to pay, for the key of its success URL", async () => {
    const paid = await place("card");
    const number = paid.get("order") ?? "";
    expect(paid.get("receipt")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const answer = await receiptOf(number, paid.get("receipt") ?? "", { origin: shopOrigin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("access-control-allow-origin")).toBe(shopOrigin);
    const body = (await answer.json()) as { order: { payment: string; total: { amount: number } } };
    expect(body).toEqual({
      order: { number, payment: "paid", total: { amount: 240000, currency_code: "NPR", text: "Rs. 2400.00" } },
    });

    const cash = await place("cod");
    expect(cash.get("payment")).toBe("cod");
    const cashAnswer = await receiptOf(cash.get("order") ?? "", cash.get("receipt") ?? "");
    expect(await cashAnswer.json()).toMatchObject({
      order: { payment: "cash_on_delivery", total: { amount: 240000 } },
    });
  });

  it("answers the same 404 for a made-up number, a missing, shortened, altered or another order's key", async () => {
    const first = await place("card");
    const second = await place("card");
    const number = first.get("order") ?? "";
    const key = first.get("receipt") ?? "";
    const altered = `${key.slice(0, 21)}${key.endsWith("A") ? "B" : "A"}`;
    for (const [askedNumber, askedKey] of [
      ["HS-99999", key],
      [number, undefined],
      [number, ""],
      [number, key.slice(0, 21)],
      [number, altered],
      [number, second.get("receipt") ?? ""],
      [second.get("order") ?? "", key],
      ["HS-1", key],
      ["hs-1001\u0000", key],
    ] as const) {
      const answer = await receiptOf(askedNumber, askedKey);
      expect(answer.status, `${askedNumber} ${String(askedKey)}`).toBe(404);
      expect(await answer.json()).toEqual({
        error: { code: "not_found", message: "No order has this number and receipt." },
      });
    }
  });

  it("answers only under the shop's own store id", async () => {
    const placed = await place("card");
    const elsewhere = await fetch(
      `${api.baseUrl}/store/another-store/orders/${placed.get("order") ?? ""}/receipt?receipt=${placed.get("receipt") ?? ""}`,
    );
    expect(elsewhere.status).toBe(404);
    expect(testStoreId).not.toBe("another-store");
  });
});

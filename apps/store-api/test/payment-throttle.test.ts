import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  payForm,
  postJson,
  sessionIdOf,
  snapshot,
  startApi,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();
const declinedCard = "4000 0000 0000 0002";
const goodCard = "4242 4242 4242 4242";

describe.each(kinds)("payment attempts on %s", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind, { paymentAttemptLimit: 3 });
  });
  afterAll(async () => {
    await api.close();
  });

  async function openWithDetails(): Promise<string> {
    const response = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    const sessionId = sessionIdOf(((await response.json()) as { url: string }).url);
    expect((await enterDetails(api.baseUrl, sessionId)).status).toBe(303);
    return sessionId;
  }

  it("stops card after card on one checkout, tells the shopper to wait, and takes nothing", async () => {
    const sessionId = await openWithDetails();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const declined = await payForm(api.baseUrl, sessionId, { number: declinedCard }, false);
      expect(declined.status).toBe(303);
    }
    const before = await snapshot(api.db);
    // Even a good card is not tried now: a card tester learns nothing more from this checkout.
    const throttled = await payForm(api.baseUrl, sessionId, { number: goodCard }, false);
    expect(throttled.status).toBe(303);
    expect(throttled.headers.get("location")).toBe(`/checkout/${sessionId}`);
    const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
    expect(page).toContain("Too many payment attempts. Please wait 15 minutes and try again.");
    expect(await snapshot(api.db)).toEqual(before);

    // After the window the shopper can pay.
    api.clock.advance(15 * 60_000);
    await enterDetails(api.baseUrl, sessionId);
    const paid = await payForm(api.baseUrl, sessionId, { number: goodCard }, false);
    expect(paid.headers.get("location")).toMatch(/\/success\?order=HS-\d+&receipt=[\w-]{22}$/);
  });

  it("limits one address across checkouts too (ten times the per-checkout limit: a carrier address is many shoppers)", async () => {
    api.clock.advance(15 * 60_000);
    const statuses: string[] = [];
    for (let checkout = 0; checkout < 11; checkout += 1) {
      const sessionId = await openWithDetails();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await payForm(api.baseUrl, sessionId, { number: declinedCard }, false);
        const page = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
        statuses.push(page.includes("Too many payment attempts") ? "throttled" : "declined");
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill("declined"));
    expect(statuses.slice(30)).toEqual(["throttled", "throttled", "throttled"]);
  });
});

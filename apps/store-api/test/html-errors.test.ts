import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutBody, databaseKinds, postJson, sessionIdOf, startApi, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();

describe.each(kinds)("when the database fails under a shopper's page, on %s", (kind) => {
  let api: RunningApi;
  let sessionId = "";
  beforeAll(async () => {
    api = await startApi(kind);
    const response = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    sessionId = sessionIdOf(((await response.json()) as { url: string }).url);
    // The session table vanishing stands in for a full disk or a lost database: every query on it fails.
    await api.db.execute(sql`ALTER TABLE checkout_sessions RENAME TO checkout_sessions_away`);
  });
  afterAll(async () => {
    await api.db.execute(sql`ALTER TABLE checkout_sessions_away RENAME TO checkout_sessions`);
    await api.close();
  });

  it("shows the checkout page's failure as a readable page, not JSON", async () => {
    for (const request of [
      fetch(`${api.baseUrl}/checkout/${sessionId}`),
      fetch(`${api.baseUrl}/checkout/${sessionId}/details`, {
        method: "POST",
        body: new URLSearchParams({ email: "a@b.test", action: "continue" }),
      }),
    ]) {
      const response = await request;
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).toContain("<h1>Something went wrong</h1>");
      expect(page).toContain("We could not finish that step.");
      expect(page).toContain('href="http://shop.test"');
      expect(page).not.toContain("checkout_sessions");
    }
  });

  it("keeps the JSON error for the storefront's calls", async () => {
    const response = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_resin_10g", quantity: 1 }]),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side. Please try again." },
    });
  });
});

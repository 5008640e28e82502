import type { AdminOrderList } from "@herbo/hosted-api/admin";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminClient, placeTestOrder, signedInOwner } from "./admin-helpers.ts";
import { databaseKinds, startApi, type RunningApi } from "./harness.ts";
import { LogCapture } from "./payment-helpers.ts";

const kinds = await databaseKinds();

/** Copies of an order (and of its checkout, which each order needs), placed at the same moment. */
async function copyOrder(api: RunningApi, number: string, copies: number): Promise<void> {
  // One transaction: the temporary tables live on one connection.
  await api.db.transaction(async (tx) => {
    await tx.execute(
      sql`CREATE TEMP TABLE copied_sessions ON COMMIT DROP AS SELECT s.*, g AS copy FROM checkout_sessions s JOIN orders o ON o.session_id = s.id, generate_series(1, ${copies}::int) g WHERE o.number = ${number}`,
    );
    await tx.execute(sql`UPDATE copied_sessions SET id = id || '_' || copy`);
    await tx.execute(sql`ALTER TABLE copied_sessions DROP COLUMN copy`);
    await tx.execute(sql`INSERT INTO checkout_sessions SELECT * FROM copied_sessions`);
    await tx.execute(
      sql`CREATE TEMP TABLE copied_orders ON COMMIT DROP AS SELECT o.*, g AS copy FROM orders o, generate_series(1, ${copies}::int) g WHERE o.number = ${number}`,
    );
    await tx.execute(
      sql`UPDATE copied_orders SET id = id || '_' || copy, number = 'HS-' || (90000000 + copy), access_token = access_token || '_' || copy, session_id = session_id || '_' || copy, payment_attempt_id = NULL`,
    );
    await tx.execute(sql`ALTER TABLE copied_orders DROP COLUMN copy`);
    await tx.execute(sql`INSERT INTO orders SELECT * FROM copied_orders`);
  });
}

describe.each(kinds)("the back office's search and export limits on %s", (kind) => {
  let api: RunningApi;
  let owner: AdminClient;
  const logs = new LogCapture();
  let today = "";

  beforeAll(async () => {
    api = await startApi(kind, { logger: logs.logger });
    owner = await signedInOwner(api);
    today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu" }).format(api.clock.now());
  });
  afterAll(async () => {
    await api.close();
  });

  const get = (path: string) => owner.request("GET", path, undefined, null);

  it("refuses a search holding NUL or another control character with 400, and logs no error", async () => {
    const number = await placeTestOrder(api);
    for (const q of ["%00", "Asha%00", "a%0Ab", "%7F", "%C2%85"]) {
      const response = await get(`/orders?q=${q}`);
      expect(response.status, q).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: "invalid_request",
          message: expect.stringContaining(
            "the search cannot contain line breaks or other control characters",
          ) as unknown,
          details: expect.anything() as unknown,
        },
      });
    }
    expect(logs.errorLines()).toEqual([]);
    // Letters and digits still find the order.
    const found = (await (await get(`/orders?q=${number}`)).json()) as AdminOrderList;
    expect(found.orders.map((order) => order.number)).toEqual([number]);
  });

  it("refuses an export of more than 366 days with 400 and says so; 366 days export", async () => {
    const tooLong = await get("/orders/export.csv?from=2025-01-01&to=2026-01-02");
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toContain(
      "one export covers at most 366 days; choose a shorter range",
    );
    expect((await get("/orders/export.csv?from=2020-01-01&to=2029-12-31")).status).toBe(400);
    const year = await get(`/orders/export.csv?from=2025-03-01&to=2026-03-01`);
    expect(year.status).toBe(200);
    expect(year.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  });

  it("refuses an export whose days hold more than 10,000 orders, naming their number", async () => {
    const number = await placeTestOrder(api);
    const before = (await (await get(`/orders?from=${today}&to=${today}`)).json()) as AdminOrderList;
    await copyOrder(api, number, 10_001 - before.total);
    const tooMany = await get(`/orders/export.csv?from=${today}&to=${today}`);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({
      error: {
        code: "invalid_request",
        message: "These days hold 10,001 orders; one export holds at most 10,000. Choose a shorter range.",
      },
    });
    // The day before holds none, and exports.
    const yesterday = new Date(`${today}T00:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const earlier = yesterday.toISOString().slice(0, 10);
    expect((await get(`/orders/export.csv?from=${earlier}&to=${earlier}`)).status).toBe(200);
    expect(logs.errorLines()).toEqual([]);
  });
});

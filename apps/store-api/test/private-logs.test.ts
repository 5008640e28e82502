import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema.ts";
import { AdminClient, addOwner, ownerPassword } from "./admin-helpers.ts";
import { startKhaltiFake, type KhaltiFake } from "./fakes/khalti-fake.ts";
import { databaseKinds, kathmanduDetails, startApi, type RunningApi } from "./harness.ts";
import { LogCapture, checkoutWithDetails, onlyAttempt, startProviderPayment } from "./payment-helpers.ts";

const kinds = await databaseKinds();

/** A shopper whose every detail is a string no other test uses, so finding it in the log can only be a leak. */
const shopper = {
  ...kathmanduDetails,
  email: "sunita.logtrail@example.com",
  fullName: "Sunita Logtrail",
  phone: "9800012399",
  line1: "Lakeside Logtrail Marg 7",
};

/**
 * One whole journey (a Khalti payment, its return, the order page, the owner's search, order and
 * sign-in, and a failed statement carrying the shopper's email) leaves none of its secrets and none of
 * the shopper's details in the log, while the log still says what happened.
 */
describe.each(kinds)("what the log keeps of a whole journey, on %s", (kind) => {
  let khalti: KhaltiFake;
  let api: RunningApi;
  const logs = new LogCapture();

  beforeAll(async () => {
    khalti = await startKhaltiFake();
    api = await startApi(kind, {
      paymentMethods: ["khalti", "cod"],
      paymentSettings: { khalti: { secretKey: khalti.secretKey, apiUrl: khalti.url } },
      logger: logs.logger,
    });
    await addOwner(api);
  });
  afterAll(async () => {
    await api.close();
    await khalti.close();
  });

  it("holds no checkout id, attempt id, order token, provider answer, search text, statement parameter or personal detail", async () => {
    const sessionId = await checkoutWithDetails(api, 1, shopper);
    expect((await fetch(`${api.baseUrl}/checkout/${sessionId}`)).status).toBe(200);
    await startProviderPayment(api, sessionId, "khalti");
    const attempt = await onlyAttempt(api.db, sessionId);
    khalti.complete(attempt.reference);
    const returnQuery = khalti.callbackQuery(attempt.reference);
    const back = await fetch(`${api.baseUrl}/checkout/${sessionId}/return/khalti?${returnQuery.toString()}`, {
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    const [order] = await api.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    if (order === undefined) throw new Error("The Khalti payment placed no order");
    expect((await fetch(`${api.baseUrl}/orders/${order.accessToken}`)).status).toBe(200);

    const owner = await AdminClient.signIn(api);
    const found = await owner.get<{ orders: { number: string }[] }>(`/orders?q=${encodeURIComponent("Logtrail")}`);
    expect(found.orders.map((row) => row.number)).toEqual([order.number]);
    await owner.get(`/orders/${order.number}`);
    await owner.get(`/orders?q=${encodeURIComponent(shopper.phone)}`);

    // A statement that fails on a shopper's detail: the database quotes it back in its message.
    const failed = await api.db.execute(sql`SELECT ${shopper.email}::int AS n`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(JSON.stringify({ message: (failed as Error).message, cause: String((failed as Error).cause) })).toContain(
      shopper.email,
    );
    api.app.log.error({ err: failed }, "a statement failed");

    const log = logs.text();
    const transactionId = khalti.payments.get(attempt.reference)?.transactionId ?? "";
    const sessionCookie = /=([^;]+)/.exec(owner.cookie)?.[1] ?? "";
    const secrets = {
      "checkout id": sessionId,
      "payment attempt id": attempt.id,
      "order page token": order.accessToken,
      "Khalti pidx": attempt.reference,
      "Khalti transaction id": transactionId,
      "the payer's mobile from the return": returnQuery.get("mobile") ?? "",
      "the back office's search text": "Logtrail",
      "the shopper's email": shopper.email,
      "the shopper's name": shopper.fullName,
      "the shopper's phone": shopper.phone,
      "the shopper's street": shopper.line1,
      "the owner's password": ownerPassword,
      "the owner's session token": sessionCookie,
      "Khalti's secret key": khalti.secretKey,
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(3);
      expect(log.includes(secret), `the log holds ${what}`).toBe(false);
    }

    // The log still tells what happened, in words an owner can follow.
    expect(log).toContain('"url":"/checkout/cs_[redacted]/return/khalti?[redacted]"');
    expect(log).toContain('"url":"/orders/[redacted]"');
    expect(log).toContain('"url":"/admin/api/orders?q=[redacted]"');
    expect(log).toContain("a statement failed");
    expect(log).toContain("owner signed in");
  });
});

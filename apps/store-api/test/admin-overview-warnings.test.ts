import type { AdminOverview, AdminOverviewWarning } from "@herbo/hosted-api/admin";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeholderChatPhone } from "@herbo/hosted-api/shop-defaults";
import { providerPaymentOverdueMs } from "../src/payments/owed-payments.ts";
import { orders, paymentAttempts } from "../src/db/schema.ts";
import { claimDueEmails, markAttemptFailed } from "../src/email/outbox-store.ts";
import { AdminClient, addOwner, placeTestOrder } from "./admin-helpers.ts";
import { startKhaltiFake, type KhaltiFake } from "./fakes/khalti-fake.ts";
import { databaseKinds, startApi, type RunningApi } from "./harness.ts";
import { checkoutWithDetails, onlyAttempt, startProviderPayment } from "./payment-helpers.ts";
import { setAttemptStartedAt } from "./overview-fixtures.ts";

const kinds = await databaseKinds();
const minute = 60_000;
const day = 24 * 60 * minute;

describe.each(kinds)("the back office overview's warnings on %s", (kind) => {
  let khalti: KhaltiFake;
  let api: RunningApi;
  beforeAll(async () => {
    khalti = await startKhaltiFake();
    api = await startApi(kind, {
      paymentMethods: ["sandbox", "khalti"],
      paymentSettings: { khalti: { secretKey: khalti.secretKey, apiUrl: khalti.url } },
      // The shop's own number: no warning about it (the describe below has the placeholder).
      chatPhone: "9779812345678",
    });
    await addOwner(api);
  });
  afterAll(async () => {
    await api.close();
    await khalti.close();
  });

  async function warningsNow(): Promise<AdminOverviewWarning[]> {
    return (await (await AdminClient.signIn(api)).get<AdminOverview>("/overview")).warnings;
  }

  /** Claims every due email and records a failed attempt for each: retried at `retryAt`, or given up (null). */
  async function failDueEmails(retryAt: Date | null): Promise<void> {
    const now = api.clock.now();
    for (const claim of await claimDueEmails(api.db, now, 50, minute)) {
      expect(await markAttemptFailed(api.db, claim, "550 mailbox unavailable", retryAt, now)).toBe(true);
    }
  }

  it("has none while emails are only queued and no payment is open", async () => {
    await placeTestOrder(api);
    expect(await warningsNow()).toEqual([]);
  });

  it("counts emails whose latest attempt failed and that wait for a retry", async () => {
    await failDueEmails(new Date(api.clock.now().getTime() + 10 * minute));
    expect(await warningsNow()).toEqual([{ kind: "emails_failing", retrying: 1, givenUp: 0 }]);
  });

  it("counts emails given up in the last 7 days, and forgets them after", async () => {
    api.clock.advance(10 * minute);
    await failDueEmails(null);
    expect(await warningsNow()).toEqual([{ kind: "emails_failing", retrying: 0, givenUp: 1 }]);
    api.clock.advance(7 * day + minute);
    expect(await warningsNow()).toEqual([]);
  });

  it("names a payment open at a provider longer than 30 minutes, oldest first, with its checkout and start", async () => {
    const sessionId = await checkoutWithDetails(api);
    await startProviderPayment(api, sessionId, "khalti");
    const attempt = await onlyAttempt(api.db, sessionId);
    api.clock.advance(providerPaymentOverdueMs - minute);
    expect(await warningsNow()).toEqual([]);

    const startedAt = new Date(api.clock.now().getTime() - providerPaymentOverdueMs - minute);
    await setAttemptStartedAt(api.db, attempt.id, startedAt);
    expect(await warningsNow()).toEqual([
      {
        kind: "payment_open_too_long",
        provider: "khalti",
        checkoutId: sessionId,
        reference: attempt.reference,
        orderNumber: null,
        amount: { amount: attempt.amount, currency: attempt.currencyCode, text: expect.any(String) as string },
        startedAt: startedAt.toISOString(),
      },
    ]);
  });

  it("gives the order's number when the payment's checkout has an order", async () => {
    const number = await placeTestOrder(api);
    const [order] = await api.db.select().from(orders).where(eq(orders.number, number));
    const sessionId = await checkoutWithDetails(api);
    await startProviderPayment(api, sessionId, "khalti");
    const attempt = await onlyAttempt(api.db, sessionId);
    // This attempt now belongs to the order's checkout, as a payment left open when the checkout was paid another way.
    await api.db
      .update(paymentAttempts)
      .set({ sessionId: order?.sessionId ?? "", createdAt: new Date(api.clock.now().getTime() - 2 * 60 * minute) })
      .where(eq(paymentAttempts.id, attempt.id));
    const warnings = await warningsNow();
    expect(
      warnings.find((warning) => warning.kind === "payment_open_too_long" && warning.orderNumber === number),
    ).toMatchObject({ provider: "khalti", checkoutId: order?.sessionId });
  });
});

describe.each(kinds)("the overview on %s, while the storefront shows the placeholder contact number", (kind) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(kind, { chatPhone: placeholderChatPhone });
    await addOwner(api);
  });
  afterAll(async () => {
    await api.close();
  });

  it("warns that shoppers are sent to a number nobody answers", async () => {
    const overview = await (await AdminClient.signIn(api)).get<AdminOverview>("/overview");
    expect(overview.warnings).toEqual([{ kind: "placeholder_contact_number", phone: placeholderChatPhone }]);
  });
});

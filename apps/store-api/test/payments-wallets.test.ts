import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceTail } from "../src/log-redaction.ts";
import { startEsewaFake, type EsewaFake } from "./fakes/esewa-fake.ts";
import { startKhaltiFake, type KhaltiFake } from "./fakes/khalti-fake.ts";
import { signedInOwner } from "./admin-helpers.ts";
import { databaseKinds, startApi, type RunningApi, receiptFor } from "./harness.ts";
import {
  LogCapture,
  checkoutWithDetails,
  onlyAttempt,
  ordersOf,
  paymentState,
  postHandOverForm,
  sessionStatus,
  startProviderPayment,
} from "./payment-helpers.ts";

const kinds = await databaseKinds();

describe.each(kinds)("Khalti and eSewa on %s", (kind) => {
  let khalti: KhaltiFake;
  let esewa: EsewaFake;
  let api: RunningApi;
  const logs = new LogCapture();

  beforeAll(async () => {
    khalti = await startKhaltiFake();
    esewa = await startEsewaFake();
    api = await startApi(kind, {
      paymentMethods: ["khalti", "esewa", "cod"],
      paymentSettings: {
        khalti: { secretKey: khalti.secretKey, apiUrl: khalti.url },
        esewa: { productCode: esewa.productCode, secretKey: esewa.secretKey, apiUrl: esewa.url },
      },
      logger: logs.logger,
    });
  });
  afterAll(async () => {
    await api.close();
    await khalti.close();
    await esewa.close();
  });

  const returnTo = (sessionId: string, provider: string, query: URLSearchParams | string) =>
    fetch(`${api.baseUrl}/checkout/${sessionId}/return/${provider}?${query.toString()}`, { redirect: "manual" });

  describe("Khalti", () => {
    async function startKhalti() {
      const sessionId = await checkoutWithDetails(api);
      const continueUrl = await startProviderPayment(api, sessionId, "khalti");
      const attempt = await onlyAttempt(api.db, sessionId);
      return { sessionId, continueUrl, attempt };
    }

    it("initiates with the amount in paisa and sends the shopper to payment_url", async () => {
      const { continueUrl, attempt } = await startKhalti();
      const payment = khalti.payments.get(attempt.reference);
      expect(payment?.amount).toBe(attempt.amount);
      expect(payment?.returnUrl).toMatch(/^http:\/\/api\.test\/checkout\/cs_[^/]+\/return\/khalti$/);
      expect(payment?.purchaseOrderId).toBe(attempt.id);
      // Khalti shows the name and keeps it in its records: the shop's, never the checkout id.
      expect(payment?.purchaseOrderName).toBe("Herbo Shilajit order");
      expect(payment?.purchaseOrderName).not.toContain("cs_");
      const page = await (await fetch(`${api.baseUrl}${continueUrl}`)).text();
      expect(page).toContain(`${khalti.url}/pay/?pidx=${attempt.reference}`);
      expect(page).not.toContain(khalti.secretKey);
    });

    it("does not trust a return that says Completed until the lookup confirms it", async () => {
      const { sessionId, attempt } = await startKhalti();
      // The return claims success, but the shopper never paid: lookup says Initiated.
      const claimed = khalti.callbackQuery(attempt.reference);
      claimed.set("status", "Completed");
      claimed.set("transaction_id", "forged");
      const early = await returnTo(sessionId, "khalti", claimed);
      expect(early.status).toBe(200);
      expect(await early.text()).toContain("Waiting for Khalti");
      expect(khalti.lookups).toContain(attempt.reference);
      expect(await ordersOf(api.db, sessionId)).toHaveLength(0);

      khalti.complete(attempt.reference);
      const back = await returnTo(sessionId, "khalti", khalti.callbackQuery(attempt.reference));
      const [order] = await ordersOf(api.db, sessionId);
      expect(back.headers.get("location")).toBe(
        `http://shop.test/success?order=${order?.number}&receipt=${receiptFor(order)}`,
      );
      expect(order).toMatchObject({
        paymentMethod: "wallet",
        paymentProvider: "khalti",
        paymentStatus: "paid",
        paymentReference: khalti.payments.get(attempt.reference)?.transactionId,
      });
    });

    it("refunds in full a payment whose looked-up amount differs from the order, whatever the return says", async () => {
      const { sessionId, attempt } = await startKhalti();
      khalti.complete(attempt.reference, attempt.providerAmount - 10_000);
      const query = khalti.callbackQuery(attempt.reference);
      query.set("amount", String(attempt.providerAmount));
      query.set("total_amount", String(attempt.providerAmount));
      const back = await returnTo(sessionId, "khalti", query);
      expect(back.headers.get("location")).toBe(`/checkout/${sessionId}`);
      expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
      expect((await onlyAttempt(api.db, sessionId)).status).toBe("refunded");
      expect(khalti.payments.get(attempt.reference)?.status).toBe("Refunded");
      expect(logs.text()).toContain("does not match the order");
      const step = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      expect(step).toContain("This Khalti payment did not match your order, so it is being refunded in full.");
    });

    it("refuses a return carrying another checkout's pidx and records nothing", async () => {
      const victim = await startKhalti();
      const other = await startKhalti();
      khalti.complete(other.attempt.reference);
      const before = await paymentState(api.db);
      // The paid pidx of the other checkout, swapped into this one's return.
      const back = await returnTo(victim.sessionId, "khalti", khalti.callbackQuery(other.attempt.reference));
      expect(back.headers.get("location")).toBe(`/checkout/${victim.sessionId}`);
      expect(await paymentState(api.db)).toEqual(before);
      expect(await ordersOf(api.db, victim.sessionId)).toHaveLength(0);
      const unknown = await returnTo(victim.sessionId, "khalti", "pidx=made-up&status=Completed");
      expect(unknown.headers.get("location")).toBe(`/checkout/${victim.sessionId}`);
      expect(await paymentState(api.db)).toEqual(before);
    });

    it("treats a return whose pidx holds control characters as no payment, answering 303 and logging no error", async () => {
      const { sessionId } = await startKhalti();
      const before = await paymentState(api.db);
      const errorsBefore = logs.errorLines().length;
      for (const query of [
        "pidx=%00",
        "pidx=abc%00def&status=Completed",
        "pidx=%1F",
        "pidx=a%20b",
        `pidx=${"x".repeat(101)}`,
      ]) {
        const back = await returnTo(sessionId, "khalti", query);
        expect(back.status, query).toBe(303);
        expect(back.headers.get("location")).toBe(`/checkout/${sessionId}`);
      }
      expect(await paymentState(api.db)).toEqual(before);
      expect(logs.errorLines()).toHaveLength(errorsBefore);
    });

    it("returns a cancelled payment to the payment step and lets the shopper choose again", async () => {
      const { sessionId, attempt } = await startKhalti();
      const payment = khalti.payments.get(attempt.reference);
      if (payment === undefined) throw new Error("no fake payment");
      payment.status = "User canceled";
      const back = await returnTo(sessionId, "khalti", khalti.callbackQuery(attempt.reference));
      expect(back.headers.get("location")).toBe(`/checkout/${sessionId}`);
      expect((await onlyAttempt(api.db, sessionId)).status).toBe("failed");
      expect(await sessionStatus(api.db, sessionId)).toBe("open");
      const step = await (await fetch(`${api.baseUrl}/checkout/${sessionId}`)).text();
      expect(step).toContain("Your Khalti payment was not completed");
    });

    it("refunds in full a payment completed after the shopper cancelled the checkout", async () => {
      const { sessionId, attempt } = await startKhalti();
      const cancelled = await fetch(`${api.baseUrl}/checkout/${sessionId}/cancel`, {
        method: "POST",
        redirect: "manual",
      });
      expect(cancelled.headers.get("location")).toBe("http://shop.test/store");
      // Khalti has no way to stop a payment: it is superseded, and still asked about.
      expect((await onlyAttempt(api.db, sessionId)).status).toBe("superseded");
      // The shopper finishes it in another tab and comes back.
      khalti.complete(attempt.reference);
      const back = await returnTo(sessionId, "khalti", khalti.callbackQuery(attempt.reference));
      expect(back.status).toBe(410);
      expect(await ordersOf(api.db, sessionId)).toHaveLength(0);
      expect((await onlyAttempt(api.db, sessionId)).status).toBe("refunded");
      expect(khalti.payments.get(attempt.reference)?.status).toBe("Refunded");
      expect(
        logs.lines.some(
          (line) =>
            line.includes("Paid after the checkout was closed") && line.includes(referenceTail(attempt.reference)),
        ),
      ).toBe(true);
      expect(logs.text()).not.toContain(sessionId);
    });

    it("refunds a cancelled Khalti order through its refund API, in full", async () => {
      const { sessionId, attempt } = await startKhalti();
      khalti.complete(attempt.reference);
      await returnTo(sessionId, "khalti", khalti.callbackQuery(attempt.reference));
      const [order] = await ordersOf(api.db, sessionId);
      if (order === undefined) throw new Error("no order");
      const owner = await signedInOwner(api, "wallets@shop.test");
      const cancelled = await owner.action(order.number, { action: "cancel" });
      expect(await cancelled.json()).toMatchObject({ refund: "refunded", payment: { status: "refunded" } });
      expect(khalti.refunds).toEqual(expect.arrayContaining([order.paymentReference]));
      expect(khalti.payments.get(attempt.reference)?.status).toBe("Refunded");
    });
  });

  describe("eSewa", () => {
    async function startEsewa() {
      const sessionId = await checkoutWithDetails(api);
      const continueUrl = await startProviderPayment(api, sessionId, "esewa");
      const attempt = await onlyAttempt(api.db, sessionId);
      return { sessionId, continueUrl, attempt };
    }

    const postForm = (continueUrl: string) => postHandOverForm(api, continueUrl);

    it("posts a form signed with HMAC-SHA256 over its signed field names, which eSewa accepts", async () => {
      const { continueUrl, attempt } = await startEsewa();
      const { response, action, fields, posted } = await postForm(continueUrl);
      expect(action).toBe(`${esewa.url}/api/epay/main/v2/form`);
      expect(response.headers.get("content-security-policy")).toContain(
        `form-action 'self' http://shop.test ${esewa.url}`,
      );
      expect(Object.fromEntries(fields)).toMatchObject({
        total_amount: (attempt.providerAmount / 100).toFixed(2),
        transaction_uuid: attempt.reference,
        product_code: "EPAYTEST",
        signed_field_names: "total_amount,transaction_uuid,product_code",
      });
      expect(posted.status).toBe(200);
      expect(esewa.forms.at(-1)?.signatureValid).toBe(true);
    });

    it("places the order only after the status check says COMPLETE", async () => {
      const { sessionId, continueUrl, attempt } = await startEsewa();
      await postForm(continueUrl);
      // A correctly signed return while eSewa's status check still says PENDING.
      const early = await returnTo(
        sessionId,
        "esewa",
        `data=${encodeURIComponent(esewa.successData(attempt.reference))}`,
      );
      expect(early.status).toBe(200);
      expect(esewa.statusChecks).toContain(attempt.reference);
      expect(await ordersOf(api.db, sessionId)).toHaveLength(0);

      esewa.complete(attempt.reference);
      const back = await returnTo(
        sessionId,
        "esewa",
        `data=${encodeURIComponent(esewa.successData(attempt.reference))}`,
      );
      const [order] = await ordersOf(api.db, sessionId);
      expect(back.headers.get("location")).toBe(
        `http://shop.test/success?order=${order?.number}&receipt=${receiptFor(order)}`,
      );
      expect(order).toMatchObject({
        paymentMethod: "wallet",
        paymentProvider: "esewa",
        paymentReference: esewa.payments.get(attempt.reference)?.refId,
      });
    });

    it("refuses a return whose signature is wrong or whose signed fields were changed, without asking eSewa", async () => {
      const { sessionId, continueUrl, attempt } = await startEsewa();
      await postForm(continueUrl);
      esewa.complete(attempt.reference);
      const checksBefore = esewa.statusChecks.length;
      const before = await paymentState(api.db);

      const forgedKey = esewa.successData(attempt.reference, {}, "not the merchant key");
      expect(
        (await returnTo(sessionId, "esewa", `data=${encodeURIComponent(forgedKey)}`)).headers.get("location"),
      ).toBe(`/checkout/${sessionId}`);
      const genuine = JSON.parse(Buffer.from(esewa.successData(attempt.reference), "base64").toString()) as Record<
        string,
        string
      >;
      const changed = Buffer.from(JSON.stringify({ ...genuine, total_amount: "1.00" })).toString("base64");
      expect((await returnTo(sessionId, "esewa", `data=${encodeURIComponent(changed)}`)).headers.get("location")).toBe(
        `/checkout/${sessionId}`,
      );
      const unsigned = esewa.successData(attempt.reference, {
        signed_field_names: "transaction_code,signed_field_names",
      });
      expect((await returnTo(sessionId, "esewa", `data=${encodeURIComponent(unsigned)}`)).headers.get("location")).toBe(
        `/checkout/${sessionId}`,
      );

      expect(esewa.statusChecks.length).toBe(checksBefore);
      expect(await paymentState(api.db)).toEqual(before);
      expect(logs.text()).not.toContain(esewa.secretKey);
    });

    it("treats a return whose data or transaction_uuid holds control characters as no payment, logging no error", async () => {
      const { sessionId, continueUrl } = await startEsewa();
      await postForm(continueUrl);
      const before = await paymentState(api.db);
      const errorsBefore = logs.errorLines().length;
      const queries = [
        "data=%00",
        `data=${encodeURIComponent(Buffer.from("\u0000").toString("base64"))}`,
        `data=${encodeURIComponent(esewa.successData("\u0000"))}`,
        `data=${encodeURIComponent(esewa.successData("abc\u0000def"))}`,
        `data=${encodeURIComponent(esewa.successData("a\u200bb"))}`,
      ];
      for (const query of queries) {
        const back = await returnTo(sessionId, "esewa", query);
        expect(back.status, query).toBe(303);
        expect(back.headers.get("location")).toBe(`/checkout/${sessionId}`);
      }
      expect(await paymentState(api.db)).toEqual(before);
      expect(logs.errorLines()).toHaveLength(errorsBefore);
    });

    it("finds a paid eSewa payment whose shopper never came back, by reconciliation", async () => {
      const { sessionId, continueUrl, attempt } = await startEsewa();
      await postForm(continueUrl);
      esewa.complete(attempt.reference);
      api.clock.advance(3 * 60_000);
      await api.app.reconcilePayments(false);
      expect(await ordersOf(api.db, sessionId)).toHaveLength(1);
    });

    it("releases the items of an eSewa payment that was never made, once its time is well over", async () => {
      const { sessionId, attempt } = await startEsewa();
      api.clock.advance(attempt.expiresAt.getTime() - api.clock.now().getTime() + 60_000);
      await api.app.reconcilePayments(true);
      expect(await sessionStatus(api.db, sessionId)).toBe("open");
      api.clock.advance(20 * 60_000);
      await api.app.reconcilePayments(true);
      expect((await onlyAttempt(api.db, sessionId)).status).toBe("failed");
      expect(await sessionStatus(api.db, sessionId)).toBe("expired");
    });
  });
});

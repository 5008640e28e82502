import { createHash, createHmac } from "node:crypto";
import { decimalAmount } from "@herbo/hosted-api";
import { z } from "zod";
import type { RefundRequest } from "../orders/refund-request.ts";
import type { ProviderAttempt, ProviderVerdict } from "./provider.ts";
import { parseDecimalAmount } from "./provider-amount.ts";
import { ProviderHttpError, providerJson } from "./provider-http.ts";
import type { CybersourceRestSettings } from "./cybersource-settings.ts";

/**
 * The headers of a signed REST request (developer.cybersource.com, "HTTP Signature Authentication"):
 * a SHA-256 digest of the body, and an HMAC-SHA256 with the base64-decoded shared secret over the host,
 * date, request target, digest and merchant id, each as "name: value" on its own line.
 */
export function cybersourceRestHeaders(
  settings: CybersourceRestSettings,
  request: { method: "post" | "get"; path: string; body: string },
  now: Date,
): Record<string, string> {
  const host = new URL(settings.apiUrl).host;
  const date = now.toUTCString();
  const digest = `SHA-256=${createHash("sha256").update(request.body, "utf8").digest("base64")}`;
  const signingString = [
    `host: ${host}`,
    `date: ${date}`,
    `request-target: ${request.method} ${request.path}`,
    `digest: ${digest}`,
    `v-c-merchant-id: ${settings.merchantId}`,
  ].join("\n");
  const signature = createHmac("sha256", Buffer.from(settings.sharedSecret, "base64"))
    .update(signingString, "utf8")
    .digest("base64");
  return {
    "v-c-merchant-id": settings.merchantId,
    date,
    digest,
    signature: `keyid="${settings.keyId}", algorithm="HmacSHA256", headers="host date request-target digest v-c-merchant-id", signature="${signature}"`,
  };
}

const refundAnswer = z.object({ id: z.string().min(1), status: z.string() });
const errorAnswer = z.object({ reason: z.string().optional(), message: z.string().optional() });

/** A transaction id as Cybersource writes them (digits), so nothing else reaches the path. */
const transactionIdFormat = /^[A-Za-z0-9]{1,40}$/;

/**
 * Gives money back through the REST API: POST /pts/v2/payments/{id}/refunds for the Secure Acceptance
 * sale's transaction id. Throws with a reason the owner can read when the API refuses or cannot be reached.
 */
export async function refundWithCybersourceRest(
  settings: CybersourceRestSettings,
  refund: RefundRequest,
  now: Date,
): Promise<{ refundReference: string }> {
  if (!transactionIdFormat.test(refund.reference)) {
    throw new Error("This card payment has no transaction id the card gateway knows");
  }
  const path = `/pts/v2/payments/${refund.reference}/refunds`;
  const bodyText = JSON.stringify({
    clientReferenceInformation: { code: refund.idempotencyKey.slice(0, 50) },
    orderInformation: {
      amountDetails: { totalAmount: decimalAmount(refund.amount, refund.decimalDigits), currency: refund.currencyCode },
    },
  });
  const { status, body } = await providerJson("Cybersource", `${settings.apiUrl.replace(/\/+$/, "")}${path}`, {
    method: "POST",
    headers: cybersourceRestHeaders(settings, { method: "post", path, body: bodyText }, now),
    bodyText,
  });
  const answer = refundAnswer.safeParse(body);
  if (status === 201 && answer.success) return { refundReference: answer.data.id };
  const refusal = errorAnswer.safeParse(body);
  const reason = refusal.success ? (refusal.data.message ?? refusal.data.reason) : undefined;
  throw new ProviderHttpError(
    "Cybersource",
    status,
    `The card gateway refused the refund (HTTP ${status}${reason === undefined ? "" : `: ${reason.slice(0, 160)}`})`,
  );
}

// developer.cybersource.com, Transaction Search ("Create a search request"): the summaries of the
// transactions whose merchant reference (Secure Acceptance's reference_number) is the attempt's.
const searchAnswer = z.object({
  _embedded: z
    .object({
      transactionSummaries: z
        .array(
          z.object({
            id: z.string(),
            applicationInformation: z
              .object({
                applications: z
                  .array(z.object({ name: z.string().optional(), rCode: z.string().optional() }))
                  .optional(),
              })
              .optional(),
            clientReferenceInformation: z.object({ code: z.string().optional() }).optional(),
            orderInformation: z
              .object({
                amountDetails: z
                  .object({ totalAmount: z.string().optional(), currency: z.string().optional() })
                  .optional(),
              })
              .optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

/**
 * What the transaction search knows of an attempt whose replies never reached us: paid when a transaction
 * with its reference has a successful capture (`ics_bill` with rCode 1), with the amount and currency the
 * gateway recorded (the settlement path refunds any other amount); otherwise undecided, and `undefined` so
 * that the caller applies its own time limit. Throws when the API refuses or cannot be reached.
 */
export async function searchCybersourcePayment(
  settings: CybersourceRestSettings,
  attempt: Pick<ProviderAttempt, "reference">,
  digitsOf: (currencyCode: string) => number,
  now: Date,
): Promise<Extract<ProviderVerdict, { status: "paid" }> | undefined> {
  const path = "/tss/v2/searches";
  const bodyText = JSON.stringify({
    save: false,
    name: "payment reconciliation",
    timezone: "UTC",
    query: `clientReferenceInformation.code:${attempt.reference}`,
    offset: 0,
    limit: 20,
    sort: "submitTimeUtc:desc",
  });
  const { status, body } = await providerJson("Cybersource", `${settings.apiUrl.replace(/\/+$/, "")}${path}`, {
    method: "POST",
    headers: cybersourceRestHeaders(settings, { method: "post", path, body: bodyText }, now),
    bodyText,
  });
  const answer = searchAnswer.safeParse(body);
  if (status !== 201 || !answer.success) {
    throw new ProviderHttpError("Cybersource", status, `The card gateway's search answered HTTP ${status}`);
  }
  for (const summary of answer.data._embedded?.transactionSummaries ?? []) {
    const captured = (summary.applicationInformation?.applications ?? []).some(
      (application) => application.name === "ics_bill" && application.rCode === "1",
    );
    if (!captured || summary.clientReferenceInformation?.code !== attempt.reference) continue;
    const currencyCode = summary.orderInformation?.amountDetails?.currency ?? "";
    const amount = parseDecimalAmount(
      summary.orderInformation?.amountDetails?.totalAmount ?? "",
      digitsOf(currencyCode),
    );
    if (amount === undefined || !/^[A-Z]{3}$/.test(currencyCode)) continue;
    return {
      status: "paid",
      providerAmount: amount,
      currencyCode,
      payment: { method: "card", provider: "cybersource", reference: summary.id, cardLast4: null },
    };
  }
  return undefined;
}

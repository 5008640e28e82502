import { createHash, createHmac } from "node:crypto";
import { decimalAmount } from "@herbo/hosted-api";
import { z } from "zod";
import type { RefundRequest } from "../orders/refund-request.ts";
import { ProviderHttpError, providerJson } from "./provider-http.ts";

/** Cybersource REST credentials ("REST – Shared Secret" keys in the Business Center), when the bank grants them. */
export interface CybersourceRestSettings {
  merchantId: string;
  keyId: string;
  /** The shared secret as the Business Center shows it: base64. */
  sharedSecret: string;
  /** https://apitest.cybersource.com, https://api.cybersource.com, or a fake. */
  apiUrl: string;
}

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

import { walletNames } from "../orders/build-snapshot.ts";
import { randomUUID } from "node:crypto";
import { decimalAmount } from "@herbo/hosted-api";
import { z } from "zod";
import { esewaSignature, isEsewaSignatureValid, readSignedAnswer, requiredSignedFields } from "./esewa-signature.ts";
import type { PaymentProvider, ProviderVerdict, ProviderAttempt } from "./provider.ts";
import { convertMinorUnits, parseDecimalAmount } from "./provider-amount.ts";
import { ProviderHttpError, providerJson } from "./provider-http.ts";
import type { EsewaSettings } from "./esewa-settings.ts";

/** What the payment form signs (ePay v2: these three, in this order). */
const formSignedFields = "total_amount,transaction_uuid,product_code";
/** How long after its expiry an attempt eSewa has never heard of counts as never paid. */
const notFoundGraceMs = 15 * 60_000;

// developer.esewa.com.np/pages/Epay-V2 "Status Check": GET with product_code, total_amount, transaction_uuid.
const statusAnswer = z.object({
  product_code: z.string(),
  transaction_uuid: z.string(),
  total_amount: z.union([z.number(), z.string()]),
  status: z.string(),
  ref_id: z.string().nullable().optional(),
});

/** The total as the form sent it and the status check repeats it: rupees with two decimals. */
function totalText(attempt: ProviderAttempt): string {
  return decimalAmount(attempt.providerAmount, 2);
}

/** A transaction_uuid as eSewa takes it (letters, digits and hyphens), so a NUL never reaches a query. */
const transactionUuidFormat = /^[A-Za-z0-9-]{1,64}$/;

/** The base64 JSON eSewa appends to success_url as `data`, when it is one. */
function decodeReturn(data: string | undefined): Record<string, string> | undefined {
  if (data === undefined || data.length > 4096) return undefined;
  return readSignedAnswer(Buffer.from(data, "base64").toString("utf8"));
}

/**
 * eSewa ePay v2 (developer.esewa.com.np/pages/Epay-V2): a form signed with HMAC-SHA256 posts the shopper
 * to eSewa; the return's base64 JSON must carry a valid signature, and the status-check API must say
 * COMPLETE for the same amount before the order is placed.
 */
export function createEsewaProvider(
  settings: EsewaSettings,
  links: { returnUrl: (sessionId: string) => string },
): PaymentProvider {
  const api = settings.apiUrl.replace(/\/+$/, "");

  return {
    id: "esewa",
    displayName: walletNames.esewa ?? "eSewa",
    formOrigins: [new URL(api).origin],
    isAvailable: ({ country, currencyCode }) => country === "NP" && currencyCode === "NPR",
    section: (context) => ({
      id: "esewa",
      heading: "eSewa",
      paragraphs: [{ text: ["Pay from your eSewa wallet on eSewa's page, then come back here."] }],
      button: ["Pay ", { nowrap: context.totalText }, " with eSewa"],
    }),

    async initiatePayment(context) {
      const paisa = convertMinorUnits(context.totalAmount, context.decimalDigits, 2);
      if (paisa === undefined || paisa <= 0) {
        return { kind: "declined", message: "eSewa cannot take this amount. Please choose another way to pay." };
      }
      // eSewa's transaction_uuid takes letters, digits and hyphens only.
      return {
        kind: "redirect",
        started: {
          reference: randomUUID(),
          amount: context.totalAmount,
          currencyCode: context.currencyCode,
          providerAmount: paisa,
          expiresAt: context.holdExpiresAt,
          redirectUrl: null,
        },
      };
    },

    continueTo(attempt) {
      const total = totalText(attempt);
      const returnUrl = links.returnUrl(attempt.sessionId);
      const fields: Record<string, string> = {
        amount: total,
        tax_amount: "0",
        total_amount: total,
        transaction_uuid: attempt.reference,
        product_code: settings.productCode,
        product_service_charge: "0",
        product_delivery_charge: "0",
        success_url: returnUrl,
        failure_url: `${returnUrl}?failed=1`,
        signed_field_names: formSignedFields,
      };
      fields.signature = esewaSignature(fields, formSignedFields, settings.secretKey);
      return { form: { action: `${api}/api/epay/main/v2/form`, fields } };
    },

    referenceFromReturn: (query) => {
      const reference = decodeReturn(query.data)?.transaction_uuid;
      return reference !== undefined && transactionUuidFormat.test(reference) ? reference : undefined;
    },

    async authorizePayment(attempt, returned, now) {
      if (returned !== undefined) {
        const answer = decodeReturn(returned.data);
        const names = answer?.signed_field_names;
        const signature = answer?.signature;
        if (answer === undefined || names === undefined || signature === undefined) {
          return { status: "refused", reason: "eSewa's return carries no signed answer" };
        }
        const named = names.split(",");
        if (!requiredSignedFields.every((field) => named.includes(field))) {
          return { status: "refused", reason: "eSewa's return does not sign the fields that matter" };
        }
        if (!isEsewaSignatureValid(answer, names, signature, settings.secretKey)) {
          return { status: "refused", reason: "eSewa's return has a wrong signature" };
        }
        if (answer.transaction_uuid !== attempt.reference || answer.product_code !== settings.productCode) {
          return { status: "refused", reason: "eSewa's return is about another payment" };
        }
      }
      // The signed return is a claim; the status check is eSewa's word.
      const query = new URLSearchParams({
        product_code: settings.productCode,
        total_amount: totalText(attempt),
        transaction_uuid: attempt.reference,
      });
      const { status, body } = await providerJson("eSewa", `${api}/api/epay/transaction/status/?${query}`, {
        method: "GET",
      });
      const answer = statusAnswer.safeParse(body);
      if (status !== 200 || !answer.success) {
        throw new ProviderHttpError("eSewa", status, `eSewa's status check answered HTTP ${status} without a status`);
      }
      return verdictOfStatus(attempt, settings.productCode, answer.data, now);
    },
  };
}

function verdictOfStatus(
  attempt: ProviderAttempt,
  productCode: string,
  answer: z.infer<typeof statusAnswer>,
  now: Date,
): ProviderVerdict {
  if (answer.transaction_uuid !== attempt.reference || answer.product_code !== productCode) {
    return { status: "refused", reason: "eSewa's status check answered about another payment" };
  }
  switch (answer.status) {
    case "COMPLETE": {
      const paisa = parseDecimalAmount(answer.total_amount, 2);
      if (paisa === undefined) return { status: "refused", reason: "eSewa reported an unreadable amount" };
      return {
        status: "paid",
        providerAmount: paisa,
        currencyCode: "NPR",
        payment: {
          method: "wallet",
          provider: "esewa",
          providerName: "eSewa",
          reference: answer.ref_id ?? attempt.reference,
          cardLast4: null,
        },
      };
    }
    case "CANCELED":
    case "FULL_REFUND":
    case "PARTIAL_REFUND":
      return { status: "failed", reason: `eSewa reports the payment as ${answer.status}` };
    case "NOT_FOUND":
      // Never paid, once the shopper's time to pay is well over.
      return now.getTime() > attempt.expiresAt.getTime() + notFoundGraceMs
        ? { status: "failed", reason: "eSewa has no such payment" }
        : { status: "pending" };
    default:
      // PENDING, AMBIGUOUS and anything new: ask again later.
      return { status: "pending" };
  }
}

import { randomUUID } from "node:crypto";
import { decimalAmount } from "@herbo/hosted-api";
import type { CustomerDetails } from "../db/schema.ts";
import { refundWithCybersourceRest, searchCybersourcePayment } from "./cybersource-rest.ts";
import type { CybersourceKey, CybersourceSettings } from "./cybersource-settings.ts";
import type { PaymentProvider, ProviderAttempt, ProviderVerdict, WebhookAction } from "./provider.ts";
import { convertMinorUnits, parseDecimalAmount } from "./provider-amount.ts";
import { isFieldsSignatureValid, signFields } from "./signed-fields.ts";

/**
 * The fields a request signs (Secure Acceptance Hosted Checkout, "Request Fields"): every field the form
 * sends except the signature itself, so nothing can be added or changed on the way.
 */
const requestFieldOrder = [
  "access_key",
  "profile_id",
  "transaction_uuid",
  "signed_field_names",
  "unsigned_field_names",
  "signed_date_time",
  "locale",
  "transaction_type",
  "reference_number",
  "amount",
  "currency",
  "bill_to_forename",
  "bill_to_surname",
  "bill_to_email",
  "bill_to_phone",
  "bill_to_address_line1",
  "bill_to_address_line2",
  "bill_to_address_city",
  "bill_to_address_state",
  "bill_to_address_country",
  "bill_to_address_postal_code",
  "override_custom_receipt_page",
  "override_custom_cancel_page",
] as const;

/** The reply's fields that must be signed before it is read ("Reply Fields"). */
export const requiredReplyFields = [
  "decision",
  "req_reference_number",
  "req_amount",
  "req_currency",
  "req_profile_id",
  "req_transaction_uuid",
] as const;

/** How long after its expiry an attempt that never got a reply counts as never paid. */
const noReplyGraceMs = 30 * 60_000;

/** A reference_number as we make them (a UUID), so nothing else reaches a query. */
const referenceFormat = /^[A-Za-z0-9-]{1,50}$/;

/** A currency's ISO 4217 minor digits (2 for every currency the shop sells in), as Cybersource counts. */
export function currencyDigits(currencyCode: string): number {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency: currencyCode }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** "2026-11-25T20:00:00Z": UTC to the second, as `signed_date_time` is written. */
export function signedDateTime(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/** A field as Secure Acceptance takes it: no commas (the signature's separator) and at most `max` characters. */
function field(value: string | null | undefined, max: number): string {
  return (value ?? "").replaceAll(",", " ").replace(/\s+/g, " ").trim().slice(0, max);
}

/** "Asha Kumari Sharma" as a forename and a surname; one word is both. */
export function splitName(fullName: string): { forename: string; surname: string } {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return { forename: words[0] ?? "", surname: words[0] ?? "" };
  return { forename: words.slice(0, -1).join(" "), surname: words.at(-1) ?? "" };
}

/** The billing fields, from the delivery details the shopper gave. */
function billTo(customer: CustomerDetails | undefined): Record<string, string> {
  if (customer === undefined) return {};
  const { forename, surname } = splitName(customer.fullName);
  return {
    bill_to_forename: field(forename, 60),
    bill_to_surname: field(surname, 60),
    bill_to_email: field(customer.email, 255),
    bill_to_phone: field(customer.phone.replace(/[^0-9]/g, ""), 15),
    bill_to_address_line1: field(customer.address.line1, 60),
    bill_to_address_line2: field(customer.address.line2 ?? customer.address.district, 60),
    bill_to_address_city: field(customer.address.city, 50),
    bill_to_address_state: field(customer.address.region?.code, 60),
    bill_to_address_country: customer.country,
    bill_to_address_postal_code: field(customer.address.postalCode, 10),
  };
}

/** The signed request that sends the shopper to the hosted payment page to pay `attempt`. */
export function cybersourceRequest(
  settings: Pick<CybersourceSettings, "profileId" | "key">,
  attempt: Pick<ProviderAttempt, "reference" | "providerAmount" | "currencyCode" | "customer">,
  returnUrl: string,
  now: Date,
): Record<string, string> {
  const fields: Record<string, string> = {
    access_key: settings.key.accessKey,
    profile_id: settings.profileId,
    transaction_uuid: randomUUID(),
    unsigned_field_names: "",
    signed_date_time: signedDateTime(now),
    locale: "en",
    transaction_type: "sale",
    reference_number: attempt.reference,
    amount: decimalAmount(attempt.providerAmount, currencyDigits(attempt.currencyCode)),
    currency: attempt.currencyCode,
    ...billTo(attempt.customer),
    override_custom_receipt_page: returnUrl,
    override_custom_cancel_page: returnUrl,
  };
  const names = requestFieldOrder.filter((name) => name === "signed_field_names" || fields[name] !== undefined);
  fields.signed_field_names = names.join(",");
  fields.signature = signFields(fields, fields.signed_field_names, settings.key.secretKey);
  return fields;
}

/** Whether a reply is signed, over the fields that matter, by one of the configured keys. */
export function isReplySigned(reply: Readonly<Record<string, string>>, keys: readonly CybersourceKey[]): boolean {
  const names = reply.signed_field_names;
  const signature = reply.signature;
  if (names === undefined || signature === undefined) return false;
  const named = names.split(",");
  if (!requiredReplyFields.every((name) => named.includes(name))) return false;
  return keys.some(
    (key) =>
      (reply.req_access_key === undefined || reply.req_access_key === key.accessKey) &&
      isFieldsSignatureValid(reply, names, signature, key.secretKey),
  );
}

/** "xxxxxxxxxxxx1111" → "1111". */
function lastFour(masked: string | undefined): string | null {
  const digits = /([0-9]{4})$/.exec(masked ?? "");
  return digits?.[1] ?? null;
}

/**
 * What a signed reply says about `attempt`: refused unless it is about this very payment (reference,
 * profile, amount and currency as we asked), then paid, failed or (REVIEW) failed without a capture.
 */
export function verdictOfReply(
  reply: Readonly<Record<string, string>>,
  attempt: Pick<ProviderAttempt, "reference" | "providerAmount" | "currencyCode">,
  settings: Pick<CybersourceSettings, "profileId" | "key" | "previousKey">,
): ProviderVerdict {
  const keys = settings.previousKey === undefined ? [settings.key] : [settings.key, settings.previousKey];
  if (!isReplySigned(reply, keys)) return { status: "refused", reason: "the card gateway's reply is not signed" };
  if (reply.req_reference_number !== attempt.reference || reply.req_profile_id !== settings.profileId) {
    return { status: "refused", reason: "the card gateway's reply is about another payment" };
  }
  const amount = parseDecimalAmount(reply.req_amount ?? "", currencyDigits(attempt.currencyCode));
  if (reply.req_currency !== attempt.currencyCode || amount !== attempt.providerAmount) {
    return { status: "refused", reason: "the card gateway's reply names another amount or currency" };
  }
  switch (reply.decision) {
    case "ACCEPT": {
      const transactionId = reply.transaction_id;
      if (
        transactionId === undefined ||
        transactionId === "" ||
        !reply.signed_field_names?.includes("transaction_id")
      ) {
        return { status: "refused", reason: "the card gateway accepted a payment without a signed transaction id" };
      }
      return {
        status: "paid",
        providerAmount: amount,
        currencyCode: attempt.currencyCode,
        payment: {
          method: "card",
          provider: "cybersource",
          reference: transactionId,
          cardLast4: lastFour(reply.req_card_number),
        },
      };
    }
    case "REVIEW":
      // Authorised but not captured (address or card-code check): nothing is taken unless the owner
      // captures it in the Business Center, which docs/payments.md asks them not to do.
      return {
        status: "failed",
        reason: `The card gateway held the payment for review (${field(reply.reason_code, 8)})`,
      };
    case "DECLINE":
    case "CANCEL":
    case "ERROR":
      return {
        status: "failed",
        reason: `The card gateway answered ${reply.decision} (${field(reply.reason_code, 8)})`,
      };
    default:
      return { status: "refused", reason: "the card gateway's reply has no known decision" };
  }
}

/** Form fields as strings; a repeated field, or one too long or holding a control character, is left out. */
function formFields(rawBody: Buffer): Record<string, string> {
  const form = new URLSearchParams(rawBody.toString("utf8"));
  const fields: Record<string, string> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    const [value] = values;
    if (
      values.length === 1 &&
      value !== undefined &&
      name.length <= 64 &&
      value.length <= 4096 &&
      !/\p{Cc}/u.test(value)
    ) {
      fields[name] = value;
    }
  }
  return fields;
}

/**
 * Cybersource Secure Acceptance Hosted Checkout, as Nepali banks' card acquirers run it: a form signed
 * with HMAC-SHA256 posts the shopper to the bank's payment page; its signed reply comes back both through
 * the shopper's browser (the receipt page) and server to server (the Merchant POST URL,
 * /payments/cybersource/webhook). Either one, once its signature, reference, amount and currency check
 * out, settles the attempt; whichever comes first wins.
 */
export function createCybersourceProvider(
  settings: CybersourceSettings,
  links: { returnUrl: (sessionId: string) => string; now?: () => Date },
): PaymentProvider {
  const payUrl = new URL(settings.payUrl);
  const now = links.now ?? (() => new Date());
  const currencies = new Set(settings.currencies);
  const rest = settings.rest;

  return {
    id: "cybersource",
    displayName: settings.displayName ?? "Cybersource",
    formOrigins: [payUrl.origin],
    isAvailable: ({ currencyCode, totalAmount }) => currencies.has(currencyCode) && totalAmount > 0,
    section: (context) => ({
      id: "cybersource",
      heading: "Card (Visa, Mastercard)",
      paragraphs: [{ text: ["Pay by card on our bank's secure payment page, then come back here."] }],
      button: ["Pay ", { nowrap: context.totalText }, " by card"],
    }),

    async initiatePayment(context) {
      const providerAmount = convertMinorUnits(
        context.totalAmount,
        context.decimalDigits,
        currencyDigits(context.currencyCode),
      );
      if (providerAmount === undefined || providerAmount <= 0 || !currencies.has(context.currencyCode)) {
        return {
          kind: "declined",
          message: "Our card payments cannot take this amount. Please choose another way to pay.",
        };
      }
      return {
        kind: "redirect",
        started: {
          reference: randomUUID(),
          amount: context.totalAmount,
          currencyCode: context.currencyCode,
          providerAmount,
          expiresAt: context.holdExpiresAt,
          redirectUrl: null,
        },
      };
    },

    continueTo(attempt) {
      return {
        form: {
          action: payUrl.href,
          fields: cybersourceRequest(settings, attempt, links.returnUrl(attempt.sessionId), now()),
        },
      };
    },

    referenceFromReturn(query) {
      const reference = query.req_reference_number;
      return reference !== undefined && referenceFormat.test(reference) ? reference : undefined;
    },

    async authorizePayment(attempt, returned, at) {
      if (returned !== undefined) return verdictOfReply(returned, attempt, settings);
      // No reply reached us (the shopper closed the page and the notification was lost). With REST
      // credentials the transaction search is asked; a capture found there is the payment.
      if (rest !== undefined) {
        const found = await searchCybersourcePayment(rest, attempt, currencyDigits, at);
        if (found !== undefined) return found;
      }
      // Otherwise the payment counts as never made once the shopper's time to pay is well over; a signed
      // ACCEPT arriving later still settles it (placed, or refunded when the checkout has closed).
      return at.getTime() > attempt.expiresAt.getTime() + noReplyGraceMs
        ? { status: "failed", reason: "The card gateway never replied about this payment" }
        : { status: "pending" };
    },

    getWebhookActionAndData({ rawBody }): WebhookAction {
      const reply = formFields(rawBody);
      const keys = settings.previousKey === undefined ? [settings.key] : [settings.key, settings.previousKey];
      if (!isReplySigned(reply, keys)) return { action: "refuse", reason: "unsigned or wrongly signed notification" };
      const reference = reply.req_reference_number;
      if (reference === undefined || !referenceFormat.test(reference)) {
        return { action: "refuse", reason: "notification without a reference of ours" };
      }
      return { action: "authorize", reference, returned: reply };
    },

    ...(rest === undefined
      ? {}
      : {
          refundPayment: (refund) => refundWithCybersourceRest(rest, refund, now()),
        }),
  };
}

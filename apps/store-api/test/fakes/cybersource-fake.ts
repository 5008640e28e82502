import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { isFieldsSignatureValid, signFields } from "../../src/payments/signed-fields.ts";
import { randomId, startHttpFake, type FakeAnswer, type FakeRequest } from "./http-fake.ts";

/**
 * A local Cybersource Secure Acceptance Hosted Checkout and the part of its REST API the shop uses, after
 * Cybersource's documentation:
 * - POST /pay takes the signed request form; a wrong or missing signature, another profile or access key,
 *   or an unsigned amount is refused (403, as the real page refuses it with "Access denied");
 * - the page's buttons (pay, decline, cancel, fail) reply as Secure Acceptance does: a signed reply is
 *   POSTed server to server to the Merchant POST URL, and the browser is sent, by an auto-posting form,
 *   to the receipt (or cancel) page with the same fields;
 * - POST /pts/v2/payments/{id}/refunds checks the HTTP signature and answers 201 with a refund id.
 */
export type FakeDecision = "ACCEPT" | "DECLINE" | "CANCEL" | "ERROR";

export interface FakeCybersourceRequest {
  fields: Record<string, string>;
  paid: boolean;
  /** What the gateway decided, once it did. */
  decision?: FakeDecision;
}

export interface CybersourceFake {
  url: string;
  payUrl: string;
  profileId: string;
  accessKey: string;
  secretKey: string;
  rest: { merchantId: string; keyId: string; sharedSecret: string };
  /** Accepted request forms, by reference_number. */
  requests: Map<string, FakeCybersourceRequest>;
  /** Every form posted to /pay, with whether it was taken. */
  forms: { fields: Record<string, string>; accepted: boolean }[];
  /** Where notifications go (the shop's /payments/cybersource/webhook); none are sent while unset. */
  merchantPostUrl: string | undefined;
  /** Notifications sent, with the shop's answer. */
  notifications: { fields: Record<string, string>; status: number }[];
  refunds: { paymentId: string; body: unknown }[];
  /** References asked about through the transaction search. */
  searches: string[];
  /** A signed reply to the request with this reference, as the gateway would send it. */
  reply(
    reference: string,
    decision: FakeDecision,
    overrides?: Record<string, string>,
    secretKey?: string,
  ): Record<string, string>;
  /** The gateway replies: the notification is sent (unless told not to), and the browser's fields answered. */
  decide(reference: string, decision: FakeDecision, options?: { notify?: boolean }): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const requestRequired = [
  "access_key",
  "profile_id",
  "transaction_uuid",
  "signed_date_time",
  "reference_number",
  "amount",
  "currency",
  "transaction_type",
  "override_custom_receipt_page",
];

/** The gateway's transaction id for a reference's payment: 22 digits, the same for every reply about it. */
export function transactionIdOf(reference: string): string {
  return BigInt(`0x${createHash("sha256").update(reference).digest("hex").slice(0, 18)}`)
    .toString()
    .padStart(22, "7")
    .slice(0, 22);
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
}

export async function startCybersourceFake(
  options: { profileId?: string; accessKey?: string; secretKey?: string } = {},
): Promise<CybersourceFake> {
  const profileId = options.profileId ?? "0FFEAB12-3C4D-4E5F-8A9B-0C1D2E3F4A5B";
  const accessKey = options.accessKey ?? "a1b2c3d4e5f60718293a4b5c6d7e8f90";
  const secretKey = options.secretKey ?? `fake-secure-acceptance-${randomId("k")}`;
  const rest = {
    merchantId: "herbo_shilajit_test",
    keyId: "7d1b0c3e-2f4a-4b5c-9d8e-1f2a3b4c5d6e",
    sharedSecret: Buffer.from(`fake-rest-secret-${randomId("s")}`).toString("base64"),
  };
  const requests = new Map<string, FakeCybersourceRequest>();
  const forms: CybersourceFake["forms"] = [];
  const notifications: CybersourceFake["notifications"] = [];
  const refunds: CybersourceFake["refunds"] = [];
  const searches: string[] = [];

  function reply(
    reference: string,
    decision: FakeDecision,
    overrides: Record<string, string> = {},
    key = secretKey,
  ): Record<string, string> {
    const request = requests.get(reference)?.fields ?? {};
    const accepted = decision === "ACCEPT";
    const fields: Record<string, string> = {
      decision,
      reason_code: { ACCEPT: "100", DECLINE: "203", CANCEL: "481", ERROR: "150" }[decision],
      message: accepted ? "Request was processed successfully." : "The payment was not completed.",
      ...(accepted
        ? {
            transaction_id: transactionIdOf(reference),
            auth_code: "831000",
            auth_amount: request.amount ?? "",
            req_card_number: "xxxxxxxxxxxx1111",
            req_card_type: "001",
          }
        : {}),
      req_access_key: request.access_key ?? accessKey,
      req_profile_id: request.profile_id ?? profileId,
      req_transaction_uuid: request.transaction_uuid ?? "",
      req_transaction_type: request.transaction_type ?? "sale",
      req_reference_number: reference,
      req_amount: request.amount ?? "",
      req_currency: request.currency ?? "",
      req_bill_to_email: request.bill_to_email ?? "",
      signed_date_time: `${new Date().toISOString().slice(0, 19)}Z`,
      ...overrides,
    };
    fields.signed_field_names = [
      ...Object.keys(fields).filter((name) => name !== "signed_field_names"),
      "signed_field_names",
    ].join(",");
    fields.signature = signFields(fields, fields.signed_field_names, key);
    return fields;
  }

  const fake: CybersourceFake = {
    url: "",
    payUrl: "",
    profileId,
    accessKey,
    secretKey,
    rest,
    requests,
    forms,
    merchantPostUrl: undefined,
    notifications,
    refunds,
    searches,
    reply,
    async decide(reference, decision, { notify = true } = {}) {
      const request = requests.get(reference);
      if (request === undefined) throw new Error(`No fake Cybersource request ${reference}`);
      if (decision === "ACCEPT") request.paid = true;
      request.decision = decision;
      const fields = reply(reference, decision);
      if (notify && fake.merchantPostUrl !== undefined) {
        // A shop that is down gets nothing (status 0): Secure Acceptance does not queue the notification.
        const status = await fetch(fake.merchantPostUrl, { method: "POST", body: new URLSearchParams(fields) }).then(
          (response) => response.status,
          () => 0,
        );
        notifications.push({ fields, status });
      }
      return fields;
    },
    close: async () => undefined,
  };

  function takeRequest(request: FakeRequest): FakeAnswer {
    const fields = Object.fromEntries(new URLSearchParams(request.body));
    const names = (fields.signed_field_names ?? "").split(",");
    const accepted =
      fields.profile_id === profileId &&
      fields.access_key === accessKey &&
      requestRequired.every((name) => names.includes(name)) &&
      isFieldsSignatureValid(fields, fields.signed_field_names ?? "", fields.signature ?? "", secretKey);
    forms.push({ fields, accepted });
    if (!accepted) return { status: 403, html: "<!doctype html><title>Access denied</title><h1>Access denied</h1>" };
    const reference = fields.reference_number ?? "";
    requests.set(reference, { fields, paid: false });
    const button = (decision: FakeDecision, label: string) =>
      `<form method="post" action="/fake/decide">${hiddenFields({ reference, decision })}<button>${label}</button></form>`;
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><title>Secure payment</title><main><h1>Secure payment</h1><p>Amount: ${escapeHtml(fields.currency ?? "")} ${escapeHtml(fields.amount ?? "")}</p>${button("ACCEPT", "Pay now")}${button("DECLINE", "Use a card that is declined")}${button("CANCEL", "Cancel payment")}</main></html>`,
    };
  }

  async function decideFromPage(request: FakeRequest): Promise<FakeAnswer> {
    const form = new URLSearchParams(request.body);
    const reference = form.get("reference") ?? "";
    const decision = (form.get("decision") ?? "") as FakeDecision;
    const taken = requests.get(reference);
    if (taken === undefined || !["ACCEPT", "DECLINE", "CANCEL", "ERROR"].includes(decision)) {
      return { status: 404, html: "<!doctype html><title>Not found</title>" };
    }
    const fields = await fake.decide(reference, decision);
    const target =
      decision === "CANCEL"
        ? (taken.fields.override_custom_cancel_page ?? taken.fields.override_custom_receipt_page)
        : taken.fields.override_custom_receipt_page;
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><title>Returning to the shop</title><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(target ?? "")}">${hiddenFields(fields)}<button>Continue</button></form></body></html>`,
    };
  }

  /** Whether a REST request carries a valid HTTP signature of the shop's shared secret. */
  function isSignedRestRequest(request: FakeRequest): boolean {
    const headers = request.headers;
    const digest = `SHA-256=${createHash("sha256").update(request.body, "utf8").digest("base64")}`;
    const signingString = [
      `host: ${String(headers.host)}`,
      `date: ${String(headers.date)}`,
      `request-target: post ${request.path}`,
      `digest: ${digest}`,
      `v-c-merchant-id: ${rest.merchantId}`,
    ].join("\n");
    const expected = createHmac("sha256", Buffer.from(rest.sharedSecret, "base64"))
      .update(signingString)
      .digest("base64");
    const header = String(headers.signature ?? "");
    const given = /signature="([^"]*)"/.exec(header)?.[1] ?? "";
    return (
      headers.digest === digest &&
      headers["v-c-merchant-id"] === rest.merchantId &&
      header.includes(`keyid="${rest.keyId}"`) &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    );
  }

  /** Transaction search by merchant reference: a decided request's transaction summary. */
  function search(request: FakeRequest): FakeAnswer {
    if (!isSignedRestRequest(request)) return { status: 401, json: { response: { rmsg: "Authentication Failed" } } };
    const query = (JSON.parse(request.body) as { query?: string }).query ?? "";
    const reference = /^clientReferenceInformation\.code:(.+)$/.exec(query)?.[1] ?? "";
    searches.push(reference);
    const taken = requests.get(reference);
    const summaries =
      taken?.decision === undefined || taken.decision === "CANCEL"
        ? []
        : [
            {
              id: transactionIdOf(reference),
              submitTimeUtc: `${new Date().toISOString().slice(0, 19)}Z`,
              applicationInformation: {
                applications: [
                  { name: "ics_auth", rCode: taken.decision === "ACCEPT" ? "1" : "0" },
                  ...(taken.decision === "ACCEPT" ? [{ name: "ics_bill", rCode: "1" }] : []),
                ],
              },
              clientReferenceInformation: { code: reference },
              orderInformation: {
                amountDetails: { totalAmount: taken.fields.amount ?? "", currency: taken.fields.currency ?? "" },
              },
            },
          ];
    return {
      status: 201,
      json: { id: randomId("search"), totalCount: summaries.length, _embedded: { transactionSummaries: summaries } },
    };
  }

  function refund(request: FakeRequest, paymentId: string): FakeAnswer {
    const signed = isSignedRestRequest(request);
    if (!signed) return { status: 401, json: { response: { rmsg: "Authentication Failed" } } };
    const paid = [...requests.entries()].some(
      ([reference, entry]) => entry.paid && transactionIdOf(reference) === paymentId,
    );
    if (!paid)
      return { status: 400, json: { status: "INVALID_REQUEST", reason: "INVALID_DATA", message: "No such payment" } };
    const body = JSON.parse(request.body) as unknown;
    refunds.push({ paymentId, body });
    return { status: 201, json: { id: randomId("7"), status: "PENDING" } };
  }

  const server = await startHttpFake((request) => {
    if (request.method === "POST" && request.path === "/pay") return takeRequest(request);
    if (request.method === "POST" && request.path === "/fake/decide") return decideFromPage(request);
    if (request.method === "POST" && request.path === "/tss/v2/searches") return search(request);
    const refundPath = /^\/pts\/v2\/payments\/([A-Za-z0-9]+)\/refunds$/.exec(request.path);
    if (request.method === "POST" && refundPath !== null) return refund(request, refundPath[1] ?? "");
    return { status: 404, json: { message: "Not found" } };
  });
  fake.url = server.url;
  fake.payUrl = `${server.url}/pay`;
  fake.close = server.close;
  return fake;
}

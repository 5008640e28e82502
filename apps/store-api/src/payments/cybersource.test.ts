import { createHash, createHmac } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { CustomerDetails } from "../db/schema.ts";
import {
  createCybersourceProvider,
  currencyDigits,
  cybersourceRequest,
  isReplySigned,
  signedDateTime,
  splitName,
  verdictOfReply,
} from "./cybersource.ts";
import { cybersourceRestHeaders } from "./cybersource-rest.ts";
import type { CybersourceSettings } from "./cybersource-settings.ts";
import type { ProviderAttempt } from "./provider.ts";
import { signFields } from "./signed-fields.ts";

const settings: CybersourceSettings = {
  profileId: "PROFILE-1",
  key: { accessKey: "currentaccesskey01", secretKey: "current-secret-key-0123456789" },
  previousKey: { accessKey: "previousaccesskey1", secretKey: "previous-secret-key-012345678" },
  payUrl: "https://gateway.test/pay",
  currencies: ["USD", "NPR"],
};

const customer: CustomerDetails = {
  email: "jordan@example.com",
  fullName: "Jordan  Avery Lee",
  phone: "+14155552671",
  country: "US",
  address: {
    line1: "1 Market Street, Suite 5",
    line2: null,
    city: "San Francisco",
    region: { code: "CA", name: "California" },
    district: null,
    postalCode: "94105",
  },
};

const attempt: ProviderAttempt = {
  id: "pa_1",
  sessionId: "cs_1",
  reference: "0d6f2b1e-1111-4222-8333-944455556666",
  amount: 4298,
  currencyCode: "USD",
  providerAmount: 4298,
  expiresAt: new Date("2026-11-25T10:00:00Z"),
  redirectUrl: null,
  customer,
};

/** A reply as the gateway signs it: every field named, in this order, then signed_field_names itself. */
function signedReply(fields: Record<string, string>, secretKey = settings.key.secretKey): Record<string, string> {
  const reply: Record<string, string> = { ...fields };
  reply.signed_field_names = [...Object.keys(fields), "signed_field_names"].join(",");
  reply.signature = signFields(reply, reply.signed_field_names, secretKey);
  return reply;
}

const accepted = {
  decision: "ACCEPT",
  reason_code: "100",
  transaction_id: "7000000000000000000001",
  req_access_key: settings.key.accessKey,
  req_profile_id: "PROFILE-1",
  req_reference_number: attempt.reference,
  req_transaction_uuid: "uuid-1",
  req_amount: "42.98",
  req_currency: "USD",
  req_card_number: "xxxxxxxxxxxx4242",
};

describe("the signed request", () => {
  const request = () =>
    cybersourceRequest(
      settings,
      attempt,
      "https://api.test/checkout/cs_1/return/cybersource",
      new Date("2026-11-25T09:30:15.123Z"),
    );
  let fields: Record<string, string> = {};
  beforeEach(() => {
    fields = request();
  });

  it("signs every field it sends, in the order signed_field_names lists them, with the current key", () => {
    const names = fields.signed_field_names ?? "";
    expect(names.split(",").sort()).toEqual(
      Object.keys(fields)
        .filter((name) => name !== "signature")
        .sort(),
    );
    const message = names
      .split(",")
      .map((name) => `${name}=${fields[name] ?? ""}`)
      .join(",");
    expect(fields.signature).toBe(createHmac("sha256", settings.key.secretKey).update(message).digest("base64"));
    expect(fields.access_key).toBe(settings.key.accessKey);
  });

  it("asks a sale of the attempt's amount in its currency, dated to the second in UTC", () => {
    expect(fields).toMatchObject({
      transaction_type: "sale",
      reference_number: attempt.reference,
      amount: "42.98",
      currency: "USD",
      profile_id: "PROFILE-1",
      signed_date_time: "2026-11-25T09:30:15Z",
      locale: "en",
      override_custom_receipt_page: "https://api.test/checkout/cs_1/return/cybersource",
      override_custom_cancel_page: "https://api.test/checkout/cs_1/return/cybersource",
    });
    expect(fields.transaction_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cybersourceRequest(settings, attempt, "x", new Date()).transaction_uuid).not.toBe(fields.transaction_uuid);
  });

  it("bills the delivery details, without the commas that separate signed pairs", () => {
    expect(fields).toMatchObject({
      bill_to_forename: "Jordan Avery",
      bill_to_surname: "Lee",
      bill_to_email: "jordan@example.com",
      bill_to_phone: "14155552671",
      bill_to_address_line1: "1 Market Street Suite 5",
      bill_to_address_city: "San Francisco",
      bill_to_address_state: "CA",
      bill_to_address_country: "US",
      bill_to_address_postal_code: "94105",
    });
    expect(fields.bill_to_address_line2).toBe("");
  });

  it("writes a currency's amount with its own minor digits", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
    expect(currencyDigits("not a code")).toBe(2);
    expect(signedDateTime(new Date("2026-01-02T03:04:05.999Z"))).toBe("2026-01-02T03:04:05Z");
  });

  it("sends no billing fields, and signs none, when the attempt has no details", () => {
    const { customer: _customer, ...bare } = attempt;
    const plain = cybersourceRequest(settings, bare, "https://api.test/r", new Date());
    expect(Object.keys(plain).filter((name) => name.startsWith("bill_to"))).toEqual([]);
    expect(plain.signed_field_names).not.toContain("bill_to");
    expect(plain.unsigned_field_names).toBe("");
  });

  it("bills a Nepal address's district as its second line, and no state where the country has none", () => {
    const nepal = cybersourceRequest(
      settings,
      {
        ...attempt,
        customer: {
          ...customer,
          fullName: "Sita",
          country: "NP",
          address: { ...customer.address, line2: null, district: "Kaski", region: null, postalCode: null },
        },
      },
      "https://api.test/r",
      new Date(),
    );
    expect(nepal).toMatchObject({
      bill_to_forename: "Sita",
      bill_to_surname: "Sita",
      bill_to_address_line2: "Kaski",
      bill_to_address_state: "",
      bill_to_address_postal_code: "",
    });
    const long = cybersourceRequest(
      settings,
      {
        ...attempt,
        customer: {
          ...customer,
          fullName: `${"A".repeat(70)} Lee`,
          address: { ...customer.address, line2: "  Floor   2 " },
        },
      },
      "https://api.test/r",
      new Date(),
    );
    expect(long.bill_to_forename).toBe("A".repeat(60));
    expect(long.bill_to_address_line2).toBe("Floor 2");
  });

  it("splits a name into forename and surname", () => {
    expect(splitName("Asha")).toEqual({ forename: "Asha", surname: "Asha" });
    expect(splitName("Jordan Lee")).toEqual({ forename: "Jordan", surname: "Lee" });
    expect(splitName(" Asha  Kumari Sharma ")).toEqual({ forename: "Asha Kumari", surname: "Sharma" });
  });
});

describe("a reply", () => {
  it("is paid when accepted for exactly this payment, with the card's last four digits", () => {
    expect(verdictOfReply(signedReply(accepted), attempt, settings)).toEqual({
      status: "paid",
      providerAmount: 4298,
      currencyCode: "USD",
      payment: { method: "card", provider: "cybersource", reference: "7000000000000000000001", cardLast4: "4242" },
    });
    const firstSix = signedReply({ ...accepted, req_card_number: "411111xxxxxx4242" });
    expect(verdictOfReply(firstSix, attempt, settings)).toMatchObject({ payment: { cardLast4: "4242" } });
    const { req_card_number: _card, ...withoutCard } = accepted;
    expect(verdictOfReply(signedReply(withoutCard), attempt, settings)).toMatchObject({ payment: { cardLast4: null } });
  });

  it("says why it was not paid: a review is named as such", () => {
    expect(
      verdictOfReply(signedReply({ ...accepted, decision: "REVIEW", reason_code: "230" }), attempt, settings),
    ).toEqual({
      status: "failed",
      reason: "The card gateway held the payment for review (230)",
    });
    expect(
      verdictOfReply(signedReply({ ...accepted, decision: "DECLINE", reason_code: "203" }), attempt, settings),
    ).toEqual({
      status: "failed",
      reason: "The card gateway answered DECLINE (203)",
    });
  });

  it("names the reason it was refused", () => {
    const refused = (reply: Record<string, string>) => verdictOfReply(reply, attempt, settings);
    expect(refused(signedReply(accepted, "another-secret-key-000000000"))).toEqual({
      status: "refused",
      reason: "the card gateway's reply is not signed",
    });
    expect(refused(signedReply({ ...accepted, req_reference_number: "x" }))).toEqual({
      status: "refused",
      reason: "the card gateway's reply is about another payment",
    });
    expect(refused(signedReply({ ...accepted, req_amount: "1.00" }))).toEqual({
      status: "refused",
      reason: "the card gateway's reply names another amount or currency",
    });
    expect(refused(signedReply({ ...accepted, decision: "LATER" }))).toEqual({
      status: "refused",
      reason: "the card gateway's reply has no known decision",
    });
    // transaction_id named among the signed fields, but absent.
    const { transaction_id: _id, ...withoutId } = accepted;
    const named = { ...withoutId } as Record<string, string>;
    named.signed_field_names = [...Object.keys(withoutId), "transaction_id", "signed_field_names"].join(",");
    named.signature = signFields(named, named.signed_field_names, settings.key.secretKey);
    expect(refused(named)).toEqual({
      status: "refused",
      reason: "the card gateway accepted a payment without a signed transaction id",
    });
    const { signed_field_names: _names, ...nameless } = signedReply(accepted);
    expect(isReplySigned(nameless, [settings.key])).toBe(false);
  });

  it("is read with the retiring key only while one is configured", () => {
    const old = signedReply({ ...accepted, req_access_key: "previousaccesskey1" }, "previous-secret-key-012345678");
    expect(verdictOfReply(old, attempt, settings).status).toBe("paid");
    expect(verdictOfReply(old, attempt, { ...settings, previousKey: undefined }).status).toBe("refused");
    expect(verdictOfReply(signedReply(accepted), attempt, { ...settings, previousKey: undefined }).status).toBe("paid");
  });

  it("fails when declined, cancelled, in error or held for review", () => {
    for (const decision of ["DECLINE", "CANCEL", "ERROR", "REVIEW"]) {
      const verdict = verdictOfReply(signedReply({ ...accepted, decision, reason_code: "203" }), attempt, settings);
      expect(verdict.status, decision).toBe("failed");
      expect(verdict).toMatchObject({ reason: expect.stringContaining("(203)") });
    }
  });

  it("is refused when anything that matters differs, or an unknown decision", () => {
    const cases: Record<string, string>[] = [
      { req_reference_number: "another" },
      { req_profile_id: "PROFILE-2" },
      { req_amount: "42.97" },
      { req_amount: "4298" },
      { req_amount: "-42.98" },
      { req_currency: "NPR" },
      { decision: "MAYBE" },
      { transaction_id: "" },
    ];
    for (const change of cases) {
      expect(
        verdictOfReply(signedReply({ ...accepted, ...change }), attempt, settings).status,
        JSON.stringify(change),
      ).toBe("refused");
    }
    // "42.980" is the same amount.
    expect(verdictOfReply(signedReply({ ...accepted, req_amount: "42.980" }), attempt, settings).status).toBe("paid");
  });

  it("is refused unless signed by a configured key over every field that matters", () => {
    expect(verdictOfReply(signedReply(accepted, "another-secret-key-000000000"), attempt, settings).status).toBe(
      "refused",
    );
    const { transaction_id: _id, ...unsignedId } = accepted;
    const withLooseId = { ...signedReply(unsignedId), transaction_id: "7000000000000000000001" };
    expect(verdictOfReply(withLooseId, attempt, settings)).toMatchObject({ status: "refused" });
    const changed = { ...signedReply(accepted), req_amount: "0.01" };
    expect(verdictOfReply(changed, attempt, settings).status).toBe("refused");
    for (const field of [
      "decision",
      "req_reference_number",
      "req_amount",
      "req_currency",
      "req_profile_id",
      "req_transaction_uuid",
    ]) {
      const { [field]: _left, ...rest } = accepted as Record<string, string>;
      const reply = { ...signedReply(rest), [field]: (accepted as Record<string, string>)[field] ?? "" };
      expect(isReplySigned(reply, [settings.key]), field).toBe(false);
    }
    const { signature: _signature, ...unsigned } = signedReply(accepted);
    expect(isReplySigned(unsigned, [settings.key])).toBe(false);
  });

  it("is read with the retiring key only when it names that key's access key", () => {
    const keys = [settings.key, { accessKey: "previousaccesskey1", secretKey: "previous-secret-key-012345678" }];
    const old = signedReply({ ...accepted, req_access_key: "previousaccesskey1" }, "previous-secret-key-012345678");
    expect(isReplySigned(old, keys)).toBe(true);
    expect(isReplySigned(old, [settings.key])).toBe(false);
    const mislabelled = signedReply(accepted, "previous-secret-key-012345678");
    expect(isReplySigned(mislabelled, keys)).toBe(false);
    const { req_access_key: _key, ...unnamed } = accepted;
    expect(isReplySigned(signedReply(unnamed, "previous-secret-key-012345678"), keys)).toBe(true);
  });
});

describe("the provider", () => {
  const provider = createCybersourceProvider(settings, {
    returnUrl: (sessionId) => `https://api.test/checkout/${sessionId}/return/cybersource`,
    now: () => new Date("2026-11-25T09:00:00Z"),
  });

  it("is offered for the bank's currencies only, and posts to the gateway's origin", () => {
    const order = { country: "US", decimalDigits: 2, totalAmount: 4298 };
    expect(provider.isAvailable({ ...order, currencyCode: "USD" })).toBe(true);
    expect(provider.isAvailable({ ...order, currencyCode: "NPR" })).toBe(true);
    expect(provider.isAvailable({ ...order, currencyCode: "GBP" })).toBe(false);
    expect(provider.isAvailable({ ...order, currencyCode: "USD", totalAmount: 0 })).toBe(false);
    expect(provider.formOrigins).toEqual(["https://gateway.test"]);
    const target = provider.continueTo?.(attempt);
    expect(target).toMatchObject({ form: { action: "https://gateway.test/pay" } });
    expect(target && "form" in target ? target.form.fields.signed_date_time : "").toBe("2026-11-25T09:00:00Z");
  });

  it("reads the reference of a return, and nothing else", () => {
    expect(provider.referenceFromReturn?.({ req_reference_number: attempt.reference })).toBe(attempt.reference);
    expect(provider.referenceFromReturn?.({ req_reference_number: "a b" })).toBeUndefined();
    expect(provider.referenceFromReturn?.({ req_reference_number: "x".repeat(51) })).toBeUndefined();
    expect(provider.referenceFromReturn?.({})).toBeUndefined();
  });

  it("counts a payment that never got a reply as not made, once its time is well over", async () => {
    const at = (minutes: number) => new Date(attempt.expiresAt.getTime() + minutes * 60_000);
    expect(await provider.authorizePayment?.(attempt, undefined, at(-5))).toEqual({ status: "pending" });
    expect(await provider.authorizePayment?.(attempt, undefined, at(29))).toEqual({ status: "pending" });
    expect((await provider.authorizePayment?.(attempt, undefined, at(31)))?.status).toBe("failed");
  });

  it("hands a signed notification to the attempt's judgement, and refuses the rest", () => {
    const now = new Date();
    const read = (body: string) => provider.getWebhookActionAndData?.({ rawBody: Buffer.from(body), headers: {} }, now);
    const reply = signedReply(accepted);
    expect(read(new URLSearchParams(reply).toString())).toEqual({
      action: "authorize",
      reference: attempt.reference,
      returned: reply,
    });
    expect(read("")).toMatchObject({ action: "refuse" });
    expect(read(`${new URLSearchParams(reply).toString()}&req_amount=0.01`)).toMatchObject({ action: "refuse" });
    // A field name of 64 characters and a value of 4,096 are read; longer ones are left out.
    const bounds = signedReply({ ...accepted, ["n".repeat(64)]: "v".repeat(4096) });
    expect(read(new URLSearchParams(bounds).toString())).toMatchObject({ action: "authorize" });
    const long = new URLSearchParams(reply);
    long.set("n".repeat(65), "x");
    long.set("message", "v".repeat(4097));
    expect(read(long.toString())).toEqual({ action: "authorize", reference: attempt.reference, returned: reply });
    const odd = signedReply({ ...accepted, req_reference_number: "not ours!" });
    expect(read(new URLSearchParams(odd).toString())).toMatchObject({ action: "refuse" });
  });
});

describe("REST requests", () => {
  it("are signed over host, date, target, digest and merchant id with the decoded shared secret", () => {
    const rest = {
      merchantId: "shop_1",
      keyId: "08c94330-f618-42a3-b09d-e1e43be5efda",
      sharedSecret: Buffer.from("shared secret bytes").toString("base64"),
      apiUrl: "https://apitest.cybersource.com",
    };
    const body = '{"a":1}';
    const now = new Date("2026-11-25T09:00:00Z");
    const headers = cybersourceRestHeaders(rest, { method: "post", path: "/pts/v2/payments/1/refunds", body }, now);
    const digest = `SHA-256=${createHash("sha256").update(body).digest("base64")}`;
    expect(headers.digest).toBe(digest);
    expect(headers.date).toBe("Wed, 25 Nov 2026 09:00:00 GMT");
    const expected = createHmac("sha256", "shared secret bytes")
      .update(
        `host: apitest.cybersource.com\ndate: Wed, 25 Nov 2026 09:00:00 GMT\nrequest-target: post /pts/v2/payments/1/refunds\ndigest: ${digest}\nv-c-merchant-id: shop_1`,
      )
      .digest("base64");
    expect(headers.signature).toBe(
      `keyid="${rest.keyId}", algorithm="HmacSHA256", headers="host date request-target digest v-c-merchant-id", signature="${expected}"`,
    );
    expect(headers["v-c-merchant-id"]).toBe("shop_1");
  });
});

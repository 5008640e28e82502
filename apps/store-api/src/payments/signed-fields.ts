import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed form fields, as Cybersource Secure Acceptance ("Security", "Signature") and eSewa ePay v2 (which
 * follows it) define them: HMAC-SHA256 with the merchant's secret key over "name=value" pairs of the
 * signed field names, joined by commas in the order `signed_field_names` lists them, written as base64.
 */
export function signFields(
  fields: Readonly<Record<string, string>>,
  signedFieldNames: string,
  secretKey: string,
): string {
  const message = signedFieldNames
    .split(",")
    .map((name) => `${name}=${fields[name] ?? ""}`)
    .join(",");
  return createHmac("sha256", secretKey).update(message, "utf8").digest("base64");
}

/** Whether `signature` is the signature of those fields with that key, compared in constant time. */
export function isFieldsSignatureValid(
  fields: Readonly<Record<string, string>>,
  signedFieldNames: string,
  signature: string,
  secretKey: string,
): boolean {
  const expected = Buffer.from(signFields(fields, signedFieldNames, secretKey));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

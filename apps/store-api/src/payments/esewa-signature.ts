import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * eSewa ePay v2 signatures (developer.esewa.com.np/pages/Epay-V2, "HMAC/SHA256"): HMAC-SHA256 with the
 * merchant's secret key over "name=value" pairs of the signed field names, joined by commas in the
 * order `signed_field_names` lists them, written as base64.
 */
export function esewaSignature(
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

/** Whether `signature` is the eSewa signature of those fields, compared in constant time. */
export function isEsewaSignatureValid(
  fields: Readonly<Record<string, string>>,
  signedFieldNames: string,
  signature: string,
  secretKey: string,
): boolean {
  const expected = Buffer.from(esewaSignature(fields, signedFieldNames, secretKey));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The fields every eSewa answer must sign before we read it. */
export const requiredSignedFields = ["transaction_uuid", "total_amount", "status", "product_code"] as const;

const tokenPattern = /"((?:[^"\\]|\\.)*)"\s*:\s*("(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)/g;

/**
 * The top-level fields of eSewa's JSON answer with each value's text as written: a number keeps its
 * exact digits ("1000.0"), because the signature covers that text and JSON.parse would lose it.
 * Undefined when the text is not a flat JSON object.
 */
export function readSignedAnswer(json: string): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of json.matchAll(tokenPattern)) {
    const name = JSON.parse(`"${match[1] ?? ""}"`) as string;
    const raw = match[2] ?? "";
    fields[name] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return fields;
}

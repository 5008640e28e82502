import { isFieldsSignatureValid, signFields } from "./signed-fields.ts";

/** eSewa ePay v2 signs its forms and answers as Cybersource does (developer.esewa.com.np/pages/Epay-V2). */
export const esewaSignature = signFields;
export const isEsewaSignatureValid = isFieldsSignatureValid;

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

import { lotNumberPattern, lotNumberRule } from "@herbo/hosted-api/admin";
import type { AdminApiError } from "./api-client.ts";

/** The upload form's fields a problem is shown on. */
export type BatchField = "lot" | "testedOn" | "certificate";
export type BatchErrors = Partial<Record<BatchField, string>>;

/** What the form holds when "Add the batch" is pressed. */
export interface BatchForm {
  lot: string;
  /** YYYY-MM-DD from the date field, or empty. */
  testedOn: string;
  certificate: { name: string; size: number } | undefined;
}

/**
 * The form's problems before anything is sent: a lot number as the jar prints it, a test date no later than
 * today, and a chosen PDF within the size the shop takes. The store API checks the file's content itself.
 */
export function batchFormErrors(form: BatchForm, today: string, maxBytes: number): BatchErrors {
  const errors: BatchErrors = {};
  if (!lotNumberPattern.test(form.lot.trim())) errors.lot = lotNumberRule;
  if (form.testedOn !== "" && form.testedOn > today) errors.testedOn = "The test date cannot be in the future";
  if (form.certificate === undefined) {
    errors.certificate = "Choose the lab's certificate, a PDF file";
  } else if (form.certificate.size > maxBytes) {
    errors.certificate = `${form.certificate.name} is larger than ${megabytes(maxBytes)}, the most a certificate may be`;
  }
  return errors;
}

/** A size in megabytes as the limit is stated (10 MB is 10 × 1024 × 1024 bytes): "10 MB", "2.5 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** Where the certificate is sent: the lot and the test date ride in the query, the file is the body. */
export function batchUploadPath(productId: string, form: Pick<BatchForm, "lot" | "testedOn">): string {
  const query = new URLSearchParams({ lot: form.lot.trim() });
  if (form.testedOn !== "") query.set("testedOn", form.testedOn);
  return `/products/${encodeURIComponent(productId)}/batches?${query}`;
}

/** The form's field a refusal of the store API is about: the query's lot or date, else the file. */
export function batchFieldOfRefusal(error: Pick<AdminApiError, "code" | "field">): BatchField | undefined {
  if (error.field === "query.lot") return "lot";
  if (error.field === "query.testedOn") return "testedOn";
  if (error.code.startsWith("certificate_") || error.code === "body_too_large") return "certificate";
  if (error.code === "unsupported_media_type") return "certificate";
  return undefined;
}

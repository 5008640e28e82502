/**
 * Every error code our store API answers with, and the `details` each one carries. The body of every
 * non-OK answer is `{error: {code, message, details?}}`; `message` is for people, `code` and `details`
 * for programs.
 */
export interface ErrorDetailsByCode {
  /** A field of the query, path or body failed validation; `field` names it, e.g. "body.items.0.quantity". */
  invalid_request: { field: string } | undefined;
  invalid_json: undefined;
  unsupported_media_type: undefined;
  body_too_large: undefined;
  headers_too_large: undefined;
  request_timeout: undefined;
  bad_request: undefined;
  uri_too_long: undefined;
  invalid_url: undefined;
  method_not_allowed: undefined;
  not_found: undefined;
  /** The product was sold here once and is no longer (archived by the owner): answered with 410. */
  gone: undefined;
  rate_limited: { retry_after_seconds: number } | undefined;
  internal_error: undefined;
  service_unavailable: undefined;
  // Checkout refusals. Those naming a cart line carry its `variant_id`.
  empty_cart: undefined;
  too_many_lines: { max: number };
  invalid_redirect_url: { field: "successUrl" | "cancelUrl" };
  invalid_quantity: { variant_id: string; max: number };
  unknown_variant: { variant_id: string };
  product_unavailable: { variant_id: string };
  insufficient_inventory: { variant_id: string; available: number; requested: number };
  mixed_currencies: undefined;
  /** The checkout named a currency the shop has no market or price list for. */
  unsupported_currency: { currency: string };
  /** A line has no price in the checkout's currency (the storefront should re-price its cart). */
  unpriced_variant: { variant_id: string; currency: string };
  /**
   * Unpaid checkouts from the address would hold more units than one address may (`units`, `max_units`),
   * even after releasing its checkouts that no provider is taking a payment for.
   */
  too_many_open_checkouts: { units: number; max_units: number };
  // The back office (/admin/api). Its answers are ours only; the storefront never calls it.
  /** No valid session cookie: sign in first. */
  not_signed_in: undefined;
  /** A request from a page on another origin (or a state-changing one with no Origin at all). */
  wrong_origin: undefined;
  /** Sign-in refused; the same answer whether or not the email belongs to an owner. */
  sign_in_failed: undefined;
  /** An order action its current state does not allow, e.g. cancelling a shipped order. */
  action_not_allowed: { action: string; payment_status: string; fulfilment_status: string };
  /** A stock change that would leave fewer units on hand than open checkouts hold. */
  stock_below_reserved: { variant_id: string; on_hand: number; reserved: number };
  /** The variant does not track stock, so it has no on-hand count to adjust. */
  stock_not_tracked: { variant_id: string };
  /** The email is already waiting to be sent. */
  email_pending: undefined;
  /** Someone else changed this since the version the edit started from; `version` is the current one. */
  edit_conflict: { version: number };
  /** Another variant already has this SKU (compared without regard to case). */
  duplicate_sku: { sku: string };
  /** Another variant already has this GTIN (compared as 14 digits); `variant_id` names it. */
  duplicate_gtin: { gtin: string; variant_id: string };
  /** An uploaded photo that cannot be read as the image it claims to be: empty, cut short or damaged. */
  image_unreadable: undefined;
  /** An uploaded photo larger than the shop decodes, in pixels a side or in all. */
  image_too_large: { max_side: number; max_pixels: number };
  /** An uploaded photo that carries something besides the picture: data after its end, markup, an archive. */
  image_hidden_content: undefined;
  /** The product already has as many photos as a product may. */
  too_many_photos: { max: number };
  /** An uploaded lab certificate that is not a PDF (a web page, a picture, a renamed file). */
  certificate_not_pdf: undefined;
  /** An uploaded certificate that is a PDF but cannot be read whole: empty, cut short, damaged or encrypted. */
  certificate_unreadable: undefined;
  /** An uploaded certificate carrying something that can act (scripts, launch actions, attached files, forms). */
  certificate_active_content: { name: string };
}

export type ErrorCode = keyof ErrorDetailsByCode;

// A Record over the union: adding a code above without listing it here is a type error, and so is a stray one.
const knownCodes: Record<ErrorCode, true> = {
  invalid_request: true,
  invalid_json: true,
  unsupported_media_type: true,
  body_too_large: true,
  headers_too_large: true,
  request_timeout: true,
  bad_request: true,
  uri_too_long: true,
  invalid_url: true,
  method_not_allowed: true,
  not_found: true,
  gone: true,
  rate_limited: true,
  internal_error: true,
  service_unavailable: true,
  empty_cart: true,
  too_many_lines: true,
  invalid_redirect_url: true,
  invalid_quantity: true,
  unknown_variant: true,
  product_unavailable: true,
  insufficient_inventory: true,
  mixed_currencies: true,
  unsupported_currency: true,
  unpriced_variant: true,
  too_many_open_checkouts: true,
  not_signed_in: true,
  wrong_origin: true,
  sign_in_failed: true,
  action_not_allowed: true,
  stock_below_reserved: true,
  stock_not_tracked: true,
  email_pending: true,
  edit_conflict: true,
  duplicate_sku: true,
  duplicate_gtin: true,
  image_unreadable: true,
  image_too_large: true,
  image_hidden_content: true,
  too_many_photos: true,
  certificate_not_pdf: true,
  certificate_unreadable: true,
  certificate_active_content: true,
};

export const errorCodes = Object.keys(knownCodes) as readonly ErrorCode[];

export interface WireError<Code extends ErrorCode = ErrorCode> {
  code: Code;
  message: string;
  details?: ErrorDetailsByCode[Code];
}

/** The body of every non-OK answer. */
export interface ErrorBody<Code extends ErrorCode = ErrorCode> {
  error: WireError<Code>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(knownCodes, value);
}

/**
 * Why checkout refused one line of the cart, read from an error answer; undefined when the answer does
 * not name a line. Read leniently: the details are untrusted JSON.
 */
export type LineRefusal =
  | { reason: "short_of_stock"; variantId: string; available: number }
  | { reason: "unavailable"; variantId: string }
  | { reason: "over_limit"; variantId: string; max: number };

export function lineRefusal(code: unknown, details: unknown): LineRefusal | undefined {
  if (!isErrorCode(code) || typeof details !== "object" || details === null) return undefined;
  const fields = details as Record<string, unknown>;
  const variantId = fields.variant_id;
  if (typeof variantId !== "string" || variantId === "") return undefined;
  const count = (value: unknown) =>
    typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
  switch (code) {
    case "insufficient_inventory": {
      const available = count(fields.available);
      return available === undefined ? undefined : { reason: "short_of_stock", variantId, available };
    }
    case "unknown_variant":
    case "product_unavailable":
      return { reason: "unavailable", variantId };
    case "invalid_quantity": {
      const max = count(fields.max);
      return max === undefined ? undefined : { reason: "over_limit", variantId, max };
    }
    default:
      return undefined;
  }
}

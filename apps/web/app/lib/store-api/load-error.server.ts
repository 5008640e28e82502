import { isStoreApiError } from "./client";

/** The HTTP status a page answers with when the store call behind it failed. */
export function statusForStoreError(error: unknown): number {
  if (isStoreApiError(error) && (error.status === 404 || error.status === 410)) return error.status;
  if (isStoreApiError(error) && error.status !== undefined) return 502;
  return 503;
}

/** What a shopper reads after "Error loading product: " when the store answered 404 or 410. */
export const missingProductMessage =
  "We could not find this product. The link may be mistyped, or it has been removed.";
export const archivedProductMessage = "This product is no longer sold.";
/** What a shopper reads when the store answered with any other error status. */
export const storeTroubleMessage = "The store is having trouble right now. Please try again in a minute.";

/**
 * The sentence a list page shows for a failed store call: never a status code ("HTTP 500: Internal Server
 * Error"), which a shopper cannot act on. Messages the client already worded for shoppers (no answer in time,
 * the store unreachable, a malformed answer) pass through.
 */
export function messageOf(error: unknown): string | null {
  if (isStoreApiError(error) && error.status !== undefined) return storeTroubleMessage;
  return error instanceof Error && error.message !== "" ? error.message : null;
}

/** As `messageOf`, for one product's page: a missing or archived product says so. */
export function productMessageOf(error: unknown): string | null {
  if (isStoreApiError(error) && error.status === 404) return missingProductMessage;
  if (isStoreApiError(error) && error.status === 410) return archivedProductMessage;
  return messageOf(error);
}

import { isStoreApiError } from "./client";

/** The HTTP status a page answers with when the store call behind it failed. */
export function statusForStoreError(error: unknown): number {
  if (isStoreApiError(error) && (error.status === 404 || error.status === 410)) return error.status;
  if (isStoreApiError(error) && error.status !== undefined) return 502;
  return 503;
}

export function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message !== "" ? error.message : null;
}

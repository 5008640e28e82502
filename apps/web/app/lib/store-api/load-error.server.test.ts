import { describe, expect, it } from "vitest";
import { StoreApiError } from "./client";
import {
  archivedProductMessage,
  messageOf,
  missingProductMessage,
  productMessageOf,
  statusForStoreError,
  storeTroubleMessage,
} from "./load-error.server";

describe("the status a page answers when its store call failed", () => {
  it("passes on 404 (no such product) and 410 (archived by the owner), so search engines drop the page", () => {
    expect(statusForStoreError(new StoreApiError("gone", 410))).toBe(410);
    expect(statusForStoreError(new StoreApiError("missing", 404))).toBe(404);
  });
  it("answers 502 for any other answer of the store, and 503 when it could not be reached", () => {
    expect(statusForStoreError(new StoreApiError("broken", 500))).toBe(502);
    expect(statusForStoreError(new StoreApiError("refused", 400))).toBe(502);
    expect(statusForStoreError(new Error("network"))).toBe(503);
  });
});

describe("the sentence a page shows when its store call failed", () => {
  it("says a product is missing or no longer sold, never 'HTTP 404: Not Found'", () => {
    expect(productMessageOf(new StoreApiError("HTTP 404: Not Found", 404))).toBe(missingProductMessage);
    expect(productMessageOf(new StoreApiError("HTTP 410: Gone", 410))).toBe(archivedProductMessage);
    expect(productMessageOf(new StoreApiError("HTTP 500: Internal Server Error", 500))).toBe(storeTroubleMessage);
  });
  it("says the store has trouble for any other status, on lists too", () => {
    expect(messageOf(new StoreApiError("HTTP 404: Not Found", 404))).toBe(storeTroubleMessage);
    expect(messageOf(new StoreApiError("HTTP 502: Bad Gateway", 502))).toBe(storeTroubleMessage);
  });
  it("keeps the client's own sentences for no answer, and gives none for an empty error", () => {
    expect(messageOf(new StoreApiError("The store did not answer in time"))).toBe("The store did not answer in time");
    expect(productMessageOf(new Error("network down"))).toBe("network down");
    expect(messageOf(new Error(""))).toBeNull();
    expect(messageOf("not an error")).toBeNull();
  });
  it("words every sentence for a shopper: no status codes", () => {
    for (const sentence of [missingProductMessage, archivedProductMessage, storeTroubleMessage]) {
      expect(sentence).not.toMatch(/HTTP|\d{3}/);
    }
  });
});

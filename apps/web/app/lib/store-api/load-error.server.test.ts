import { describe, expect, it } from "vitest";
import { StoreApiError } from "./client";
import { statusForStoreError } from "./load-error.server";

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

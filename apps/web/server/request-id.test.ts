import { describe, expect, it } from "vitest";
import { currentRequestId, withRequestId } from "./request-id";

describe("the web server's request ids", () => {
  it("knows the current request's id across awaits, and none outside a request", async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId("req-1", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe("req-1");
  });
});

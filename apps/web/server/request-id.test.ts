import { describe, expect, it } from "vitest";
import { currentRequestId, requestIdOf, withRequestId } from "./request-id";

const generated = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the web server's request ids", () => {
  it("keeps a caller's id of letters, digits, '.', '_' and '-', up to 64", () => {
    expect(requestIdOf("edge-42.a_b")).toBe("edge-42.a_b");
    expect(requestIdOf("x".repeat(64))).toBe("x".repeat(64));
  });

  it("makes a new one for none, a repeated header, or one too long, empty, or with spaces or a newline", () => {
    for (const hostile of [undefined, ["a", "b"], "x".repeat(65), "", "two words", "id\nforged", "ünï"]) {
      expect(requestIdOf(hostile)).toMatch(generated);
    }
  });

  it("knows the current request's id across awaits, and none outside a request", async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId("req-1", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe("req-1");
  });
});

import { describe, expect, it } from "vitest";
import { requestIdOf } from "./request-id.ts";

const generated = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("a request's id, on both servers", () => {
  it("keeps a caller's id made of letters, digits, '.', '_' and '-', up to 64 of them", () => {
    expect(requestIdOf("web-1f3a.b_2")).toBe("web-1f3a.b_2");
    expect(requestIdOf("a".repeat(64))).toBe("a".repeat(64));
  });

  it("makes a new one for none, a repeated header, or one too long, empty, or with spaces or a newline", () => {
    for (const hostile of [undefined, ["a", "b"], "a".repeat(65), "", "two words", "id\nforged line", "ünï"]) {
      expect(requestIdOf(hostile)).toMatch(generated);
    }
  });
});

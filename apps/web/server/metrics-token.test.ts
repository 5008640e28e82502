import { describe, expect, it } from "vitest";
import { bearerTokenMatches } from "./metrics-token";

const token = "0123456789abcdef0123456789abcdef";

describe("the metrics bearer token", () => {
  it("accepts exactly `Bearer <token>`", () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
  });

  it("refuses no header, another scheme, another token, a part of it and an empty one", () => {
    for (const header of [
      undefined,
      `Basic ${token}`,
      `Bearer ${token}0`,
      `Bearer ${token.slice(1)}`,
      "Bearer ",
      token,
    ]) {
      expect(bearerTokenMatches(header, token)).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { bearerTokenMatches } from "./bearer-token.ts";

const token = "0123456789abcdef0123456789abcdef";

describe("the metrics bearer token", () => {
  it("accepts exactly `Bearer <token>`", () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer ${token}`, token)).toBe(true);
  });

  it("refuses no header, another scheme, another token, a prefix of it and an empty token", () => {
    expect(bearerTokenMatches(undefined, token)).toBe(false);
    expect(bearerTokenMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token.slice(0, -1)}x`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token.slice(0, 10)}`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token}${token}`, token)).toBe(false);
    expect(bearerTokenMatches("Bearer ", token)).toBe(false);
    expect(bearerTokenMatches(token, token)).toBe(false);
  });
});

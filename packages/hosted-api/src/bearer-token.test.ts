import { describe, expect, it } from "vitest";
import { bearerTokenMatches, bearerTokenSetting } from "./bearer-token.ts";

const token = "0123456789abcdef0123456789abcdef";

describe("a server's bearer token", () => {
  it("accepts `Bearer <token>`, the scheme in any case and spaces around the token", () => {
    for (const header of [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer   ${token}`,
      `Bearer ${token}  `,
    ]) {
      expect(bearerTokenMatches(header, token), header).toBe(true);
    }
  });

  it("refuses no header, another scheme, another token, a part of it, more than it and an empty one", () => {
    for (const header of [
      undefined,
      "",
      token,
      ` Bearer ${token}`,
      `Basic ${token}`,
      `Bearer${token}`,
      `Bearer ${token.slice(0, -1)}x`,
      `Bearer ${token.slice(1)}`,
      `Bearer ${token.slice(0, 10)}`,
      `Bearer ${token}${token}`,
      `Bearer ${token}0`,
      `Bearer ${token} ${token}`,
      `Bearer ${token}\n`,
      `Bearer x${token}`,
      "Bearer ",
    ]) {
      expect(bearerTokenMatches(header, token), String(header)).toBe(false);
    }
  });

  it("never matches an empty token, whatever is sent", () => {
    for (const header of [undefined, "", "Bearer ", "Bearer  "]) {
      expect(bearerTokenMatches(header, ""), String(header)).toBe(false);
    }
  });

  it("a token setting is 32 to 256 visible characters", () => {
    const fits = (value: string) => bearerTokenSetting.pattern.test(value);
    expect(fits("a".repeat(32))).toBe(true);
    expect(fits("!~".repeat(128))).toBe(true);
    expect(fits("a".repeat(31))).toBe(false);
    expect(fits("a".repeat(257))).toBe(false);
    expect(fits(`${"a".repeat(31)} `)).toBe(false);
    expect(fits(`${"a".repeat(32)}\n`)).toBe(false);
    expect(fits(`x${"é".repeat(32)}`)).toBe(false);
    expect(bearerTokenSetting.message).toMatch(/32 visible characters/);
  });
});

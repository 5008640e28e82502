import { describe, expect, it } from "vitest";
import { clearedSessionCookie, maxSessionCookies, readSessionTokens, sessionCookie } from "./session-cookie.ts";

const token = "a".repeat(43);

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Strict and scoped to /admin; Secure only over https", () => {
    expect(sessionCookie(token, { secure: false, maxAgeSeconds: 600 })).toBe(
      `herbo_admin_session=${token}; Path=/admin; Max-Age=600; HttpOnly; SameSite=Strict`,
    );
    expect(sessionCookie(token, { secure: true, maxAgeSeconds: 600 })).toMatch(/; Secure$/);
    expect(clearedSessionCookie({ secure: true })).toBe(
      "herbo_admin_session=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict; Secure",
    );
  });

  it("is read from among other cookies", () => {
    expect(readSessionTokens(`theme=dark; herbo_admin_session=${token}; other=1`)).toEqual([token]);
    expect(readSessionTokens(`herbo_admin_session=${token}`)).toEqual([token]);
  });

  it("is read however many cookies of its name come, in order, malformed ones skipped (cookie tossing)", () => {
    const other = "b".repeat(43);
    expect(readSessionTokens(`herbo_admin_session=AAAA; herbo_admin_session=${token}`)).toEqual([token]);
    expect(readSessionTokens(`herbo_admin_session=${token}; herbo_admin_session=AAAA`)).toEqual([token]);
    expect(readSessionTokens(`herbo_admin_session=${other}; theme=dark; herbo_admin_session=${token}`)).toEqual([
      other,
      token,
    ]);
    expect(readSessionTokens(`herbo_admin_session=${token}; herbo_admin_session=${token}`)).toEqual([token]);
    const many = Array.from({ length: 30 }, (_, index) => `herbo_admin_session=${String(index).padStart(43, "x")}`);
    expect(readSessionTokens(many.join("; "))).toHaveLength(maxSessionCookies);
  });

  it("counts as missing when absent, empty or malformed", () => {
    expect(readSessionTokens(undefined)).toEqual([]);
    expect(readSessionTokens("")).toEqual([]);
    expect(readSessionTokens("herbo_admin_session=")).toEqual([]);
    expect(readSessionTokens(`herbo_admin_session=${token}x`)).toEqual([]);
    expect(readSessionTokens(`herbo_admin_session=${"a".repeat(42)};`)).toEqual([]);
    expect(readSessionTokens(`xherbo_admin_session=${token}`)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "./session-cookie.ts";

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
    expect(readSessionToken(`theme=dark; herbo_admin_session=${token}; other=1`)).toBe(token);
    expect(readSessionToken(`herbo_admin_session=${token}`)).toBe(token);
  });

  it("counts as missing when absent, empty or malformed", () => {
    expect(readSessionToken(undefined)).toBeUndefined();
    expect(readSessionToken("")).toBeUndefined();
    expect(readSessionToken("herbo_admin_session=")).toBeUndefined();
    expect(readSessionToken(`herbo_admin_session=${token}x`)).toBeUndefined();
    expect(readSessionToken(`herbo_admin_session=${"a".repeat(42)};`)).toBeUndefined();
    expect(readSessionToken(`xherbo_admin_session=${token}`)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import {
  defaultScryptParameters,
  hashPassword,
  needsRehash,
  parseStoredHash,
  passwordProblem,
  verifyPassword,
} from "./passwords.ts";

const cheap = { logN: 10, r: 8, p: 1 };

describe("owner passwords", () => {
  it("uses scrypt with OWASP's minimum cost by default: N = 2^17, r = 8, p = 1", async () => {
    expect(defaultScryptParameters).toEqual({ logN: 17, r: 8, p: 1 });
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
  });

  it("salts every hash, so one password never hashes alike twice", async () => {
    const first = await hashPassword("same password here", cheap);
    const second = await hashPassword("same password here", cheap);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same password here", first)).toBe(true);
    expect(await verifyPassword("same password here", second)).toBe(true);
  });

  it("reads its parameters from the stored hash, so old hashes keep working after a raise", async () => {
    const stored = await hashPassword("an older password", cheap);
    expect(parseStoredHash(stored)?.parameters).toEqual(cheap);
    expect(await verifyPassword("an older password", stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(await hashPassword("an older password", defaultScryptParameters))).toBe(false);
  });

  it("matches nothing against a malformed or tampered hash", async () => {
    expect(await verifyPassword("anything at all", "")).toBe(false);
    expect(await verifyPassword("anything at all", "plain-text-password")).toBe(false);
    const stored = await hashPassword("anything at all", cheap);
    // Parameters that would cost minutes or gigabytes are refused, not run.
    expect(await verifyPassword("anything at all", stored.replace("ln=10", "ln=30"))).toBe(false);
    expect(
      await verifyPassword(
        "anything at all",
        stored.replace(/\$[^$]+$/, "$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
      ),
    ).toBe(false);
  });

  it("treats canonically equal Unicode spellings of a password alike", async () => {
    const stored = await hashPassword("caf\u00e9 au lait 2026", cheap);
    expect(await verifyPassword("cafe\u0301 au lait 2026", stored)).toBe(true);
  });

  it("refuses short and overlong new passwords", () => {
    expect(passwordProblem("short")).toMatch(/at least 12/);
    expect(passwordProblem("x".repeat(257))).toMatch(/at most 256/);
    expect(passwordProblem("twelve chars")).toBeUndefined();
  });

  it("refuses to check an overlong password, whatever the hash", async () => {
    const stored = await hashPassword("x".repeat(300), cheap);
    expect(await verifyPassword("x".repeat(300), stored)).toBe(false);
  });
});

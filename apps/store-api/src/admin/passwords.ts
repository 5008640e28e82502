import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Owners' passwords, hashed with node:crypto's scrypt. The stored form names its parameters and salt,
 * `scrypt$ln=17,r=8,p=1$<salt>$<hash>` (base64url), so they can be raised later without breaking old hashes.
 */

export interface ScryptParameters {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

/** OWASP's recommended minimum for scrypt: N = 2^17 (128 MiB), r = 8, p = 1; about 0.4 s on this project's machines. */
export const defaultScryptParameters: ScryptParameters = { logN: 17, r: 8, p: 1 };

const saltBytes = 16;
const keyBytes = 32;
/** Passwords shorter than this are refused when an owner is created. */
export const minPasswordLength = 12;
/** Longer input is refused before any hashing, so a huge body cannot buy seconds of CPU. */
export const maxPasswordLength = 256;

const storedPattern = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/;

function derive(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const N = 2 ** parameters.logN;
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below what N = 2^17 takes.
  const options: ScryptOptions = { N, r: parameters.r, p: parameters.p, maxmem: 256 * N * parameters.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with a fresh random salt; the async form runs on libuv's pool, never blocking requests. */
export async function hashPassword(password: string, parameters = defaultScryptParameters): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, parameters);
  const { logN, r, p } = parameters;
  return `scrypt$ln=${logN},r=${r},p=${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export function parseStoredHash(
  stored: string,
): { parameters: ScryptParameters; salt: Buffer; key: Buffer } | undefined {
  const match = storedPattern.exec(stored);
  if (match === null) return undefined;
  const [, logN, r, p, salt, key] = match;
  const parameters = { logN: Number(logN), r: Number(r), p: Number(p) };
  // Refuse parameters that would take too long or too much memory to check (a tampered row).
  if (
    parameters.logN < 10 ||
    parameters.logN > 20 ||
    parameters.r < 1 ||
    parameters.r > 16 ||
    parameters.p < 1 ||
    parameters.p > 16
  ) {
    return undefined;
  }
  return { parameters, salt: Buffer.from(salt ?? "", "base64url"), key: Buffer.from(key ?? "", "base64url") };
}

/** True when the password matches; compared in constant time. A malformed stored hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (parsed === undefined || password.length > maxPasswordLength) return false;
  const key = await derive(password, parsed.salt, parsed.parameters);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with weaker parameters than today's, so sign-in should replace it. */
export function needsRehash(stored: string, parameters = defaultScryptParameters): boolean {
  const parsed = parseStoredHash(stored);
  if (parsed === undefined) return true;
  const old = parsed.parameters;
  return old.logN < parameters.logN || old.r < parameters.r || old.p < parameters.p;
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < minPasswordLength) return `The password must have at least ${minPasswordLength} characters.`;
  if (password.length > maxPasswordLength) return `The password may have at most ${maxPasswordLength} characters.`;
  return undefined;
}

import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The file in DATA_DIR holding the running store API's operations token: `npm run admin -- backup` reads it
 * and sends it back, proving it may read that folder, so only the machine's owner can ask for a backup.
 */
export const opsTokenFileName = "ops-token";

export function opsTokenFile(dataDir: string): string {
  return path.join(dataDir, opsTokenFileName);
}

/** A new random token, written readable by this user only; a new one at each start. */
export async function createOpsToken(dataDir: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const file = opsTokenFile(dataDir);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    await writeFile(draft, `${token}\n`, { mode: 0o600, flag: "wx" });
    await rename(draft, file);
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
  return token;
}

/** The token of the store API holding DATA_DIR, or undefined when it has written none. */
export async function readOpsToken(dataDir: string): Promise<string | undefined> {
  try {
    return (await readFile(opsTokenFile(dataDir), "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Removes the token when the store API stops, if it is still this process's. */
export async function removeOpsToken(dataDir: string, token: string): Promise<void> {
  if ((await readOpsToken(dataDir)) === token) await rm(opsTokenFile(dataDir), { force: true });
}

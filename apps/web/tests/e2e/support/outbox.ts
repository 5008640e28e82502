import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { e2eSettings } from "../settings.mjs";

/** The .eml files the test store API wrote to this address. */
export function emailsTo(address: string): string[] {
  let files: string[];
  try {
    files = readdirSync(e2eSettings.outboxDir).filter((file) => file.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(e2eSettings.outboxDir, file), "utf8"))
    .filter((message) => /^To: .*$/m.exec(message)?.[0].includes(address) === true);
}

/**
 * The decoded text of a message: quoted-printable soft breaks and escapes undone, for plain searching. The
 * escapes are UTF-8 bytes, so a run of them is one text ("=C3=97" is "×").
 */
export function readable(message: string): string {
  return message.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split("=")
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString("utf8"),
  );
}

import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { EmailTransport, OutgoingEmail } from "./transport.ts";

const idPattern = /^[A-Za-z0-9_-]{1,100}$/;
const tempSuffix = ".tmp";
/** A temp file this old belongs to a writer that died; younger ones may be another copy's, mid-write. */
const staleTempMs = 60 * 60_000;

/** "2026-11-23T10-00-00Z-msg_x.eml": sorts by time in a folder, and is the same on every attempt for a row. */
export function emlFileName(id: string, createdAt: Date): string {
  if (!idPattern.test(id)) throw new Error("The outbox row id cannot name a file");
  const stamp = createdAt
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  return `${stamp}-${id}.eml`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

async function removeStaleTempFiles(folder: string, now: number): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!name.startsWith(".") || !name.endsWith(tempSuffix)) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (info !== undefined && now - info.mtimeMs > staleTempMs) await unlink(file).catch(() => undefined);
  }
}

/** Makes the rename durable: on Linux a directory can be opened and synced; elsewhere this is best effort. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r").catch(() => undefined);
  if (handle === undefined) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

/**
 * The embedded default: each message becomes an RFC 822 file in `folder`, which any mail program opens.
 * It is written to a temp file, flushed, then renamed into place, so a crash never leaves half a message
 * under the final name; a file already there means the message was delivered before a crash.
 */
export function createEmlTransport(folder: string): EmailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  let ready: Promise<void> | undefined;
  const prepare = () => {
    ready ??= mkdir(folder, { recursive: true }).then(() => removeStaleTempFiles(folder, Date.now()));
    return ready;
  };

  return {
    description: `.eml files in ${folder}`,
    async deliver(email: OutgoingEmail): Promise<void> {
      const name = emlFileName(email.id, email.createdAt);
      const target = path.join(folder, name);
      await prepare();
      if (await exists(target)) return;
      const { message } = await composer.sendMail(email.message);
      if (!Buffer.isBuffer(message)) throw new Error("nodemailer returned a stream where a buffer was asked for");
      const temp = path.join(folder, `.${name}.${process.pid}-${randomBytes(4).toString("hex")}${tempSuffix}`);
      const handle = await open(temp, "wx", 0o640);
      try {
        await handle.writeFile(message);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
      await syncFolder(folder);
    },
    async close() {
      composer.close();
    },
  };
}

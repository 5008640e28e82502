import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tarStream from "tar-stream";
import {
  databaseEntry,
  isPartName,
  manifestEntry,
  mediaPrefix,
  outboxPrefix,
  partialFileName,
  type BackupManifest,
  type BackupPart,
} from "./backup-manifest.ts";

/** What goes into one archive: the database dump, and the files of the media and outbox folders. */
export interface ArchiveContents {
  database: Buffer;
  mediaFiles: readonly string[];
  outboxFiles: readonly string[];
}

/** The archive could not be read as a backup; the reason is a sentence for the owner. */
export class NotABackupError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = "NotABackupError";
  }
}

/** Largest manifest read: a shop with a hundred thousand photos lists far less. */
const manifestLimitBytes = 16 * 1024 * 1024;

/**
 * Writes the archive under a temporary name, flushes it to disk, then gives it its name in one step (never
 * replacing a file): a crash leaves a `.partial` file, never a half backup under a backup's name.
 */
export async function writeArchive(
  file: string,
  contents: ArchiveContents,
  manifestOf: (parts: BackupPart[]) => BackupManifest,
): Promise<number> {
  const partial = path.join(path.dirname(file), partialFileName(path.basename(file), randomBytes(6).toString("hex")));
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await packInto(partial, contents, manifestOf);
    const handle = await open(partial, "r");
    await handle.sync().finally(() => handle.close());
    await link(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return (await stat(file)).size;
}

async function packInto(
  file: string,
  contents: ArchiveContents,
  manifestOf: (parts: BackupPart[]) => BackupManifest,
): Promise<void> {
  const pack = tarStream.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(file, { flags: "wx", mode: 0o600 }));
  try {
    const parts = [await addPart(pack, databaseEntry, contents.database)];
    for (const source of contents.mediaFiles) parts.push(await addFile(pack, mediaPrefix, source));
    for (const source of contents.outboxFiles) parts.push(await addFile(pack, outboxPrefix, source));
    const manifest = Buffer.from(`${JSON.stringify(manifestOf(parts), null, 2)}\n`);
    await addPart(pack, manifestEntry, manifest);
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    throw error;
  } finally {
    await writing.catch((error: unknown) => {
      if (!pack.destroyed) throw error;
    });
  }
}

async function addFile(pack: tarStream.Pack, prefix: string, source: string): Promise<BackupPart> {
  const { size } = await stat(source);
  return addPart(pack, `${prefix}${path.basename(source)}`, createReadStream(source), size);
}

/** Adds one entry, hashing what passes; the size is declared first, so a file that changes fails the backup. */
async function addPart(
  pack: tarStream.Pack,
  name: string,
  source: Buffer | Readable,
  size = Buffer.isBuffer(source) ? source.length : 0,
): Promise<BackupPart> {
  const hashing = new Hashing();
  const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date() });
  await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, hashing, sink);
  return { name, bytes: hashing.bytes, sha256: hashing.hash.digest("hex") };
}

/** Passes bytes through, counting and hashing them. */
class Hashing extends Transform {
  readonly hash = createHash("sha256");
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error: null, chunk: Buffer) => void): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/** An archive read into a staging folder: its manifest's text and each part found, with its checksum. */
export interface StagedArchive {
  manifestText: string;
  parts: BackupPart[];
}

/**
 * Reads an archive's manifest (its last entry) and writes nothing: each entry before it is checked as
 * `readArchive` checks it and passed over. A restore reads this first, so that the manifest's sizes bound what
 * it then writes. Anything that is not one of our parts, a damaged file or a missing manifest is a
 * NotABackupError.
 */
export async function readManifestText(file: string): Promise<string> {
  return walkArchive(file, async (entry) => {
    for await (const chunk of bytesOf(entry)) void chunk;
  });
}

/**
 * Unpacks an archive into `staging` (database.tar.gz, media/…, outbox/…), hashing each part, and writes no
 * more than `listed` (the manifest read first) says: a part it does not list, or whose size is not the listed
 * one, is refused before any of its bytes are written, so an archive made to fill the disk stops at once.
 * Anything that is not one of our parts, a damaged or truncated file, or a missing manifest is a
 * NotABackupError.
 */
export async function readArchive(
  file: string,
  staging: string,
  listed: readonly BackupPart[],
): Promise<StagedArchive> {
  await mkdir(path.join(staging, mediaPrefix), { recursive: true });
  await mkdir(path.join(staging, outboxPrefix), { recursive: true });
  const parts: BackupPart[] = [];
  const manifestText = await walkArchive(file, async (entry, name, size) => {
    const expected = listed.find((part) => part.name === name);
    if (expected === undefined) throw new NotABackupError(`it holds ${name}, which its manifest does not list.`);
    if (size !== expected.bytes) {
      throw new NotABackupError(
        `${name} holds ${size} bytes, and its manifest says ${expected.bytes}: the file is damaged or was made to fill the disk.`,
      );
    }
    parts.push(await stagePart(entry, name, staging, expected.bytes));
  });
  return { manifestText, parts };
}

/** Reads the archive's entries in order, handing each part (once) to `onPart`; answers the manifest's text. */
async function walkArchive(
  file: string,
  onPart: (entry: AsyncIterable<unknown>, name: string, size: number) => Promise<void>,
): Promise<string> {
  const extract = tarStream.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  reading.catch(() => undefined);
  const seen = new Set<string>();
  let manifestText: string | undefined;
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      if (manifestText !== undefined) throw new NotABackupError(`it goes on after its manifest (${name}).`);
      if (type !== "file") throw new NotABackupError(`it holds ${name}, which is not a plain file.`);
      if (name === manifestEntry) manifestText = await readManifest(entry);
      else if (isPartName(name) && !seen.has(name)) {
        seen.add(name);
        await onPart(entry, name, size ?? 0);
      } else throw new NotABackupError(`it holds ${name}, which no backup of this shop has.`);
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof NotABackupError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new NotABackupError(`it is damaged or not a backup (${detail}).`, { cause: error });
  }
  if (manifestText === undefined) throw new NotABackupError("it has no manifest: it is incomplete or not a backup.");
  return manifestText;
}

async function readManifest(entry: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of bytesOf(entry)) {
    bytes += chunk.length;
    if (bytes > manifestLimitBytes) throw new NotABackupError("its manifest is far larger than any backup's.");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Writes one part, stopping before its bytes pass `limit` (the tar header's size is checked first, this too). */
async function stagePart(
  entry: AsyncIterable<unknown>,
  name: string,
  staging: string,
  limit: number,
): Promise<BackupPart> {
  const hashing = new Hashing();
  const target: Writable = createWriteStream(path.join(staging, name), { flags: "wx", mode: 0o600 });
  async function* bounded() {
    let bytes = 0;
    for await (const chunk of bytesOf(entry)) {
      bytes += chunk.length;
      if (bytes > limit) throw new NotABackupError(`${name} is larger than its manifest says: the file is damaged.`);
      yield chunk;
    }
  }
  await pipeline(bounded(), hashing, target);
  return { name, bytes: hashing.bytes, sha256: hashing.hash.digest("hex") };
}

/** The chunks of a tar entry (streamx yields them untyped), as Buffers. */
export async function* bytesOf(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    if (!(chunk instanceof Uint8Array)) throw new TypeError("A tar entry gave something other than bytes.");
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

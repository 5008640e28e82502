import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isMediaStoreName } from "./media-names.ts";

/**
 * Where photo and certificate files live: a folder (DATA_DIR/media by default) or an S3-compatible bucket
 * (bucket-media-store.ts). Names are checked by each store too, so no caller can reach another file.
 */
export interface MediaStore {
  /** Writes a file whole: a reader sees the old file, nothing, or all of the new one. */
  write(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  read(name: string): Promise<Buffer | undefined>;
  /** Removes a file; a missing one is no error. */
  remove(name: string): Promise<void>;
}

/**
 * The store could not do what was asked now (a bucket unreachable, or refusing the call): the upload is
 * answered 503 with this reason, and a file that cannot be read is answered 503 instead of 404.
 */
export class MediaStoreUnavailable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = "MediaStoreUnavailable";
  }
}

function checkedName(name: string): string {
  if (!isMediaStoreName(name)) throw new Error(`Not a media file name: ${JSON.stringify(name)}`);
  return name;
}

export function folderMediaStore(folder: string): MediaStore {
  return {
    async write(name, bytes) {
      const target = path.join(folder, checkedName(name));
      await mkdir(folder, { recursive: true });
      const partial = path.join(folder, `.${name}.${randomBytes(6).toString("hex")}.partial`);
      try {
        await writeFile(partial, bytes);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(name) {
      try {
        return await readFile(path.join(folder, checkedName(name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async remove(name) {
      await rm(path.join(folder, checkedName(name)), { force: true });
    },
  };
}

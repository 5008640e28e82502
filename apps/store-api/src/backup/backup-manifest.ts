import { z } from "zod";
import { parseMediaFileName } from "../media/media-names.ts";

/** What names a file as one of our backups; a different name is another program's archive. */
export const backupFormat = "herbo-shop-backup";
/** Raised when the archive's layout changes; a reader refuses versions it does not know. */
export const backupFormatVersion = 1;

/** The archive's parts: the database first, then photos and sent-mail files, the manifest last. */
export const manifestEntry = "manifest.json";
export const databaseEntry = "database.tar.gz";
export const mediaPrefix = "media/";
export const outboxPrefix = "outbox/";

/** The drizzle migrations a database has applied: how many, and the journal time of the newest. */
export interface MigrationLevel {
  applied: number;
  latest: number;
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "expected a sha256 in hex");
const count = z.number().int().min(0);

const partSchema = z.object({ name: z.string().min(1), bytes: count, sha256 });
export type BackupPart = z.infer<typeof partSchema>;

/**
 * The photos and sent-mail files among an archive's parts. One photo is several files (each width it was
 * encoded at, and its social card), so photos are counted by the id their files share, never by file; a file
 * of the media folder that names no photo counts as a file only.
 */
export function fileCounts(partNames: readonly string[]): { photos: number; photoFiles: number; outboxFiles: number } {
  const media = partNames.filter((name) => name.startsWith(mediaPrefix));
  const photos = new Set(media.flatMap((name) => parseMediaFileName(name.slice(mediaPrefix.length))?.id ?? []));
  return {
    photos: photos.size,
    photoFiles: media.length,
    outboxFiles: partNames.filter((name) => name.startsWith(outboxPrefix)).length,
  };
}

const manifestSchema = z.object({
  format: z.literal(backupFormat),
  version: z.number().int().min(1),
  storeId: z.string().min(1),
  createdAt: z.iso.datetime(),
  migrations: z.object({ applied: count, latest: count }),
  /** `photos` counts photos (before this count was fixed, files: read `fileCounts(parts)` instead of trusting it). */
  counts: z.object({ orders: count, emails: count, photos: count, outboxFiles: count }),
  parts: z.array(partSchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export type ManifestCheck = { kind: "ok"; manifest: BackupManifest } | { kind: "refused"; reason: string };

/** A part's name inside the archive: the database dump, or one flat file of the media or outbox folder. */
export function isPartName(name: string): boolean {
  if (name === databaseEntry) return true;
  const prefix = [mediaPrefix, outboxPrefix].find((candidate) => name.startsWith(candidate));
  return prefix !== undefined && isPlainFileName(name.slice(prefix.length));
}

/** A file name with no folder, no leading dot (our partial files) and nothing a shell or Windows reads oddly. */
export function isPlainFileName(name: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9._-]{0,200}$/.test(name);
}

/**
 * Whether the manifest read from an archive describes a backup this shop may load: our format and a version
 * we read, the same STORE_ID, parts exactly as found (names, sizes, checksums), and no migration newer than
 * this code's. `found` is undefined before the parts are unpacked: the manifest alone is checked then. The
 * reason, when refused, is a sentence for the owner.
 */
export function checkManifest(
  text: string,
  found: readonly BackupPart[] | undefined,
  expected: { storeId: string; migrations: MigrationLevel },
): ManifestCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: "refused", reason: "its manifest is not JSON, so it is not one of this shop's backups." };
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    return { kind: "refused", reason: `it is not a ${backupFormat} file (its manifest does not match the format).` };
  }
  const manifest = parsed.data;
  const refusal =
    versionProblem(manifest) ??
    storeProblem(manifest, expected.storeId) ??
    (found === undefined ? undefined : partsProblem(manifest.parts, found)) ??
    migrationProblem(manifest.migrations, expected.migrations);
  return refusal === undefined ? { kind: "ok", manifest } : { kind: "refused", reason: refusal };
}

function versionProblem(manifest: BackupManifest): string | undefined {
  if (manifest.version === backupFormatVersion) return undefined;
  return `it is format version ${manifest.version}; this code reads version ${backupFormatVersion}.`;
}

function storeProblem(manifest: BackupManifest, storeId: string): string | undefined {
  if (manifest.storeId === storeId) return undefined;
  return `it belongs to the shop "${manifest.storeId}", and this shop's STORE_ID is "${storeId}".`;
}

/** Every part the manifest lists must be in the archive, whole, and nothing else may be. */
export function partsProblem(listed: readonly BackupPart[], found: readonly BackupPart[]): string | undefined {
  const byName = new Map(found.map((part) => [part.name, part]));
  if (!listed.some((part) => part.name === databaseEntry)) return "its manifest lists no database.";
  for (const part of listed) {
    const actual = byName.get(part.name);
    if (actual === undefined) return `${part.name} is missing from it.`;
    if (actual.bytes !== part.bytes || actual.sha256 !== part.sha256) {
      return `${part.name} does not match its checksum: the file is damaged.`;
    }
    byName.delete(part.name);
  }
  const [extra] = byName.keys();
  return extra === undefined ? undefined : `it holds ${extra}, which its manifest does not list.`;
}

const decimal = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });

/** A size for the owner: in bytes below a kilobyte, then kB up to a megabyte, then MB. */
function sizeText(bytes: number): string {
  if (bytes < 1e3) return `${decimal.format(bytes)} bytes`;
  return bytes < 1e6 ? `${decimal.format(bytes / 1e3)} kB` : `${decimal.format(bytes / 1e6)} MB`;
}

/** Whether the parts the manifest lists fit in the free space where they are unpacked; a reason when not. */
export function unpackedSizeProblem(listed: readonly BackupPart[], freeBytes: number): string | undefined {
  const total = listed.reduce((sum, part) => sum + part.bytes, 0);
  if (total <= freeBytes) return undefined;
  return `its manifest says it unpacks to ${sizeText(total)}, more than the ${sizeText(freeBytes)} free beside DATA_DIR.`;
}

/** A backup from a newer code's database cannot be loaded: its tables may have columns this code drops. */
export function migrationProblem(backup: MigrationLevel, known: MigrationLevel): string | undefined {
  if (backup.applied <= known.applied && backup.latest <= known.latest) return undefined;
  return (
    `it was made by a newer version of the shop (${backup.applied} database migrations; this code knows ` +
    `${known.applied}). Update the shop, then restore.`
  );
}

/** "backup-20260301T100000.123Z.tar.gz", or "…Z-manual.tar.gz" for one asked for: sorts by time. */
export function backupFileName(at: Date, kind: "scheduled" | "manual"): string {
  const stamp = at.toISOString().replace(/[-:]/g, "");
  return `backup-${stamp}${kind === "manual" ? "-manual" : ""}.tar.gz`;
}

/** The names `backupFileName` gives scheduled backups; the only files retention may delete. */
export const scheduledBackupName = /^backup-\d{8}T\d{6}\.\d{3}Z\.tar\.gz$/;

/** The name a backup has while it is written (hidden, and never a backup's name): `hex` makes it unique. */
export function partialFileName(backupName: string, hex: string): string {
  return `.${backupName}.${hex}.partial`;
}

/** The names `partialFileName` gives backups (with 12 hex digits); a crash can leave one behind. */
export const partialBackupName = /^\.backup-\d{8}T\d{6}\.\d{3}Z(-manual)?\.tar\.gz\.[0-9a-f]{12}\.partial$/;

import { describe, expect, it } from "vitest";
import {
  backupFileName,
  backupFormat,
  checkManifest,
  fileCounts,
  isPartName,
  scheduledBackupName,
  unpackedSizeProblem,
  type BackupManifest,
  type BackupPart,
} from "./backup-manifest.ts";

const database: BackupPart = { name: "database.tar.gz", bytes: 1200, sha256: "a".repeat(64) };
const photo: BackupPart = { name: "media/med_0123456789abcdef0123-640.webp", bytes: 300, sha256: "b".repeat(64) };

function manifest(overrides: Partial<BackupManifest> = {}): BackupManifest {
  return {
    format: backupFormat,
    version: 1,
    storeId: "herbo",
    createdAt: "2026-03-01T10:00:00.000Z",
    migrations: { applied: 13, latest: 1_000 },
    counts: { orders: 2, emails: 4, photos: 1, outboxFiles: 0 },
    parts: [database, photo],
    ...overrides,
  };
}

const expected = { storeId: "herbo", migrations: { applied: 14, latest: 2_000 } };
const check = (value: unknown, found: BackupPart[] = [database, photo]) =>
  checkManifest(typeof value === "string" ? value : JSON.stringify(value), found, expected);

describe("a backup's manifest", () => {
  it("is accepted when it is ours, this shop's, whole, and from this or an older migration level", () => {
    expect(check(manifest())).toMatchObject({ kind: "ok", manifest: { storeId: "herbo" } });
    expect(check(manifest({ migrations: expected.migrations }))).toMatchObject({ kind: "ok" });
  });

  it("is refused when it is not JSON or not our format", () => {
    expect(check("PK\u0003\u0004")).toMatchObject({ kind: "refused", reason: expect.stringMatching(/not JSON/) });
    expect(check({ ...manifest(), format: "other-backup" })).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/not a herbo-shop-backup file/),
    });
    expect(check({ ...manifest(), parts: "all" })).toMatchObject({ kind: "refused" });
    expect(check(manifest({ version: 2 }))).toMatchObject({ reason: expect.stringMatching(/version 2/) });
  });

  it("is refused for another shop's STORE_ID", () => {
    expect(check(manifest({ storeId: "other" }))).toEqual({
      kind: "refused",
      reason: 'it belongs to the shop "other", and this shop\'s STORE_ID is "herbo".',
    });
  });

  it("is refused when a part is missing, damaged, unlisted or the database absent", () => {
    expect(check(manifest(), [database])).toMatchObject({ reason: `${photo.name} is missing from it.` });
    expect(check(manifest(), [database, { ...photo, sha256: "c".repeat(64) }])).toMatchObject({
      reason: expect.stringMatching(/does not match its checksum/),
    });
    expect(check(manifest(), [database, { ...photo, bytes: 299 }])).toMatchObject({
      reason: expect.stringMatching(/does not match its checksum/),
    });
    const extra = { ...photo, name: "outbox/x.eml" };
    expect(check(manifest(), [database, photo, extra])).toMatchObject({
      reason: expect.stringMatching(/outbox\/x\.eml/),
    });
    expect(check(manifest({ parts: [photo] }), [photo])).toMatchObject({ reason: "its manifest lists no database." });
  });

  it("is refused when made by a newer migration level, by count or by time", () => {
    for (const migrations of [
      { applied: 15, latest: 2_000 },
      { applied: 14, latest: 2_001 },
    ]) {
      expect(check(manifest({ migrations }))).toMatchObject({
        kind: "refused",
        reason: expect.stringMatching(/newer version of the shop/),
      });
    }
  });
});

describe("the room a backup needs", () => {
  it("checks the manifest alone before the parts are read, their sizes and checksums after", () => {
    expect(checkManifest(JSON.stringify(manifest()), undefined, expected)).toMatchObject({ kind: "ok" });
    expect(checkManifest(JSON.stringify(manifest()), [database], expected)).toMatchObject({ kind: "refused" });
  });

  it("fits when the listed parts take no more than the free space, and says both sizes when not", () => {
    expect(unpackedSizeProblem([database, photo], 1500)).toBeUndefined();
    expect(unpackedSizeProblem([database, photo], 900)).toBe(
      "its manifest says it unpacks to 1.5 kB, more than the 900 bytes free beside DATA_DIR.",
    );
    const huge = { ...photo, bytes: 2 ** 52 };
    expect(unpackedSizeProblem([database, huge], 50e9)).toBe(
      "its manifest says it unpacks to 4,503,599,627.4 MB, more than the 50,000 MB free beside DATA_DIR.",
    );
  });
});

describe("backup names and part names", () => {
  it("names scheduled and manual backups by UTC time, and only scheduled ones match the retention pattern", () => {
    const at = new Date("2026-03-01T10:02:03.004Z");
    expect(backupFileName(at, "scheduled")).toBe("backup-20260301T100203.004Z.tar.gz");
    expect(backupFileName(at, "manual")).toBe("backup-20260301T100203.004Z-manual.tar.gz");
    expect(scheduledBackupName.test(backupFileName(at, "scheduled"))).toBe(true);
    expect(scheduledBackupName.test(backupFileName(at, "manual"))).toBe(false);
  });

  it("accepts only the database and flat files of media/ and outbox/", () => {
    expect(isPartName("database.tar.gz")).toBe(true);
    expect(isPartName("media/med_0123456789abcdef0123-640.webp")).toBe(true);
    expect(isPartName("outbox/20261123T100000Z-msg_x.eml")).toBe(true);
    for (const name of [
      "../etc/passwd",
      "media/../x",
      "media/a/b",
      "/database.tar.gz",
      "media/.x.partial",
      "other/x",
      "media/",
    ]) {
      expect(isPartName(name), name).toBe(false);
    }
  });
});

describe("the files of a backup", () => {
  it("count a photo once however many sizes it was kept at, and the sent mail by file", () => {
    const photo = (id: string, file: string) => `media/med_${id.repeat(20)}-${file}`;
    const names = [
      "database.tar.gz",
      ...["320.webp", "640.webp", "960.webp", "1280.webp", "card.jpg"].map((file) => photo("a", file)),
      photo("b", "640.webp"),
      "media/notes.txt",
      "outbox/20260301T100000Z-msg_a.eml",
    ];
    expect(fileCounts(names)).toEqual({ photos: 2, photoFiles: 7, outboxFiles: 1 });
    expect(fileCounts(["database.tar.gz"])).toEqual({ photos: 0, photoFiles: 0, outboxFiles: 0 });
  });
});

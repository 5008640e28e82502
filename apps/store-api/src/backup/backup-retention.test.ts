import { describe, expect, it } from "vitest";
import { backupFileName, partialFileName } from "./backup-manifest.ts";
import { backupsToDelete, leftoverPartialAgeMs, leftoverPartials } from "./backup-retention.ts";

const hourly = (count: number) =>
  Array.from({ length: count }, (_, hour) =>
    backupFileName(new Date(Date.UTC(2026, 2, 1, hour, 0, 0, 5)), "scheduled"),
  );

describe("which scheduled backups are deleted", () => {
  it("keeps the N newest and deletes the older ones, whatever order the folder lists them in", () => {
    const names = hourly(10);
    expect(backupsToDelete([...names].reverse(), 7)).toEqual(names.slice(0, 3));
    expect(backupsToDelete(names, 10)).toEqual([]);
    expect(backupsToDelete(names, 12)).toEqual([]);
  });

  it("never chooses a backup made by hand, a renamed copy, a partial file or anyone else's file", () => {
    const foreign = [
      "notes.txt",
      backupFileName(new Date(Date.UTC(2020, 0, 1)), "manual"),
      `${hourly(1)[0]}.bak`,
      `old-${hourly(1)[0]}`,
      `.${hourly(1)[0]}.a1b2c3.partial`,
      "backup-old.tar.gz",
      "backup-20200101T000000Z.tar.gz",
    ];
    expect(backupsToDelete([...foreign, ...hourly(3)], 1)).toEqual(hourly(3).slice(0, 2));
    expect(backupsToDelete(foreign, 1)).toEqual([]);
  });

  it("keeps at least one, even when asked to keep none", () => {
    expect(backupsToDelete(hourly(3), 0)).toEqual(hourly(3).slice(0, 2));
  });
});

describe("which unfinished backup files are deleted", () => {
  const now = new Date(Date.UTC(2026, 2, 10, 12));
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const day = 24 * 60 * 60 * 1000;
  const partial = (name: string, hex = "a1b2c3d4e5f6") => partialFileName(name, hex);
  const scheduled = hourly(1)[0] ?? "";
  const manual = backupFileName(new Date(Date.UTC(2026, 2, 1)), "manual");

  it("knows the name a backup has while it is written", () => {
    expect(partial("backup-x.tar.gz", "0f")).toBe(".backup-x.tar.gz.0f.partial");
  });

  it("a day is the age that marks a crash's leftover", () => {
    expect(leftoverPartialAgeMs).toBe(day);
  });

  it("deletes the partial files of scheduled and manual backups untouched for more than a day, sorted", () => {
    const files = [
      { name: partial(scheduled), modifiedAt: ago(day + 1) },
      { name: partial(manual), modifiedAt: ago(3 * day) },
    ];
    expect(leftoverPartials(files, now)).toEqual([partial(manual), partial(scheduled)].sort());
  });

  it("keeps one being written now, or touched within the day", () => {
    for (const modifiedAt of [now, ago(60_000), ago(day)]) {
      expect(leftoverPartials([{ name: partial(scheduled), modifiedAt }], now), modifiedAt.toISOString()).toEqual([]);
    }
  });

  it("never chooses a finished backup or anyone else's file, however old", () => {
    const old = ago(30 * day);
    const names = [
      scheduled,
      manual,
      "notes.partial",
      `.${scheduled}.partial`,
      partial(scheduled, "A1B2C3D4E5F6"),
      partial(scheduled, "a1b2c3"),
      `${partial(scheduled)}.x`,
      `x${partial(scheduled)}`,
      partial("backup-old.tar.gz"),
    ];
    expect(
      leftoverPartials(
        names.map((name) => ({ name, modifiedAt: old })),
        now,
      ),
    ).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { backupFileName } from "./backup-manifest.ts";
import { backupsToDelete } from "./backup-retention.ts";

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

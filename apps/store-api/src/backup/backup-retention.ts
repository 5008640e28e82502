import { partialBackupName, scheduledBackupName } from "./backup-manifest.ts";

/**
 * The scheduled backups to delete so that the `keep` newest remain. Only names the schedule gives are ever
 * chosen: a backup asked for by hand, a copy the owner renamed, or anyone else's file is never among them.
 */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  const scheduled = names.filter((name) => scheduledBackupName.test(name)).sort();
  return scheduled.slice(0, Math.max(0, scheduled.length - Math.max(1, keep)));
}

/** How old an unfinished backup must be to count as a crash's leftover: far longer than any backup takes. */
export const leftoverPartialAgeMs = 24 * 60 * 60 * 1000;

/**
 * The unfinished backup files a crash (or power cut) left behind: only names `writeArchive` gives, and only
 * those untouched for a day, so a backup another process is writing right now is never chosen.
 */
export function leftoverPartials(files: readonly { name: string; modifiedAt: Date }[], now: Date): string[] {
  return files
    .filter((file) => partialBackupName.test(file.name))
    .filter((file) => now.getTime() - file.modifiedAt.getTime() > leftoverPartialAgeMs)
    .map((file) => file.name)
    .sort();
}

import { scheduledBackupName } from "./backup-manifest.ts";

/**
 * The scheduled backups to delete so that the `keep` newest remain. Only names the schedule gives are ever
 * chosen: a backup asked for by hand, a copy the owner renamed, or anyone else's file is never among them.
 */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  const scheduled = names.filter((name) => scheduledBackupName.test(name)).sort();
  return scheduled.slice(0, Math.max(0, scheduled.length - Math.max(1, keep)));
}

import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { BackupService } from "../backup/write-backup.ts";

/** Starts a repeating timer and returns what stops it. */
export type RepeatEvery = (run: () => Promise<void>, intervalMs: number) => () => void;

export interface BackupScheduleOptions {
  backups: BackupService;
  /** Time between backups, the first one interval after start; 0 turns the schedule off. */
  intervalMs: number;
  /** The timer; tests hand one they fire themselves. */
  every?: RepeatEvery;
}

const realTimer: RepeatEvery = (run, intervalMs) => {
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};

/** Writes a backup on its interval and keeps BACKUP_KEEP of them; a failure is logged and the shop goes on. */
const backupSchedule: FastifyPluginAsync<BackupScheduleOptions> = async (app, options) => {
  if (options.intervalMs <= 0) return;
  const backupOnce = async () => {
    try {
      const written = await options.backups.write("scheduled");
      app.log.info({ file: written.file, bytes: written.bytes }, "scheduled backup written");
      const removed = await options.backups.prune();
      if (removed.length > 0) app.log.info({ removed }, "older scheduled backups and crash leftovers deleted");
    } catch (error) {
      app.log.error({ err: error }, "scheduled backup failed; the shop goes on and tries again next time");
    }
  };
  let stop: (() => void) | undefined;
  let running: Promise<void> = Promise.resolve();
  app.addHook("onReady", async () => {
    stop = (options.every ?? realTimer)(() => (running = backupOnce()), options.intervalMs);
  });
  // A backup under way finishes before the database closes.
  app.addHook("onClose", async () => {
    stop?.();
    await running;
  });
};

export default fastifyPlugin(backupSchedule, { name: "backup-schedule", fastify: "5.x" });

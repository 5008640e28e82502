import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { releaseExpiredSessions } from "../checkout/sessions.ts";
import type { Database } from "../db/connection.ts";

export interface ExpirySweeperOptions {
  db: Database;
  now: () => Date;
  /** How often to look; 0 turns the sweeper off. */
  intervalMs: number;
  onStockChange: () => void;
}

/** Expired reservations go back to stock even when nobody visits their checkout. */
const expirySweeper: FastifyPluginAsync<ExpirySweeperOptions> = async (app, options) => {
  if (options.intervalMs <= 0) return;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    sweep = setInterval(() => {
      releaseExpiredSessions(options.db, options.now()).then(
        (expired) => {
          if (expired === 0) return;
          options.onStockChange();
          app.log.info({ expired }, "released expired checkout sessions");
        },
        (error: unknown) => app.log.error({ err: error }, "releasing expired sessions failed"),
      );
    }, options.intervalMs);
    sweep.unref();
  });
  app.addHook("onClose", async () => clearInterval(sweep));
};

export default fastifyPlugin(expirySweeper, { name: "expiry-sweeper", fastify: "5.x" });

import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";

/** What one sweep gave back: checkouts whose hold ended, and cash-on-delivery orders never confirmed. */
export interface SweepReport {
  expiredCheckouts: number;
  unconfirmedOrders: number;
  /** Checkout reminders written to the outbox. */
  reminders: number;
  /** Review requests written to the outbox. */
  reviewRequests: number;
}

export interface ExpirySweeperOptions {
  /** One sweep (checkout/sessions.ts and orders/unconfirmed-orders.ts do the work). */
  sweep: () => Promise<SweepReport>;
  /** How often to look; 0 turns the sweeper off. */
  intervalMs: number;
}

/** Expired reservations and orders never confirmed go back to stock even when nobody visits them. */
const expirySweeper: FastifyPluginAsync<ExpirySweeperOptions> = async (app, options) => {
  if (options.intervalMs <= 0) return;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    sweep = setInterval(() => {
      options.sweep().then(
        (report) => {
          if (Object.values(report).some((count) => count > 0))
            app.log.info(report, "released expired holds and sent due reminders");
        },
        (error: unknown) => app.log.error({ err: error }, "releasing expired holds failed"),
      );
    }, options.intervalMs);
    sweep.unref();
  });
  app.addHook("onClose", async () => clearInterval(sweep));
};

export default fastifyPlugin(expirySweeper, { name: "expiry-sweeper", fastify: "5.x" });

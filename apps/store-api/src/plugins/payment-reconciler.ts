import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { ReconcileReport } from "../payments/reconcile.ts";

export interface PaymentReconcilerOptions {
  /** One pass: every open payment and every unsent refund with `everyPending`, else those that are due. */
  pass: (everyPending: boolean) => Promise<ReconcileReport>;
  /** How often to look for payments to ask about; 0 turns the job off. */
  intervalMs: number;
}

/**
 * Runs payment reconciliation in this process, like the expiry sweeper: once at start-up over every
 * open payment (webhooks may have been lost while no copy was running) and every refund a stopped
 * process left unsent, then every interval over the ones that are due. Passes never overlap.
 */
const paymentReconciler: FastifyPluginAsync<PaymentReconcilerOptions> = async (app, options) => {
  if (options.intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const pass = (everyPending: boolean) => {
    if (running !== undefined) return;
    running = options
      .pass(everyPending)
      .then(
        (report) => {
          if (report.checked > 0 || report.refunded > 0 || (report.resumed ?? 0) > 0) {
            app.log.info(report, "reconciled provider payments");
          }
        },
        (error: unknown) => app.log.error({ err: error }, "reconciling provider payments failed"),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onReady", async () => {
    pass(true);
    timer = setInterval(() => pass(false), options.intervalMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
};

export default fastifyPlugin(paymentReconciler, { name: "payment-reconciler", fastify: "5.x" });

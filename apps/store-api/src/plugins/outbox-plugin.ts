import { PGlite } from "@electric-sql/pglite";
import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { StoreApiConfig } from "../config.ts";
import type { Database } from "../db/connection.ts";
import type { MailSettings } from "../email/compose.ts";
import { createEmailTransport } from "../email/create-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "../email/outbox-worker.ts";
import type { EmailTransport } from "../email/transport.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Asks the outbox worker to deliver soon: call it after a transaction that wrote outbox rows commits. */
    kickOutbox(): void;
  }
}

export type EmailConfig = Pick<StoreApiConfig, "mailFrom" | "messageIdDomain" | "shopEmail" | "smtpUrl" | "outboxDir">;

export interface OutboxWorkerPluginOptions {
  db: Database;
  config: EmailConfig;
  now?: () => Date;
  /** Replaces the transport the settings name (SMTP_URL or OUTBOX_DIR), e.g. in tests. */
  transport?: EmailTransport;
  /** How often the worker looks for due emails; default 5 s. */
  pollMs?: number;
  /** Whether this is the only process using the database; default: true for embedded PGlite. */
  singleCopy?: boolean;
  /** On close, how long a message being sent may take before it is aborted and its claim given back. */
  stopGraceMs?: number;
}

/** How long closing the app lets the email in hand finish sending (a slow SMTP server is aborted after it). */
export const outboxStopGraceMs = 5_000;

/** An embedded PGlite database lives in one process, so no other API copy can hold claims on its outbox. */
export function isEmbeddedDatabase(db: Database): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

export function mailSettings(config: EmailConfig): MailSettings {
  return { from: config.mailFrom, messageIdDomain: config.messageIdDomain, shopEmail: config.shopEmail };
}

/**
 * Delivers the email outbox while the app runs: starts on ready; on close it stops while requests drain,
 * finishing the message in hand within stopGraceMs and giving back every claim it did not complete.
 */
const outboxWorker: FastifyPluginAsync<OutboxWorkerPluginOptions> = async (app, options) => {
  let worker: OutboxWorker | undefined;
  let transport: EmailTransport | undefined;
  let stopped: Promise<void> | undefined;
  app.decorate("kickOutbox", () => worker?.kick());
  app.addHook("onReady", async () => {
    transport = options.transport ?? createEmailTransport(options.config);
    worker = startOutboxWorker({
      db: options.db,
      transport,
      mail: mailSettings(options.config),
      log: app.log,
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
      reclaimAtStart: options.singleCopy ?? isEmbeddedDatabase(options.db),
    });
    app.log.info({ transport: transport.description }, "email outbox worker started");
  });
  // preClose runs before the server waits for requests in flight, so the two bounds overlap.
  app.addHook("preClose", async () => {
    stopped = worker?.stop(options.stopGraceMs ?? outboxStopGraceMs);
  });
  app.addHook("onClose", async () => {
    await (stopped ?? worker?.stop(options.stopGraceMs ?? outboxStopGraceMs));
    await transport?.close();
  });
};

export default fastifyPlugin(outboxWorker, { name: "outbox-worker", fastify: "5.x" });

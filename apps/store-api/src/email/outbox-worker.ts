import type { Database } from "../db/connection.ts";
import { composeEmail, type MailSettings } from "./compose.ts";
import { EmailDataError } from "./outbox-data.ts";
import {
  claimDueEmails,
  markAttemptFailed,
  markSent,
  reclaimAll,
  releaseClaims,
  type OutboxRow,
} from "./outbox-store.ts";
import { describeError, maskEmail } from "./privacy.ts";
import { maxSendAttempts, retryDelayMs } from "./retry-schedule.ts";
import type { EmailTransport } from "./transport.ts";

/** The logger calls the worker makes (Fastify's logger fits); details never hold bodies or full addresses. */
export interface OutboxLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface OutboxDeliveryOptions {
  db: Database;
  transport: EmailTransport;
  mail: MailSettings;
  log: OutboxLog;
  /** Rows claimed at a time. */
  batchSize?: number;
  /** How long a claim keeps other copies off a row; a crashed copy's rows are retried after it. */
  leaseMs?: number;
  /** A send taking longer fails (and is retried); kept well under leaseMs so a claim never runs out mid-send. */
  sendTimeoutMs?: number;
  maxAttempts?: number;
}

export const outboxDefaults = {
  pollMs: 5_000,
  batchSize: 10,
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 2 * 60_000,
};

export interface DeliveryTally {
  sent: number;
  /** Failed attempts that will be retried. */
  retrying: number;
  /** Rows given up ('failed'). */
  failed: number;
}

/** An error retrying cannot cure: a row that makes no message, or a server refusing every recipient for good (5xx). */
function isPermanent(error: unknown): boolean {
  if (error instanceof EmailDataError) return true;
  const details = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  return details.code === "EENVELOPE" && typeof details.responseCode === "number" && details.responseCode >= 500;
}

/** Rejects when `signal` aborts, even if the work ignores it. */
function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(Object.assign(new Error("Sending timed out"), { code: "ETIMEDOUT" }));
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

function settingsOf(options: OutboxDeliveryOptions) {
  const settings = {
    batchSize: options.batchSize ?? outboxDefaults.batchSize,
    leaseMs: options.leaseMs ?? outboxDefaults.leaseMs,
    sendTimeoutMs: options.sendTimeoutMs ?? outboxDefaults.sendTimeoutMs,
    maxAttempts: options.maxAttempts ?? maxSendAttempts,
  };
  if (!Number.isInteger(settings.batchSize) || settings.batchSize < 1)
    throw new RangeError("batchSize must be a positive integer");
  if (!(settings.sendTimeoutMs > 0 && settings.sendTimeoutMs < settings.leaseMs)) {
    throw new RangeError("sendTimeoutMs must be positive and shorter than leaseMs");
  }
  if (!Number.isInteger(settings.maxAttempts) || settings.maxAttempts < 1)
    throw new RangeError("maxAttempts must be a positive integer");
  return settings;
}

async function deliverClaimed(
  options: OutboxDeliveryOptions,
  settings: ReturnType<typeof settingsOf>,
  row: OutboxRow,
  now: () => Date,
  tally: DeliveryTally,
  interrupt: AbortSignal | undefined,
): Promise<void> {
  const { db, log } = options;
  const about = { email: row.id, kind: row.kind, to: maskEmail(row.recipient), attempt: row.attempts };
  try {
    const message = composeEmail(row, options.mail);
    const timeout = AbortSignal.timeout(settings.sendTimeoutMs);
    const signal = interrupt === undefined ? timeout : AbortSignal.any([timeout, interrupt]);
    await withDeadline(options.transport.deliver({ id: row.id, createdAt: row.createdAt, message }, signal), signal);
  } catch (error) {
    if (interrupt?.aborted === true) {
      // Stopping: the claim goes back, due at once, as if this attempt never started.
      await releaseClaims(db, [row], now());
      log.warn(about, "email interrupted by shutdown; released for the next run");
      return;
    }
    const reason = describeError(error);
    const giveUp = isPermanent(error) || row.attempts >= settings.maxAttempts;
    const at = now();
    const retryAt = giveUp ? null : new Date(at.getTime() + retryDelayMs(row.attempts));
    await markAttemptFailed(db, row, reason, retryAt, at);
    if (giveUp) {
      tally.failed += 1;
      log.error({ ...about, error: reason }, "email given up");
    } else {
      tally.retrying += 1;
      log.warn({ ...about, error: reason, retryAt: retryAt?.toISOString() }, "email not sent; will retry");
    }
    return;
  }
  tally.sent += 1;
  if (await markSent(db, row, now())) log.info(about, "email sent");
  else log.warn(about, "email sent after its claim ran out; another copy may send it too");
}

/**
 * One pass: claims due rows batch by batch and delivers them until none is due (or `shouldStop` says so,
 * when the rows claimed but not tried are given back). `interrupt` aborts the message in hand, whose
 * claim is then given back too.
 */
export async function deliverDueEmails(
  options: OutboxDeliveryOptions,
  now: () => Date,
  shouldStop: () => boolean = () => false,
  interrupt?: AbortSignal,
): Promise<DeliveryTally> {
  const settings = settingsOf(options);
  const tally: DeliveryTally = { sent: 0, retrying: 0, failed: 0 };
  while (!shouldStop()) {
    const claimed = await claimDueEmails(options.db, now(), settings.batchSize, settings.leaseMs);
    for (const [index, row] of claimed.entries()) {
      if (shouldStop()) {
        await releaseClaims(options.db, claimed.slice(index), now());
        return tally;
      }
      await deliverClaimed(options, settings, row, now, tally, interrupt);
    }
    if (claimed.length < settings.batchSize) break;
  }
  return tally;
}

export interface OutboxWorkerOptions extends OutboxDeliveryOptions {
  now?: () => Date;
  /** How often to look for due rows (another copy's, a crashed run's, retries); default 5 s. */
  pollMs?: number;
  /**
   * Only when this is the one process using the database (embedded PGlite): at start, claims left by a
   * crashed run are taken back at once instead of after their lease, and waiting retries are tried too.
   */
  reclaimAtStart?: boolean;
}

export interface OutboxWorker {
  /** Runs a pass soon (after an order commits); passes never overlap, a kick during one runs another. */
  kick(): void;
  /** Resolves when no pass is running or asked for (tests use it). */
  idle(): Promise<void>;
  /**
   * No new pass; waits for the running one, which stops after the message in hand and gives back the
   * rows it claimed but did not try. With `graceMs`, a message still sending after it is aborted and its
   * claim given back as well, so the next run (or another copy) sends it at once.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Delivers the outbox in the background: at start, on kick(), and every pollMs. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  settingsOf(options);
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? outboxDefaults.pollMs;
  let stopping = false;
  const interrupt = new AbortController();
  let again = false;
  let reclaim = options.reclaimAtStart ?? false;
  let running: Promise<void> | undefined;

  const pass = async () => {
    do {
      again = false;
      try {
        if (reclaim) {
          const resumed = await reclaimAll(options.db, now());
          reclaim = false;
          if (resumed > 0) options.log.info({ emails: resumed }, "emails left pending by the previous run resumed");
        }
        await deliverDueEmails(options, now, () => stopping, interrupt.signal);
      } catch (error) {
        options.log.error({ error: describeError(error) }, "outbox pass failed; the next one retries");
      }
    } while (again && !stopping);
  };

  const kick = () => {
    if (stopping) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(pass).finally(() => {
      running = undefined;
      if (again) kick();
    });
  };

  const timer = setInterval(kick, pollMs);
  timer.unref();
  kick();

  return {
    kick,
    async idle() {
      while (running !== undefined) await running;
    },
    async stop(graceMs) {
      stopping = true;
      clearInterval(timer);
      const deadline = graceMs === undefined ? undefined : setTimeout(() => interrupt.abort(), graceMs);
      try {
        while (running !== undefined) await running;
      } finally {
        clearTimeout(deadline);
      }
    },
  };
}

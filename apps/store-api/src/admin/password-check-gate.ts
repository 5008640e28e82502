/**
 * Bounds the password checks one process runs at once: each scrypt check takes 128 MiB and a core of
 * libuv's pool for about 0.4 s, so a flood of sign-ins must not take the memory and the cores shoppers'
 * requests need. A few checks run, a few more wait their turn, and beyond that a sign-in is refused at
 * once, before any hashing or database work.
 */
export interface PasswordCheckLimits {
  /** Checks running at once (SIGN_IN_CONCURRENCY). */
  concurrent: number;
  /** Checks waiting for a free slot; more are refused. */
  queue: number;
}

export const defaultPasswordCheckLimits: PasswordCheckLimits = { concurrent: 2, queue: 4 };

/** What a refused sign-in tells the client to wait: about the time the queue takes to drain. */
export const passwordChecksBusyRetryAfterSeconds = 2;

export class PasswordCheckGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: PasswordCheckLimits) {
    if (!Number.isInteger(limits.concurrent) || limits.concurrent < 1) {
      throw new Error("At least one password check must be allowed at a time.");
    }
  }

  /** Checks running now, and checks waiting for a slot. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `check` in a free slot, or once one frees up; answers undefined at once, without running it, when
   * every slot and every place in the queue is taken.
   */
  run<T>(check: () => Promise<T>): Promise<T> | undefined {
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return this.inSlot(check);
    }
    if (this.waiting.length >= this.limits.queue) return undefined;
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.inSlot(check));
  }

  private async inSlot<T>(check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } finally {
      // The slot passes straight to the next waiting check, so a newcomer cannot overtake the queue.
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next();
    }
  }
}

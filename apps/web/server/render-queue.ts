/** Thrown when every render slot and queue place is taken: the server answers 503 instead of piling up. */
export class RenderQueueFullError extends Error {
  constructor() {
    super("Too many pages are being rendered; try again shortly");
    this.name = "RenderQueueFullError";
  }
}

/**
 * Caps the server renders that run at once and the ones that may wait for a slot. Beyond that a render is
 * refused at once, so an attacker's uncacheable requests cannot delay prerendered pages and cached answers,
 * which never enter this queue. While `underPressure()` says the event loop is saturated, one render runs
 * at a time: renders waiting on the store cost nothing and may overlap, CPU-bound ones then take turns with
 * every other request instead of holding the loop together.
 */
export class RenderQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLength: number,
    private readonly underPressure: () => boolean = () => false,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("concurrency must be at least 1");
    if (!Number.isInteger(queueLength) || queueLength < 0) throw new Error("queueLength must be 0 or more");
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Renders allowed to run at this moment. */
  get limit(): number {
    return this.underPressure() ? 1 : this.concurrency;
  }

  /** Whether a render asked for now would have to wait (or be refused). */
  get busy(): boolean {
    return this.active >= this.limit;
  }

  /** Runs the task in a free slot, or after a wait in the queue; a full queue rejects at once. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.busy) {
      if (this.waiting.length >= this.queueLength) throw new RenderQueueFullError();
      // Started (and counted as active) by a finishing task, in order.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      this.active -= 1;
      // Never strands a waiter: with none active, the limit (at least 1) always admits the next one.
      while (this.waiting.length > 0 && this.active < this.limit) {
        this.active += 1;
        this.waiting.shift()?.();
      }
    }
  }
}

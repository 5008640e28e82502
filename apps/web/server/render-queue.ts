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
 * which never enter this queue.
 */
export class RenderQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLength: number,
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

  /** Whether a render asked for now would have to wait (or be refused). */
  get busy(): boolean {
    return this.active >= this.concurrency;
  }

  /** Runs the task in a free slot, or after a wait in the queue; a full queue rejects at once. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queueLength) throw new RenderQueueFullError();
      // Resolved by the task that hands its slot over, so `active` does not change.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (next === undefined) this.active -= 1;
      else next();
    }
  }
}

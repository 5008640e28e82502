/**
 * Fixed-window request counting per client: at most `max` requests per `windowMs`. Memory stays bounded:
 * windows that ended are dropped as new ones begin.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Counts one request; returns the seconds to wait when the client is over its limit, else null. */
  take(client: string): number | null {
    const now = this.clock();
    if (this.windows.size > 10_000) {
      for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    }
    let window = this.windows.get(client);
    if (window === undefined || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(client, window);
    }
    window.count += 1;
    return window.count > this.max ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : null;
  }
}

import { performance } from "node:perf_hooks";

/** The share of time the event loop spent running code since the previous call (0 to 1). */
export function loopUtilizationSampler(): () => number {
  let previous = performance.eventLoopUtilization();
  return () => {
    const since = performance.eventLoopUtilization(previous);
    previous = performance.eventLoopUtilization();
    return since.utilization;
  };
}

/**
 * Whether the event loop was busy nearly all of the last sampling interval: the server is then CPU-bound,
 * and more renders at once would only make every answer wait longer.
 */
export class EventLoopPressure {
  private saturatedNow = false;

  constructor(
    private readonly threshold = 0.9,
    private readonly sampleUtilization: () => number = loopUtilizationSampler(),
  ) {}

  get saturated(): boolean {
    return this.saturatedNow;
  }

  update(): void {
    this.saturatedNow = this.sampleUtilization() >= this.threshold;
  }

  /** Samples every `intervalMs` until the returned function is called; the timer never keeps Node alive. */
  watch(intervalMs = 250): () => void {
    const timer = setInterval(() => this.update(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

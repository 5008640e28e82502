/**
 * Runs `work` in the browser's next idle moment (at most `timeoutMs` later), or after `fallbackMs` where the
 * browser cannot say when it is idle. Answers a function that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs: number, fallbackMs = 0): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const idle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(timer);
}

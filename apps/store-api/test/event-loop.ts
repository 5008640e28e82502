import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The longest the event loop was held while `work` ran, in milliseconds, by the loop's own delay monitor
 * (a timer every 10 ms, and how late each one fired). With the store API in this process, a request that
 * runs long without yielding shows here.
 */
async function holdMs(work: () => Promise<void>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    await sleep(20);
    await work();
    await sleep(20);
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

/**
 * How long `work` holds the event loop each time it runs: the least of `runs` measures, after one run that
 * warms the code up (the first use of a parser compiles it once per process). Work that blocks holds the
 * loop as long on every run; a busy machine only delays some of them, so the least is the work's own.
 */
export async function longestEventLoopHoldMs(work: () => Promise<void>, runs = 3): Promise<number> {
  await work();
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) least = Math.min(least, await holdMs(work));
  return least;
}

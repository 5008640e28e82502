/**
 * How often a new checkout sweeps expired checkouts before taking stock. Sweeping is a transaction of its
 * own; done before every checkout it was a third of a checkout's statements, though a busy shop finds
 * nothing new to release from one checkout to the next. A checkout that finds too little stock sweeps
 * anyway and tries once more, so a hold that has just ended never turns a shopper away, and the background
 * sweeper still releases what nobody asks for.
 */
export const checkoutSweepEveryMs = 1_000;

/**
 * Runs `sweep` when `everyMs` of the shop's clock have passed since it last ran, or when forced; otherwise
 * answers 0 (nothing released). A clock set back (tests, a corrected server clock) sweeps at once.
 */
export function throttledSweep(
  sweep: (now: Date) => Promise<number>,
  everyMs: number,
): (now: Date, options?: { force?: boolean }) => Promise<number> {
  let last: number | undefined;
  return async (now, options) => {
    const at = now.getTime();
    const due = last === undefined || options?.force === true || at - last >= everyMs || at < last;
    if (!due) return 0;
    last = at;
    return sweep(now);
  };
}

/** Attempts after which an email is given up ('failed'); about 44 hours after the first one. */
export const maxSendAttempts = 8;

const minute = 60_000;
const hour = 60 * minute;
/** Wait after the 1st, 2nd, … failed attempt; the last entry repeats. */
const delays = [30_000, 2 * minute, 10 * minute, hour, 6 * hour, 12 * hour, 24 * hour];

/** How long to wait before the next attempt, after `failedAttempts` (1 or more) have failed. */
export function retryDelayMs(failedAttempts: number): number {
  const index = Math.min(Math.max(Math.trunc(failedAttempts), 1), delays.length) - 1;
  return delays[index] ?? 24 * hour;
}

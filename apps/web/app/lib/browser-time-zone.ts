/** The part of the Temporal API the time zone is read through, where the browser has it. */
export interface TemporalScope {
  Temporal?: { Now?: { timeZoneId?: () => string } };
}

/**
 * The browser's time zone, or undefined when it cannot say. Temporal answers at once; Intl has to build a date
 * formatter first, which loads ICU's locale data: 40–60 ms of main thread on a desktop in Chromium, several times
 * that on a cheap phone. So Intl is only the fallback, for browsers without Temporal.
 */
export function browserTimeZone(scope: TemporalScope = globalThis as TemporalScope): string | undefined {
  try {
    const timeZoneId = scope.Temporal?.Now?.timeZoneId;
    return typeof timeZoneId === "function" ? timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // A browser that cannot say suggests no market; the page goes on.
  }
  return undefined;
}

import { shopTimeZone } from "@herbo/hosted-api/admin";

/** Days as the shop counts them: the back office's "today", date filters and export ranges are Kathmandu days. */
export { shopTimeZone };

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  const match = dayPattern.exec(value);
  if (match === null) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD) begins in the zone. */
export function dayStart(day: string, timeZone = shopTimeZone): Date {
  if (!isDay(day)) throw new RangeError(`Not a day: ${day}`);
  const [year, month, date] = day.split("-").map(Number);
  const midnightUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1);
  // Twice: the offset at the first guess may differ from the offset at the real instant (a clock change).
  const first = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(first, timeZone));
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayOf(instant: Date, timeZone = shopTimeZone): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start.toISOString().slice(0, 10);
}

/** The half-open range [start, end) covering the days `from` to `to`, both included, in the zone. */
export function dayRange(from: string, to: string, timeZone = shopTimeZone): { start: Date; end: Date } {
  return { start: dayStart(from, timeZone), end: dayStart(addDays(to, 1), timeZone) };
}

/** An instant as the shop's wall clock shows it, "2026-03-01 15:45", for exports. */
export function shopDateTime(instant: Date, timeZone = shopTimeZone): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

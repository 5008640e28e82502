/**
 * Per time zone, one formatter (building an Intl.DateTimeFormat costs more than a page's other date work)
 * and the year of the last minute asked about: every render asks for the year, and formatting a date in a
 * time zone was still about 1 % of a render. Every zone's offset today is whole minutes, so a year always
 * turns at the start of a minute and one answer holds for the whole minute.
 */
const yearClocks = new Map<string, { format: Intl.DateTimeFormat; minute: number; year: number }>();

/** The year a moment falls in, on the shop's calendar (its time zone, not the server's or the shopper's). */
export function yearIn(timeZone: string, moment: Date): number {
  let clock = yearClocks.get(timeZone);
  if (clock === undefined) {
    clock = { format: new Intl.DateTimeFormat("en", { year: "numeric", timeZone }), minute: Number.NaN, year: 0 };
    yearClocks.set(timeZone, clock);
  }
  const minute = Math.floor(moment.getTime() / 60_000);
  if (minute !== clock.minute) {
    clock.year = Number(clock.format.format(moment));
    clock.minute = minute;
  }
  return clock.year;
}

/** The last day of a year as an ISO date: offers stay valid to the end of the year they are shown in. */
export function endOfYear(year: number): string {
  return `${year}-12-31`;
}

/** The years of a © line: '2025' in the first year, '2025–2027' later. */
export function copyrightYears(firstYear: number, currentYear: number): string {
  return currentYear > firstYear ? `${firstYear}–${currentYear}` : String(firstYear);
}

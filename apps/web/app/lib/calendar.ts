/** One formatter per time zone: building an Intl.DateTimeFormat costs more than a page's other date work. */
const yearFormats = new Map<string, Intl.DateTimeFormat>();

/** The year a moment falls in, on the shop's calendar (its time zone, not the server's or the shopper's). */
export function yearIn(timeZone: string, moment: Date): number {
  let format = yearFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en", { year: "numeric", timeZone });
    yearFormats.set(timeZone, format);
  }
  return Number(format.format(moment));
}

/** The last day of a year as an ISO date: offers stay valid to the end of the year they are shown in. */
export function endOfYear(year: number): string {
  return `${year}-12-31`;
}

/** The years of a © line: '2025' in the first year, '2025–2027' later. */
export function copyrightYears(firstYear: number, currentYear: number): string {
  return currentYear > firstYear ? `${firstYear}–${currentYear}` : String(firstYear);
}

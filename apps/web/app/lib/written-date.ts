/**
 * Dates as the shop writes them: the day a moment falls on in the shop's time zone, and a day in a sentence.
 * Apart from the calendar (which every page loads for the footer's year), so only the pages that write a date
 * carry these.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day a moment falls on, on a calendar kept in this time zone, as an ISO date (YYYY-MM-DD). */
export function dayIn(timeZone: string, moment: Date): string {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", timeZone });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

let writtenFormat: Intl.DateTimeFormat | undefined;

/**
 * An ISO date as the shop writes it in a sentence: "2026-11-02" → "2 November 2026". The same on the server and
 * in every browser, since the date has no time of day to move it.
 */
export function writtenDate(isoDate: string): string {
  writtenFormat ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
  return writtenFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

import { shopTimeZone } from "@herbo/hosted-api/admin";

/**
 * Times on the shopper's pages: in the time zone their browser reported at checkout, always with the zone
 * named ("18:00 Nepal Time"), so a shopper abroad never has to guess whose clock it is. A zone this server's
 * Intl does not know (a browser newer than its time-zone data, or a forged value) falls back to the shop's.
 */

/** The zone as given when Intl knows it (kept as named: ICU would rename Asia/Kathmandu), else undefined. */
export function knownTimeZone(zone: string | null | undefined): string | undefined {
  if (zone === null || zone === undefined || zone === "") return undefined;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The zone a shopper's times are shown in: theirs when known, else the shop's. */
export function shopperTimeZone(zone: string | null | undefined): string {
  return knownTimeZone(zone) ?? shopTimeZone;
}

function format(date: Date, zone: string | null | undefined, options: Intl.DateTimeFormatOptions): string {
  // "long" names the zone in words (Eastern Standard Time); "short" would often say only GMT-5.
  return new Intl.DateTimeFormat("en-GB", {
    ...options,
    timeZone: shopperTimeZone(zone),
    timeZoneName: "long",
  }).format(date);
}

/** "18:00 Nepal Time": a time later today, such as when a reservation ends. */
export function timeText(date: Date, zone: string | null | undefined): string {
  return format(date, zone, { hour: "2-digit", minute: "2-digit" });
}

/** "15 January 2026 at 18:00 Nepal Time": when something happened. */
export function dateTimeText(date: Date, zone: string | null | undefined): string {
  return format(date, zone, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** "15 January 2026": the day something happened, in the shopper's zone. */
export function dayText(date: Date, zone: string | null | undefined): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: shopperTimeZone(zone) }).format(date);
}

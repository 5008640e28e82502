import { shopTimeZone } from "@herbo/hosted-api/admin";

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: shopTimeZone,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An ISO instant as the shop's clock shows it: "1 Mar 2026, 15:45". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The shop's day (YYYY-MM-DD) `daysBack` days before the instant. */
export function shopDay(now: Date, daysBack = 0): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: shopTimeZone }).format(now);
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysBack);
  return date.toISOString().slice(0, 10);
}

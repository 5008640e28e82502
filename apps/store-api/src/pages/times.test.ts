import { describe, expect, it } from "vitest";
import { dateTimeText, dayText, knownTimeZone, shopperTimeZone, timeText } from "./times.ts";

// 12:15 UTC on a winter day: Toronto is on standard time, Kathmandu 5 h 45 min ahead.
const moment = new Date("2026-01-15T12:15:00Z");

describe("the shopper's time zone", () => {
  it.each(["America/Toronto", "Asia/Kathmandu", "Europe/London", "UTC"])("keeps %s, a zone Intl knows", (zone) => {
    expect(knownTimeZone(zone)).toBe(zone);
    expect(shopperTimeZone(zone)).toBe(zone);
  });

  it.each([
    ["nothing", undefined],
    ["null", null],
    ["an empty string", ""],
    ["an invented zone", "Mars/Olympus"],
    ["markup", "<script>"],
  ])("falls back to the shop's zone for %s", (_what, zone) => {
    expect(knownTimeZone(zone)).toBeUndefined();
    expect(shopperTimeZone(zone)).toBe("Asia/Kathmandu");
  });
});

describe("times shown to a shopper", () => {
  it("names the zone in words, in the shopper's zone", () => {
    expect(timeText(moment, "America/Toronto")).toBe("07:15 Eastern Standard Time");
    expect(timeText(moment, "Asia/Kathmandu")).toBe("18:00 Nepal Time");
    expect(dateTimeText(moment, "America/Toronto")).toBe("15 January 2026 at 07:15 Eastern Standard Time");
  });

  it("uses the shop's zone, named, when the shopper's is unknown", () => {
    expect(timeText(moment, null)).toBe("18:00 Nepal Time");
    expect(dateTimeText(moment, "Mars/Olympus")).toBe("15 January 2026 at 18:00 Nepal Time");
  });

  it("counts the day in the shopper's zone", () => {
    const lateInToronto = new Date("2026-01-16T02:00:00Z");
    expect(dayText(lateInToronto, "America/Toronto")).toBe("15 January 2026");
    expect(dayText(lateInToronto, "Asia/Kathmandu")).toBe("16 January 2026");
  });
});

import { describe, expect, it } from "vitest";
import { addDays, dayOf, dayRange, dayStart, isDay, shopDateTime } from "./shop-time.ts";

describe("the shop's days (Asia/Kathmandu, UTC+5:45)", () => {
  it("starts a Kathmandu day at 18:15 UTC the evening before", () => {
    expect(dayStart("2026-03-01").toISOString()).toBe("2026-02-28T18:15:00.000Z");
    expect(dayStart("2026-01-01").toISOString()).toBe("2025-12-31T18:15:00.000Z");
  });

  it("puts an instant on the day Kathmandu's clock shows", () => {
    expect(dayOf(new Date("2026-02-28T18:14:59Z"))).toBe("2026-02-28");
    expect(dayOf(new Date("2026-02-28T18:15:00Z"))).toBe("2026-03-01");
    expect(shopDateTime(new Date("2026-02-28T18:15:00Z"))).toBe("2026-03-01 00:00");
  });

  it("covers whole days from the first to the last, both included", () => {
    const { start, end } = dayRange("2026-03-01", "2026-03-07");
    expect(start.toISOString()).toBe("2026-02-28T18:15:00.000Z");
    expect(end.toISOString()).toBe("2026-03-07T18:15:00.000Z");
  });

  it("follows clock changes in zones that have them", () => {
    // London moved to summer time on 2026-03-29: that day starts at 00:00 GMT, the next at 23:00 UTC.
    expect(dayStart("2026-03-29", "Europe/London").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(dayStart("2026-03-30", "Europe/London").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(dayStart("2026-07-01", "America/New_York").toISOString()).toBe("2026-07-01T04:00:00.000Z");
  });

  it("counts days across month and year ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("accepts only real calendar days", () => {
    expect(isDay("2026-03-01")).toBe(true);
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("2026-3-1")).toBe(false);
    expect(isDay("2026-03-01T00:00")).toBe(false);
    expect(() => dayStart("yesterday")).toThrow(RangeError);
  });
});

import { describe, expect, it, vi } from "vitest";
import { copyrightYears, endOfYear, yearIn } from "./calendar";

describe("the shop's calendar", () => {
  it("counts the year in the shop's time zone", () => {
    // 18:30 UTC on New Year's Eve is already 00:15 on 1 January in Kathmandu (UTC+5:45).
    const moment = new Date("2026-12-31T18:30:00Z");
    expect(yearIn("Asia/Kathmandu", moment)).toBe(2027);
    expect(yearIn("UTC", moment)).toBe(2026);
  });

  it("builds one formatter per time zone, not one per call (every render asks for the year)", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      const moment = new Date("2026-06-01T00:00:00Z");
      yearIn("Pacific/Auckland", moment);
      yearIn("Pacific/Auckland", moment);
      expect(yearIn("Pacific/Auckland", moment)).toBe(2026);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });

  it("turns the year at the zone's midnight, whichever minute was asked about before", () => {
    // Kathmandu's new year starts at 18:15 UTC (UTC+5:45).
    const before = new Date("2026-12-31T18:14:59.999Z");
    const after = new Date("2026-12-31T18:15:00.000Z");
    expect(yearIn("Asia/Kathmandu", before)).toBe(2026);
    expect(yearIn("Asia/Kathmandu", after)).toBe(2027);
    expect(yearIn("Asia/Kathmandu", before)).toBe(2026);
    expect(yearIn("Asia/Kathmandu", new Date("2026-12-31T18:14:00.000Z"))).toBe(2026);
    expect(yearIn("Asia/Kathmandu", new Date("2026-12-31T18:15:59.999Z"))).toBe(2027);
    expect(() => yearIn("Asia/Kathmandu", new Date(Number.NaN))).toThrow(RangeError);
  });

  it("formats a date once per minute asked about, not once per call", () => {
    const RealFormat = Intl.DateTimeFormat;
    let formatted = 0;
    // A zone no other test asks about, so its formatter is made (and counted) here.
    const made = vi.spyOn(Intl, "DateTimeFormat").mockImplementation((locales, options) => {
      const real = new RealFormat(locales, options);
      const counting: Pick<Intl.DateTimeFormat, "format"> = {
        format: (date?: Date | number) => {
          formatted += 1;
          return real.format(date);
        },
      };
      return counting as Intl.DateTimeFormat;
    });
    try {
      yearIn("America/Toronto", new Date("2026-06-01T10:00:05Z"));
      yearIn("America/Toronto", new Date("2026-06-01T10:00:59Z"));
      expect(yearIn("America/Toronto", new Date("2026-06-01T10:00:30Z"))).toBe(2026);
      expect(formatted).toBe(1);
      expect(yearIn("America/Toronto", new Date("2026-06-01T10:01:00Z"))).toBe(2026);
      expect(formatted).toBe(2);
    } finally {
      made.mockRestore();
    }
  });

  it("keeps offers valid to the end of the current year", () => {
    expect(endOfYear(2026)).toBe("2026-12-31");
  });

  it("shows the first year alone, then a range to the current year", () => {
    expect(copyrightYears(2025, 2025)).toBe("2025");
    expect(copyrightYears(2025, 2026)).toBe("2025–2026");
    expect(copyrightYears(2025, 2031)).toBe("2025–2031");
  });
});

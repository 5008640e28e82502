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

  it("keeps offers valid to the end of the current year", () => {
    expect(endOfYear(2026)).toBe("2026-12-31");
  });

  it("shows the first year alone, then a range to the current year", () => {
    expect(copyrightYears(2025, 2025)).toBe("2025");
    expect(copyrightYears(2025, 2026)).toBe("2025–2026");
    expect(copyrightYears(2025, 2031)).toBe("2025–2031");
  });
});

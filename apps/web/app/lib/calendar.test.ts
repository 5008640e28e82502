import { describe, expect, it } from "vitest";
import { copyrightYears, endOfYear, yearIn } from "./calendar";

describe("the shop's calendar", () => {
  it("counts the year in the shop's time zone", () => {
    // 18:30 UTC on New Year's Eve is already 00:15 on 1 January in Kathmandu (UTC+5:45).
    const moment = new Date("2026-12-31T18:30:00Z");
    expect(yearIn("Asia/Kathmandu", moment)).toBe(2027);
    expect(yearIn("UTC", moment)).toBe(2026);
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

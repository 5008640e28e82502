import { describe, expect, it } from "vitest";
import { dayIn, writtenDate } from "./written-date";

describe("dates as the shop writes them", () => {
  it("names the day a moment falls on in the shop's time zone", () => {
    const moment = new Date("2026-11-02T20:00:00Z");
    expect(dayIn("Asia/Kathmandu", moment)).toBe("2026-11-03");
    expect(dayIn("UTC", moment)).toBe("2026-11-02");
    expect(dayIn("Asia/Kathmandu", new Date("2027-01-01T00:00:00Z"))).toBe("2027-01-01");
  });

  it("writes a date as the shop writes it in a sentence, whatever the server's time zone", () => {
    expect(writtenDate("2026-11-02")).toBe("2 November 2026");
    expect(writtenDate("2027-01-01")).toBe("1 January 2027");
  });
});

import { describe, expect, it } from "vitest";
import { formatDateTime, shopDay } from "./dates.ts";

describe("dates in the shop's time zone", () => {
  it("shows instants on Kathmandu's clock", () => {
    expect(formatDateTime("2026-03-01T10:00:00.000Z")).toBe("1 Mar 2026, 15:45");
    expect(formatDateTime("2026-02-28T18:15:00.000Z")).toBe("1 Mar 2026, 00:00");
  });

  it("counts days as Kathmandu does", () => {
    expect(shopDay(new Date("2026-02-28T18:14:00Z"))).toBe("2026-02-28");
    expect(shopDay(new Date("2026-02-28T18:16:00Z"))).toBe("2026-03-01");
    expect(shopDay(new Date("2026-03-01T10:00:00Z"), 6)).toBe("2026-02-23");
  });
});

import { describe, expect, it } from "vitest";
import { secondsUntil } from "./request-counters.ts";

describe("Retry-After", () => {
  it("rounds the time left up to whole seconds, and is never 0", () => {
    const now = new Date("2026-01-01T00:00:00.000Z");
    expect(secondsUntil(new Date("2026-01-01T00:01:00.000Z"), now)).toBe(60);
    expect(secondsUntil(new Date("2026-01-01T00:00:00.001Z"), now)).toBe(1);
    expect(secondsUntil(new Date("2026-01-01T00:00:01.001Z"), now)).toBe(2);
    expect(secondsUntil(now, now)).toBe(1);
    expect(secondsUntil(new Date("2025-12-31T23:59:00.000Z"), now)).toBe(1);
  });
});

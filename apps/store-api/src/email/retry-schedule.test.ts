import { describe, expect, it } from "vitest";
import { maxSendAttempts, retryDelayMs } from "./retry-schedule.ts";

describe("retry schedule", () => {
  it("backs off exponentially: 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, then daily", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000, 86_400_000, 86_400_000, 86_400_000,
    ]);
  });

  it("treats nonsense counts as the first failure", () => {
    expect(retryDelayMs(0)).toBe(30_000);
    expect(retryDelayMs(-3)).toBe(30_000);
  });

  it("gives up after 8 attempts", () => {
    expect(maxSendAttempts).toBe(8);
  });
});

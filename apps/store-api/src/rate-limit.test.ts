import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

describe("rate limiter", () => {
  it("allows max requests per window per client, then says how long to wait", () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take("a")).toBeNull();
    expect(limiter.take("a")).toBeNull();
    expect(limiter.take("a")).toBe(60);
    expect(limiter.take("b")).toBeNull();
    now = 30_000;
    expect(limiter.take("a")).toBe(30);
    now = 60_000;
    expect(limiter.take("a")).toBeNull();
  });
});

describe("rate limiter memory", () => {
  // The map of windows is private; the test reads it to check the memory bound the class promises.
  const trackedClients = (limiter: RateLimiter) => limiter["windows"].size;

  it("drops ended windows once more than 10 000 clients are tracked, keeping running ones", () => {
    let now = 0;
    const limiter = new RateLimiter(1, 60_000, () => now);
    for (let index = 0; index < 10_000; index += 1) limiter.take(`client-${index}`);
    expect(trackedClients(limiter)).toBe(10_000);

    now = 60_000;
    // At exactly 10 000 nothing is swept yet.
    expect(limiter.take("running")).toBeNull();
    expect(trackedClients(limiter)).toBe(10_001);

    // Over the bound: every window that ended by now goes, the running one stays with its count.
    expect(limiter.take("newcomer")).toBeNull();
    expect(trackedClients(limiter)).toBe(2);
    expect(limiter.take("running")).toBe(60);
  });

  it("uses the real clock by default", () => {
    const limiter = new RateLimiter(1, 60_000);
    expect(limiter.take("a")).toBeNull();
    const wait = limiter.take("a");
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
  });
});

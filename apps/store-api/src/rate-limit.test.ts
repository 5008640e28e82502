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

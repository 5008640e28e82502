import { describe, expect, it } from "vitest";
import { EventLoopPressure, loopUtilizationSampler } from "./event-loop-pressure";

describe("event loop pressure", () => {
  it("is saturated while a sample reaches the threshold, and no longer once one falls below", () => {
    const samples = [0.2, 0.95, 0.9, 0.4];
    const pressure = new EventLoopPressure(0.9, () => samples.shift() ?? 0);
    expect(pressure.saturated).toBe(false);
    const seen: boolean[] = [];
    for (let index = 0; index < 4; index += 1) {
      pressure.update();
      seen.push(pressure.saturated);
    }
    expect(seen).toEqual([false, true, true, false]);
  });

  it("measures a loop kept busy as nearly fully used, and an idle one as barely used", async () => {
    const sample = loopUtilizationSampler();
    const until = Date.now() + 100;
    while (Date.now() < until) {
      // Busy on purpose: nothing else may run.
    }
    expect(sample()).toBeGreaterThan(0.8);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sample()).toBeLessThan(0.5);
  });
});

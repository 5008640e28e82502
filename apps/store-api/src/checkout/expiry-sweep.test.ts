import { describe, expect, it } from "vitest";
import { throttledSweep } from "./expiry-sweep.ts";

describe("throttledSweep", () => {
  const counting = () => {
    const runs: number[] = [];
    const sweep = throttledSweep(async (now) => {
      runs.push(now.getTime());
      return 7;
    }, 1_000);
    return { runs, sweep };
  };

  it("sweeps the first time, then once per interval of the clock it is given", async () => {
    const { runs, sweep } = counting();
    expect(await sweep(new Date(10_000))).toBe(7);
    expect(await sweep(new Date(10_999))).toBe(0);
    expect(await sweep(new Date(11_000))).toBe(7);
    expect(await sweep(new Date(11_500))).toBe(0);
    expect(runs).toEqual([10_000, 11_000]);
  });

  it("sweeps when forced, and counts the interval from then", async () => {
    const { runs, sweep } = counting();
    await sweep(new Date(10_000));
    expect(await sweep(new Date(10_100), { force: true })).toBe(7);
    expect(await sweep(new Date(11_050))).toBe(0);
    expect(await sweep(new Date(11_100))).toBe(7);
    expect(runs).toEqual([10_000, 10_100, 11_100]);
  });

  it("sweeps at once when the clock goes back", async () => {
    const { runs, sweep } = counting();
    await sweep(new Date(10_000));
    expect(await sweep(new Date(9_999))).toBe(7);
    expect(runs).toEqual([10_000, 9_999]);
  });

  it("does not sweep twice at the same instant", async () => {
    const { runs, sweep } = counting();
    await sweep(new Date(10_000));
    expect(await sweep(new Date(10_000))).toBe(0);
    expect(runs).toEqual([10_000]);
  });

  it("passes a failing sweep's error on", async () => {
    const sweep = throttledSweep(() => Promise.reject(new Error("database gone")), 1_000);
    await expect(sweep(new Date(0))).rejects.toThrow("database gone");
  });
});

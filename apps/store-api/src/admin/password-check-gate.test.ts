import { describe, expect, it } from "vitest";
import { PasswordCheckGate } from "./password-check-gate.ts";

/** A check that runs until the test lets it finish. */
function heldCheck() {
  let finish: (value: string) => void = () => undefined;
  let started = false;
  const check = () => {
    started = true;
    return new Promise<string>((resolve) => (finish = resolve));
  };
  return { check, finish: (value: string) => finish(value), started: () => started };
}

describe("the password check gate", () => {
  it("runs the allowed number of checks, queues a few more, and refuses the rest at once without running them", async () => {
    const gate = new PasswordCheckGate({ concurrent: 2, queue: 1 });
    const checks = Array.from({ length: 4 }, heldCheck);
    const results = checks.map((held) => gate.run(held.check));
    expect(checks.map((held) => held.started())).toEqual([true, true, false, false]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    expect(results[3]).toBeUndefined();

    checks[0]?.finish("first");
    expect(await results[0]).toBe("first");
    // The freed slot goes to the queued check, not to a newcomer.
    await Promise.resolve();
    expect(checks[2]?.started()).toBe(true);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    expect(gate.run(heldCheck().check)).not.toBeUndefined();
    expect(gate.run(heldCheck().check)).toBeUndefined();
  });

  it("frees the slot when a check fails", async () => {
    const gate = new PasswordCheckGate({ concurrent: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error("scrypt failed")))).rejects.toThrow("scrypt failed");
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(() => Promise.resolve("next"))).toBe("next");
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("needs at least one slot", () => {
    expect(() => new PasswordCheckGate({ concurrent: 0, queue: 4 })).toThrow(/At least one/);
  });
});

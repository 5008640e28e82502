import { describe, expect, it } from "vitest";
import { RenderQueue, RenderQueueFullError } from "./render-queue";

/** A task that finishes when the test says so. */
function controllable<T>(value: T) {
  let finish: () => void = () => undefined;
  const started = { value: false };
  const task = () =>
    new Promise<T>((resolve) => {
      started.value = true;
      finish = () => resolve(value);
    });
  return { task, started, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("RenderQueue", () => {
  it("runs up to `concurrency` tasks at once and queues the next ones in order", async () => {
    const queue = new RenderQueue(2, 2);
    const tasks = [controllable("a"), controllable("b"), controllable("c"), controllable("d")];
    const results = tasks.map((entry) => queue.run(entry.task));
    await tick();
    expect(tasks.map((entry) => entry.started.value)).toEqual([true, true, false, false]);
    expect(queue.running).toBe(2);
    expect(queue.queued).toBe(2);
    expect(queue.busy).toBe(true);
    tasks[1]?.finish();
    await tick();
    expect(tasks.map((entry) => entry.started.value)).toEqual([true, true, true, false]);
    for (const entry of tasks) entry.finish();
    await tick();
    tasks[3]?.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(queue.running).toBe(0);
    expect(queue.busy).toBe(false);
    expect(queue.queued).toBe(0);
  });

  it("refuses at once when every slot and queue place is taken", async () => {
    const queue = new RenderQueue(1, 1);
    const first = controllable(1);
    const second = controllable(2);
    const running = queue.run(first.task);
    const waiting = queue.run(second.task);
    await expect(queue.run(() => Promise.resolve(3))).rejects.toBeInstanceOf(RenderQueueFullError);
    first.finish();
    await tick();
    second.finish();
    expect(await running).toBe(1);
    expect(await waiting).toBe(2);
    // Room again once they are done.
    expect(await queue.run(() => Promise.resolve(4))).toBe(4);
  });

  it("frees the slot when a task fails", async () => {
    const queue = new RenderQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    expect(queue.running).toBe(0);
    expect(await queue.run(() => Promise.resolve("next"))).toBe("next");
  });

  it("runs one render at a time while the event loop is under pressure, and more again after", async () => {
    let pressure = true;
    const queue = new RenderQueue(3, 5, () => pressure);
    const tasks = [controllable(1), controllable(2), controllable(3), controllable(4)];
    const results = tasks.map((entry) => queue.run(entry.task));
    await tick();
    expect(tasks.map((entry) => entry.started.value)).toEqual([true, false, false, false]);
    expect(queue.busy).toBe(true);
    pressure = false;
    // A finishing render admits as many waiters as the limit now allows.
    tasks[0]?.finish();
    await tick();
    expect(tasks.map((entry) => entry.started.value)).toEqual([true, true, true, true]);
    expect(queue.running).toBe(3);
    for (const entry of tasks) entry.finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(queue.running).toBe(0);
  });

  it("refuses impossible limits", () => {
    expect(() => new RenderQueue(0, 1)).toThrow();
    expect(() => new RenderQueue(1, -1)).toThrow();
  });
});

// Tests of npm start's supervisor, on tiny child processes instead of the shop.
import assert from "node:assert/strict";
import { spawn as spawnChild } from "node:child_process";
import { describe, it } from "node:test";
import { recentCrashes, restartDelay, supervise } from "./supervisor.mjs";

/** A child that runs until it is told to stop. */
const longRunning = { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] };
/** A child that, on SIGTERM, takes a moment to finish its work and then exits 0, as the shop's servers do. */
const stopsCleanly = {
  command: process.execPath,
  args: [
    "-e",
    'process.on("SIGTERM", () => setTimeout(() => process.exit(0), 300)); setInterval(() => {}, 1000); console.log("up")',
  ],
};
/** A child that fails at once. */
const failing = { command: process.execPath, args: ["-e", "process.exit(3)"] };

const quick = { initialDelayMs: 20, maxDelayMs: 100, log: () => undefined };

async function until(condition, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const alive = (child) => child !== undefined && child.exitCode === null && child.signalCode === null;

describe("restart pauses", () => {
  it("double with each recent crash, up to a ceiling", () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7].map((count) => restartDelay(count)),
      [500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000],
    );
    assert.equal(restartDelay(3, { initialMs: 10, maxMs: 25 }), 25);
  });

  it("count only the crashes within the window", () => {
    assert.deepEqual(recentCrashes([0, 30_000, 59_000, 61_000], 100_000, 60_000), [59_000, 61_000]);
    assert.deepEqual(recentCrashes([], 100, 60_000), []);
  });
});

describe("the supervisor", () => {
  it("restarts a child killed with SIGKILL and keeps the other one running", async () => {
    const messages = [];
    const shop = supervise(
      [
        { name: "store-api", ...longRunning },
        { name: "web", ...longRunning },
      ],
      { ...quick, log: (message) => messages.push(message) },
    );
    try {
      await until(() => alive(shop.child("store-api")) && alive(shop.child("web")));
      const web = shop.child("web");
      const firstApi = shop.child("store-api");
      firstApi.kill("SIGKILL");
      await until(() => shop.starts("store-api") === 2 && alive(shop.child("store-api")));
      assert.notEqual(shop.child("store-api").pid, firstApi.pid);
      assert.equal(shop.child("web"), web);
      assert.ok(alive(web));
      assert.equal(shop.starts("web"), 1);
      assert.match(messages.join("\n"), /store-api stopped \(SIGKILL\); restarting it in 0\.0 s/);
    } finally {
      assert.deepEqual(await shop.stop(), { code: 0 });
    }
    assert.ok(!alive(shop.child("store-api")));
    assert.ok(!alive(shop.child("web")));
  });

  it("on stop, sends SIGTERM to every child, waits for each to finish, and resolves with code 0", async () => {
    const messages = [];
    const shop = supervise(
      [
        { name: "store-api", ...stopsCleanly, options: { stdio: ["ignore", "pipe", "inherit"] } },
        { name: "web", ...stopsCleanly, options: { stdio: ["ignore", "pipe", "inherit"] } },
      ],
      { ...quick, log: (message) => messages.push(message) },
    );
    const api = shop.child("store-api");
    const web = shop.child("web");
    // Each has set up its SIGTERM handler once it has printed.
    await Promise.all([api, web].map((child) => new Promise((resolve) => child.stdout.once("data", resolve))));
    assert.deepEqual(await shop.stop(), { code: 0 });
    for (const child of [api, web]) {
      assert.equal(child.exitCode, 0);
      assert.equal(child.signalCode, null);
    }
    // The two end in either order.
    assert.deepEqual(messages.toSorted(), [
      `store-api running as process ${api.pid}`,
      "store-api stopped (exit code 0)",
      `web running as process ${web.pid}`,
      "web stopped (exit code 0)",
    ]);
  });

  it("waits longer before each restart of a child that keeps crashing", async () => {
    const started = [];
    const shop = supervise([{ name: "flaky", ...failing }], {
      ...quick,
      initialDelayMs: 40,
      maxDelayMs: 1_000,
      maxCrashes: 4,
      spawn: (...args) => {
        started.push(Date.now());
        return spawnChild(...args);
      },
    });
    assert.deepEqual(await shop.finished, { code: 1 });
    assert.equal(started.length, 4);
    const gaps = started.slice(1).map((time, index) => time - (started[index] ?? 0));
    // Pauses of 40, 80 and 160 ms, plus the time each child takes to start and fail.
    assert.ok(gaps[0] >= 40 && gaps[1] >= 80 && gaps[2] >= 160, `gaps ${gaps.join(", ")}`);
  });

  it("gives up after five quick crashes and stops the rest of the shop", async () => {
    const messages = [];
    const shop = supervise(
      [
        { name: "web", ...longRunning },
        { name: "store-api", ...failing },
      ],
      { ...quick, log: (message) => messages.push(message) },
    );
    assert.deepEqual(await shop.finished, { code: 1 });
    assert.equal(shop.starts("store-api"), 5);
    assert.ok(!alive(shop.child("web")));
    assert.match(messages.at(-2) ?? "", /store-api stopped \(exit code 3\), its 5th crash within 60 s; giving up/);
    assert.equal(messages.at(-1), "web stopped (SIGTERM)");
  });

  it("does not give up on crashes spread out over more than the window", async () => {
    let clock = 0;
    const shop = supervise([{ name: "store-api", ...failing }], {
      ...quick,
      now: () => clock,
      spawn: (...args) => {
        // Each start happens 20 s after the previous one.
        clock += 20_000;
        return spawnChild(...args);
      },
    });
    await until(() => shop.starts("store-api") >= 8);
    assert.deepEqual(await shop.stop(), { code: 0 });
  });
});

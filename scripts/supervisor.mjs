// Keeps `npm start`'s processes running: a child that stops on its own is started again after a growing
// pause, while the others keep serving; only a child that keeps failing quickly stops the whole shop.
import { spawn as spawnProcess } from "node:child_process";

/** Pause before the next restart: 0.5 s, 1 s, 2 s … doubling with each recent crash, at most `maxMs`. */
export function restartDelay(recentCrashes, { initialMs = 500, maxMs = 10_000 } = {}) {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, recentCrashes - 1));
}

/** The crash times still inside the window ending now. */
export function recentCrashes(times, now, windowMs) {
  return times.filter((time) => now - time < windowMs);
}

function describeExit(code, signal) {
  return signal === null ? `exit code ${code}` : signal;
}

/**
 * Starts every child and restarts one that exits unasked. `specs`: `{ name, command, args, options }`.
 * Gives up (stops all, `finished` resolves with code 1) when one child crashes `maxCrashes` times within
 * `windowMs`. `stop()` ends everything (SIGTERM, SIGKILL after `stopTimeoutMs`, which outlasts the servers'
 * own 10 s grace for requests in flight) and resolves once all exited.
 */
export function supervise(specs, settings = {}) {
  const {
    spawn = spawnProcess,
    log = (message) => console.error(message),
    now = () => Date.now(),
    maxCrashes = 5,
    windowMs = 60_000,
    initialDelayMs = 500,
    maxDelayMs = 10_000,
    stopTimeoutMs = 20_000,
  } = settings;
  let stopping = false;
  let finish;
  const finished = new Promise((resolve) => {
    finish = resolve;
  });
  const entries = specs.map((spec) => ({
    spec,
    child: undefined,
    /** Resolves when the current child has ended (exited, or failed to start). */
    ended: Promise.resolve(),
    running: false,
    crashes: [],
    restartTimer: undefined,
    starts: 0,
  }));

  function start(entry) {
    const { command, args = [], options = {} } = entry.spec;
    const child = spawn(command, args, { stdio: "inherit", ...options });
    entry.child = child;
    entry.starts += 1;
    if (child.pid !== undefined) log(`${entry.spec.name} running as process ${child.pid}`);
    entry.running = true;
    let markEnded;
    entry.ended = new Promise((resolve) => {
      markEnded = resolve;
    });
    const onEnd = (code, signal) => {
      if (!entry.running || entry.child !== child) return;
      entry.running = false;
      markEnded();
      if (stopping) log(`${entry.spec.name} stopped (${describeExit(code, signal)})`);
      else crashed(entry, code, signal);
    };
    child.once("exit", onEnd);
    // A child that could not be started at all (a missing file, say) emits only "error".
    child.once("error", (error) => {
      log(`${entry.spec.name} could not run: ${error.message}`);
      onEnd(1, null);
    });
  }

  function crashed(entry, code, signal) {
    const time = now();
    entry.crashes = [...recentCrashes(entry.crashes, time, windowMs), time];
    const count = entry.crashes.length;
    if (count >= maxCrashes) {
      log(
        `${entry.spec.name} stopped (${describeExit(code, signal)}), its ${count}th crash within ${Math.round(windowMs / 1000)} s; giving up and stopping the shop.`,
      );
      void stopAll(1);
      return;
    }
    const delay = restartDelay(count, { initialMs: initialDelayMs, maxMs: maxDelayMs });
    log(
      `${entry.spec.name} stopped (${describeExit(code, signal)}); restarting it in ${(delay / 1000).toFixed(1)} s. The rest of the shop keeps running.`,
    );
    entry.restartTimer = setTimeout(() => {
      entry.restartTimer = undefined;
      if (!stopping) start(entry);
    }, delay);
  }

  async function stopAll(code) {
    if (stopping) return finished;
    stopping = true;
    for (const entry of entries) {
      clearTimeout(entry.restartTimer);
      if (entry.running) entry.child.kill("SIGTERM");
    }
    const force = setTimeout(() => {
      for (const entry of entries) if (entry.running) entry.child.kill("SIGKILL");
    }, stopTimeoutMs);
    await Promise.all(entries.map((entry) => entry.ended));
    clearTimeout(force);
    finish({ code });
    return finished;
  }

  for (const entry of entries) start(entry);
  return {
    /** The running process of a child by name (a new one after each restart). */
    child: (name) => entries.find((entry) => entry.spec.name === name)?.child,
    /** How often a child has been started. */
    starts: (name) => entries.find((entry) => entry.spec.name === name)?.starts ?? 0,
    stop: () => stopAll(0),
    finished,
  };
}

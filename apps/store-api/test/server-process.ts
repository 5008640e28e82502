import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { createServer } from "node:net";
import { packageRoot } from "../src/package-root.ts";
import { inject } from "vitest";
import type { ChildPrograms } from "./child-bundle.ts";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The file of one of this run's bundled child programs (test/child-bundle.ts), as `node <file>` starts it. */
export function childProgram(name: keyof ChildPrograms): string {
  return inject("childPrograms")[name];
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
}

/**
 * The real store API (src/server.ts, bundled for the run, so `child.pid` is the server itself) on a
 * free port; `environment` adds to and overrides the test's own.
 */
export async function spawnServer(
  environment: Record<string, string>,
  options: Pick<SpawnOptions, "uid" | "gid"> & { port?: number } = {},
): Promise<ServerProcess> {
  const { port = await freePort(), ...spawnOptions } = options;
  const child = spawn(process.execPath, [childProgram("server")], {
    cwd: packageRoot,
    env: {
      ...process.env,
      STORE_API_PORT: String(port),
      STORE_API_HOST: "127.0.0.1",
      STORE_API_URL: `http://127.0.0.1:${port}`,
      STORE_ID: "test-store",
      ALLOWED_ORIGINS: "http://shop.test",
      LOG_LEVEL: "error",
      ...environment,
    },
    stdio: ["ignore", "ignore", "pipe"],
    ...spawnOptions,
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

/**
 * Tests that pay from one address far faster than people: the per-address limits off (their own tests
 * prove them).
 */
export const withoutAddressLimits = {
  CHECKOUT_RATE_LIMIT: "0",
  CHECKOUT_UNITS_PER_ADDRESS: "0",
  COD_OPEN_LIMIT: "0",
  PAYMENT_ATTEMPT_LIMIT: "0",
};

/** A server that answers /health, on `port` when given (a restart on the same address). */
export async function startedServer(environment: Record<string, string>, port?: number): Promise<ServerProcess> {
  const server = await spawnServer(environment, port === undefined ? {} : { port });
  await healthy(server);
  return server;
}

/** Resolves once /health answers 200; rejects if the process exits first. */
export async function healthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The store API exited with ${server.child.exitCode}: ${server.stderr()}`);
    }
    try {
      if ((await fetch(`${server.baseUrl}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The store API did not start in ${timeoutMs} ms: ${server.stderr()}`);
}

/** The exit code once the process has ended (waiting at most `timeoutMs`). */
export async function exitCode(server: ServerProcess, timeoutMs = 60_000): Promise<number | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Still running after ${timeoutMs} ms: ${server.stderr()}`)),
      timeoutMs,
    );
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Stops the process with a signal and waits until it has exited. */
export async function stop(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { e2eSettings } from "../settings.mjs";

const webFolder = path.resolve(import.meta.dirname, "../../..");
const storeApiFolder = path.resolve(webFolder, "../store-api");

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Another copy of the built web server, talking to the given store API: how tests see the shop with
 * its store down, slow or answering badly. Its prerendered pages keep the build's settings.
 */
export async function startWebServer(
  storeApiUrl: string,
  extraEnvironment: Record<string, string> = {},
): Promise<RunningServer> {
  // A PORT among the extra settings fixes the address in advance (another server must know it).
  const port = extraEnvironment.PORT === undefined ? await freePort() : Number(extraEnvironment.PORT);
  return spawnUntilReady({
    name: `the extra web server in ${webFolder}`,
    cwd: webFolder,
    script: "dist/server.js",
    environment: {
      ...e2eSettings.buildEnvironment,
      PORT: String(port),
      STORE_API_URL: storeApiUrl,
      PUBLIC_STORE_API_URL: e2eSettings.apiUrl,
      ...extraEnvironment,
    },
    url: `http://localhost:${port}`,
    // Any answer of the app itself (its 404 page) shows it is up.
    ready: async (url) => (await fetch(`${url}/404`)).status === 404,
    timeoutMs: 120_000,
  });
}

export type FakeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A stand-in store API whose answers a test decides (errors, delays, odd shapes). */
export async function startFakeStoreApi(handler: FakeHandler): Promise<RunningServer> {
  const sockets = new Set<Socket>();
  const server = http.createServer(handler);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A URL where nothing listens: the store API is down. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** Reads the real e2e store API's answer for a path, to hand on from a fake. */
export async function realApiJson(pathAndQuery: string): Promise<unknown> {
  const response = await fetch(`${e2eSettings.apiUrl}/store/${e2eSettings.storeId}${pathAndQuery}`);
  return response.json();
}

/**
 * Another copy of the built store API on `port`, over its own fresh data folder, with the given settings
 * (e.g. other payment methods): how a test sees a shop set up differently from the default test shop.
 */
export async function startStoreApi(port: number, environment: Record<string, string>): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "herbo-e2e-extra-api-"));
  return spawnUntilReady({
    name: "the extra store API",
    cwd: storeApiFolder,
    script: "dist/src/server.js",
    environment: {
      STORE_API_PORT: String(port),
      STORE_API_URL: `http://localhost:${port}`,
      STORE_ID: e2eSettings.storeId,
      DATA_DIR: dataDir,
      // Simulated shoppers share one address and phone: the cash-on-delivery limit is proven by the store API's tests.
      COD_OPEN_LIMIT: "0",
      CHECKOUT_UNITS_PER_ADDRESS: "0",
      PAYMENT_ATTEMPT_LIMIT: "0",
      LOG_LEVEL: "warn",
      ...environment,
    },
    url: `http://localhost:${port}`,
    ready: async (url) => (await fetch(`${url}/health`)).ok,
    timeoutMs: 60_000,
  });
}

/** Starts a built server with Node and waits until `ready` says yes; its stderr explains a failed start. */
async function spawnUntilReady(options: {
  name: string;
  cwd: string;
  script: string;
  environment: Record<string, string>;
  url: string;
  ready: (url: string) => Promise<boolean>;
  timeoutMs: number;
}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [options.script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.environment },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    try {
      if (await options.ready(options.url)) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error(`${options.name} did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: options.url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

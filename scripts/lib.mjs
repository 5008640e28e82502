// Helpers shared by the root scripts (start, test, dev): .env loading, freshness checks, child processes.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
export { webBuildSettings, webBuildStamp } from "@herbo/web/build-settings";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const webFolder = path.join(root, "apps", "web");
export const apiFolder = path.join(root, "apps", "store-api");
export const contractFolder = path.join(root, "packages", "hosted-api");
export const adminFolder = path.join(root, "apps", "admin");
export const apiEntry = path.join(apiFolder, "dist", "src", "server.js");

/** Reads KEY=value lines of the root .env into process.env without overriding what is already set. */
export function loadDotEnv(file = path.join(root, ".env")) {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match === null || line.trimStart().startsWith("#")) continue;
    const [, key, raw] = match;
    const value = raw.replace(/^(['"])(.*)\1$/, "$2");
    if (process.env[key] === undefined) process.env[key] = value;
  }
}

/**
 * Newest modification time of the given files and of any file under the given folders (node_modules and
 * outputs skipped).
 */
export function newestSourceTime(folders) {
  let newest = 0;
  const skip = new Set(["node_modules", "build", "dist", ".react-router", "test-results", "data"]);
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    if (statSync(folder).isDirectory()) visit(folder);
    else newest = Math.max(newest, statSync(folder).mtimeMs);
  }
  return newest;
}

export function modifiedTime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** Runs a command to completion, streaming its output; rejects when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", cwd: root, ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Whether the store API's build is newer than its sources, migrations and the contract. */
export function apiBuildIsCurrent() {
  return (
    modifiedTime(apiEntry) >=
    newestSourceTime([path.join(apiFolder, "src"), path.join(apiFolder, "drizzle"), path.join(contractFolder, "src")])
  );
}

/** Whether the back office's build (apps/admin/dist) is newer than its sources and the contract. */
export function adminBuildIsCurrent() {
  return (
    modifiedTime(path.join(adminFolder, "dist", "index.html")) >=
    newestSourceTime([
      path.join(adminFolder, "src"),
      path.join(adminFolder, "index.html"),
      path.join(adminFolder, "vite.config.ts"),
      path.join(contractFolder, "src"),
    ])
  );
}

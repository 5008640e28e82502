// `npm start`: builds whatever is missing or out of date, then runs the store API and the web app together.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  adminBuildIsCurrent,
  apiBuildIsCurrent,
  apiEntry,
  contractFolder,
  loadDotEnv,
  modifiedTime,
  newestSourceTime,
  root,
  run,
  webBuildSettings,
  webBuildStamp,
  webFolder,
} from "./lib.mjs";

loadDotEnv();

const webEntry = path.join(webFolder, "dist", "server.js");

function webBuildIsCurrent() {
  if (
    !existsSync(webEntry) ||
    !existsSync(path.join(webFolder, "build", "server", "index.js")) ||
    !existsSync(webBuildStamp)
  ) {
    return false;
  }
  const built = JSON.parse(readFileSync(webBuildStamp, "utf8"));
  const wanted = webBuildSettings();
  if (Object.keys(wanted).some((key) => built[key] !== wanted[key])) {
    console.log("Public settings changed since the last build; rebuilding the web app.");
    return false;
  }
  return (
    modifiedTime(webBuildStamp) >=
    newestSourceTime([
      path.join(webFolder, "app"),
      path.join(webFolder, "server"),
      path.join(webFolder, "public"),
      path.join(contractFolder, "src"),
    ])
  );
}

if (!apiBuildIsCurrent()) await run("npm", ["run", "build", "-w", "apps/store-api"]);
if (!adminBuildIsCurrent()) await run("npm", ["run", "build", "-w", "apps/admin"]);
if (!webBuildIsCurrent()) await run("npm", ["run", "build", "-w", "apps/web"]);

const children = [
  { name: "store-api", child: spawn(process.execPath, [apiEntry], { cwd: root, stdio: "inherit", env: process.env }) },
  { name: "web", child: spawn(process.execPath, [webEntry], { cwd: root, stdio: "inherit", env: process.env }) },
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill("SIGTERM");
  const exit = () => process.exit(code);
  Promise.all(
    children.map(({ child }) => (child.exitCode === null ? new Promise((done) => child.once("exit", done)) : null)),
  ).then(exit);
  setTimeout(exit, 15_000).unref();
}

for (const { name, child } of children) {
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the shop.`);
      stopAll(code ?? 1);
    }
  });
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
console.log(
  `Shop: http://localhost:${process.env.PORT ?? 3000}  Store API: http://localhost:${process.env.STORE_API_PORT ?? 4000}`,
);

// `npm start`: builds whatever is missing or out of date, then runs the store API and the web app together,
// restarting either one if it crashes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  adminBuildIsCurrent,
  apiBuildIsCurrent,
  contractFolder,
  loadDotEnv,
  modifiedTime,
  newestSourceTime,
  run,
  shopProcesses,
  shopAddressLines,
  startSettings,
  webBuildSettings,
  webBuildStamp,
  webEntry,
  webFolder,
  whenParentExits,
} from "./lib.mjs";
import { supervise } from "./supervisor.mjs";

loadDotEnv();
// Addresses not set follow the ports: the build and both servers get the same ones (see startSettings).
const { addresses, warnings } = startSettings(process.env);
Object.assign(process.env, addresses);
for (const warning of warnings) console.warn(`Warning: ${warning}`);

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

// A crashed child is started again (with growing pauses) while the other keeps serving; see supervisor.mjs.
// Each server gets only its own settings: the web server never sees ADMIN_PASSWORD or a provider's key.
const shop = supervise(shopProcesses());
shop.finished.then(({ code }) => process.exit(code));
// Both children get SIGTERM and are waited for; the shop then exits 0 (scripts/start-smoke.test.mjs).
process.on("SIGINT", () => void shop.stop());
process.on("SIGTERM", () => void shop.stop());
// `kill <npm's pid>` reaches only npm's shell, which dies without passing the signal on: stop as if it had.
whenParentExits(() => {
  console.error("npm start's parent process ended; stopping the shop.");
  void shop.stop();
});
for (const line of shopAddressLines(process.env)) console.log(line);
for (const warning of warnings) console.warn(`Warning: ${warning}`);

// `npm run admin -- <command>`: owner accounts of the back office (create-owner, set-password, list-owners, unlock),
// backup and restore.
// Builds the store API when it is out of date, then runs its command line with the same settings as `npm start`.
import { spawn } from "node:child_process";
import path from "node:path";
import { apiBuildIsCurrent, apiFolder, loadDotEnv, root, run } from "./lib.mjs";

loadDotEnv();
if (!apiBuildIsCurrent())
  await run("npm", ["run", "build", "-w", "apps/store-api"], { stdio: ["ignore", "inherit", "inherit"] });
const child = spawn(process.execPath, [path.join(apiFolder, "dist", "src", "admin-cli.js"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
child.on("exit", (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));

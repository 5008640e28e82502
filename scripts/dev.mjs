// `npm run dev`: the store API with reload on change, and the web app on Vite's dev server with HMR.
import { spawn } from "node:child_process";
import { loadDotEnv, root, startSettings } from "./lib.mjs";

loadDotEnv();
// Addresses not set follow the ports, as with `npm start`.
Object.assign(process.env, startSettings(process.env).addresses);
const children = [
  spawn("npm", ["run", "dev", "-w", "apps/store-api"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "apps/web", "--", "--port", process.env.PORT ?? "3000"], {
    cwd: root,
    stdio: "inherit",
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);

// Bundles the production web server (server/main.ts) into dist/server.js, packages left external, and
// records the public settings this build's prerendered pages were made with.
import { writeFileSync } from "node:fs";
import { build } from "esbuild";
import { webBuildSettings, webBuildStamp } from "../../../scripts/lib.mjs";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
writeFileSync(webBuildStamp, `${JSON.stringify(webBuildSettings(), null, 2)}\n`);

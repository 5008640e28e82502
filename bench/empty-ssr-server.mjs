// The render floor: the empty app's server build, rendering every request through React Router's own node:http
// listener (its default entry, no page cache). An uncached shop page is weighed against it, so the machine's
// speed at running React and React Router is on both sides of that comparison.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [, , port, buildFolder] = process.argv;
// Set before React loads: React picks its production build from it when first imported.
process.env.NODE_ENV ??= "production";
const { createRequestListener } = await import("@react-router/node");
const build = await import(pathToFileURL(path.join(buildFolder, "server/index.js")).href);
http
  .createServer(createRequestListener({ build, mode: "production" }))
  .listen(Number(port), "127.0.0.1", () => console.log(`empty app rendering on ${port}`));

// Bundles the production web server (server/main.ts) into dist/server-main.js, started by dist/server.js,
// packages left external; rewrites the prerendered pages to hydrate after their first paint (as the server
// does for rendered ones), compresses the client files once for the server to read, and records the public
// settings this build's prerendered pages were made with.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { webBuildSettings, webBuildStamp } from "./build-settings.mjs";

/** Resolves `@herbo/hosted-api` and its subpaths to the source files its package.json names for them. */
function contractFromSource() {
  const root = path.resolve("../../packages/hosted-api");
  const { name, exports } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return {
    name: "contract-from-source",
    setup(builder) {
      builder.onResolve({ filter: /^@herbo\/hosted-api(\/|$)/ }, (args) => {
        const source = exports[`.${args.path.slice(name.length)}`]?.["@herbo/source"];
        if (source === undefined) return { errors: [{ text: `${args.path} is not exported by ${name}` }] };
        return { path: path.join(root, source) };
      });
    },
  };
}

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server-main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The contract package is bundled from its source, so the server needs no separate build of it.
  plugins: [contractFromSource()],
  sourcemap: true,
  logLevel: "warning",
});
// `node dist/server.js` must run the production builds of React and React Router (the development ones
// render several times slower). They choose by NODE_ENV when first loaded, and static imports are hoisted
// above any code, so this entry sets it and only then imports the server.
writeFileSync("dist/server.js", 'process.env.NODE_ENV ??= "production";\nawait import("./server-main.js");\n');
/** Imports one of the server's own modules, bundled in memory, so the build runs the very code the server does. */
async function importServerModule(entryPoint) {
  const { outputFiles } = await build({
    entryPoints: [entryPoint],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "warning",
  });
  const source = Buffer.from(outputFiles[0].contents).toString("base64");
  return import(`data:text/javascript;base64,${source}`);
}

// The prerendered files are then final, also when a CDN serves build/client without this server.
const { deferHydration } = await importServerModule("server/deferred-hydration.ts");
const pages = readdirSync("build/client", { recursive: true, encoding: "utf8" }).filter((file) =>
  file.endsWith(".html"),
);
for (const page of pages) {
  const file = path.join("build/client", page);
  const html = readFileSync(file, "utf8");
  const deferred = deferHydration(html);
  if (deferred !== html) writeFileSync(file, deferred);
}

// Brotli and gzip copies of the final client files, made once here rather than at every start of the server
// (seconds of CPU each time: the browser tests alone start it about ten times).
const { precompressedFolderName, writePrecompressedFiles } = await importServerModule("server/static-files.ts");
await writePrecompressedFiles("build/client", path.join("build", precompressedFolderName));

writeFileSync(webBuildStamp, `${JSON.stringify(webBuildSettings(), null, 2)}\n`);

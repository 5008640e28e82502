import { chmod, mkdir, mkdtemp } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { packageRoot } from "../src/package-root.ts";

/**
 * The programs the tests start as processes of their own (the store API, the admin command, the outbox
 * crash test's child), each bundled into one JavaScript file. Run through tsx, every start compiled and
 * resolved all of the store API's TypeScript modules again: about a second and a half of a core for each
 * of the suite's forty-odd starts. The bundle is made from the sources once per run, so a child always
 * runs the code under test; installed packages stay outside it and load from node_modules as they do in
 * production.
 */
export interface ChildPrograms {
  server: string;
  adminCli: string;
  outboxChild: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    childPrograms: ChildPrograms;
  }
}

/** Bare imports other than the shop's own workspace packages load from node_modules at run time. */
const installedPackagesOutside: Plugin = {
  name: "installed-packages-outside",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@herbo/") ? undefined : { path: args.path, external: true },
    );
  },
};

/** A new folder for the bundle under the package's .tmp/ (ignored by git). */
export async function childBundleFolder(): Promise<string> {
  const parent = path.join(packageRoot, ".tmp");
  await mkdir(parent, { recursive: true });
  const folder = await mkdtemp(path.join(parent, "child-bundle-"));
  // mkdtemp makes it readable by its owner only; a test that starts the server as another user needs it too.
  await chmod(folder, 0o755);
  return folder;
}

/**
 * Bundles the child programs from the sources into `folder`, replacing an earlier bundle there. The folder
 * is inside the package so that the bundle finds package.json (packageRoot, and through it the migrations,
 * seed and assets) and node_modules by walking up, as the sources do.
 */
export async function bundleChildPrograms(folder: string): Promise<ChildPrograms> {
  await build({
    absWorkingDir: packageRoot,
    entryPoints: {
      server: "src/server.ts",
      "admin-cli": "src/admin-cli.ts",
      "outbox-child": "test/outbox-child.ts",
    },
    outdir: folder,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The contract package from its sources, as the tests and tsx read it.
    conditions: ["@herbo/source"],
    plugins: [installedPackagesOutside],
    logLevel: "error",
  });
  return {
    server: path.join(folder, "server.mjs"),
    adminCli: path.join(folder, "admin-cli.mjs"),
    outboxChild: path.join(folder, "outbox-child.mjs"),
  };
}

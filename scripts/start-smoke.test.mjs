// `npm start` from a clean tree: a clone of HEAD with no build outputs and the installed packages, then
// `npm start`, which must build everything itself and serve the shop and the back office; then
// `kill <npm's pid>`, after which npm, the supervisor and both servers must all be gone.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { root, run } from "./lib.mjs";

const startMinutes = 25;
/** The servers' own bounds (10 s for requests in flight, then the database) and the supervisor's 20 s. */
const stopSeconds = 40;

/** node_modules folders of this checkout: the root's and any workspace's own. */
function installedModuleFolders() {
  const folders = ["node_modules"];
  for (const group of ["apps", "packages"]) {
    for (const name of readdirSync(path.join(root, group))) {
      if (existsSync(path.join(root, group, name, "node_modules")))
        folders.push(path.join(group, name, "node_modules"));
    }
  }
  return folders;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(what, condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A process that has exited but whose parent has not reaped it yet is gone for our purposes.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** The parent of a process, from /proc (Linux). */
function parentOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

async function answer(url) {
  try {
    const response = await fetch(url, { redirect: "manual" });
    return { status: response.status, text: await response.text() };
  } catch {
    return undefined;
  }
}

describe("npm start from a clean tree", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "herbo-start-"));
  const tree = path.join(folder, "shop");
  const leftovers = [];
  after(() => {
    for (const pid of leftovers) if (pid > 0 && isRunning(pid)) process.kill(pid, "SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    "builds what is missing, serves the shop and the back office, and stops all of it on kill <npm's pid>",
    {
      timeout: startMinutes * 60_000,
    },
    async () => {
      const started = Date.now();
      const minutes = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
      await run("git", ["clone", "--quiet", "--no-hardlinks", root, tree]);
      for (const output of ["apps/web/build", "apps/web/dist", "apps/store-api/dist", "apps/admin/dist"]) {
        assert.equal(existsSync(path.join(tree, output)), false, `${output} should not be in a clean tree`);
      }
      // The packages this checkout installed, linked in: `npm ci` of the same lockfile would give the same tree,
      // and CI has just run it. Everything npm start builds lands in the clean tree's own folders.
      for (const modules of installedModuleFolders()) {
        symlinkSync(path.join(root, modules), path.join(tree, modules), "dir");
      }

      const [webPort, apiPort] = [await freePort(), await freePort()];
      const dataDir = path.join(folder, "data");
      // Only the ports are set: the addresses (and the origins the API allows) must follow them, and the
      // contact number is the placeholder, which must be warned about.
      const derived = ["SITE_URL", "STORE_API_URL", "PUBLIC_STORE_API_URL", "ALLOWED_ORIGINS", "CHAT_PHONE"];
      const environment = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !["DATABASE_URL", "NODE_ENV", ...derived].includes(name)),
      );
      const npm = spawn("npm", ["start"], {
        cwd: tree,
        env: {
          ...environment,
          PORT: String(webPort),
          STORE_API_PORT: String(apiPort),
          DATA_DIR: dataDir,
          OUTBOX_DIR: path.join(folder, "outbox"),
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      leftovers.push(npm.pid);
      let output = "";
      const collect = (chunk) => {
        output += chunk.toString();
      };
      npm.stdout.on("data", collect);
      npm.stderr.on("data", collect);
      const npmExited = new Promise((resolve) => npm.once("exit", (code, signal) => resolve({ code, signal })));
      const pidOf = (name) => Number(new RegExp(`${name} running as process (\\d+)`).exec(output)?.[1] ?? 0);

      try {
        const page = await until(
          "the shop's home page",
          async () => {
            if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
            const home = await answer(`http://localhost:${webPort}/`);
            return home?.status === 200 && pidOf("store-api") > 0 ? home : undefined;
          },
          startMinutes * 60_000,
        );
        console.log(`# npm start serving: ${minutes()}`);
        const [apiPid, webPid] = [pidOf("store-api"), pidOf("web")];
        leftovers.push(apiPid, webPid);
        assert.ok(webPid > 0, output);
        assert.match(page.text, /Herbo Shilajit/);
        // The product page is rendered from the store API, which may still be opening its database; on a busy
        // machine the web server may also answer 503 (busy, Retry-After) for a moment.
        await until(
          "the store API's health",
          async () => (await answer(`http://localhost:${apiPort}/health`))?.status === 200,
          120_000,
        );
        const product = await until(
          "the product page",
          async () => {
            const answered = await answer(`http://localhost:${webPort}/product/prod_travel_tin`);
            return answered?.status === 503 ? undefined : answered;
          },
          120_000,
        );
        assert.equal(product.status, 200);
        assert.match(product.text, /Shilajit Travel Tin 5 g/);
        // The prerendered home page and a rendered product page link to the shop and call the API on the
        // ports set, never on the defaults; npm start says where they are, and warns of the placeholder number.
        for (const [name, text] of [
          ["home", page.text],
          ["product", product.text],
        ]) {
          assert.ok(text.includes(`http://localhost:${webPort}/`), `${name} page: no link on port ${webPort}`);
          assert.ok(text.includes(`http://localhost:${apiPort}`), `${name} page: no API address on port ${apiPort}`);
          assert.doesNotMatch(text, /localhost:[34]000\b/, `${name} page`);
        }
        assert.ok(output.includes(`Shop: http://localhost:${webPort} `), output);
        assert.ok(output.includes(`back office: http://localhost:${apiPort}/admin`), output);
        assert.match(output, /Warning: CHAT_PHONE is the placeholder \+977 9800000000/);
        assert.match(output, /"level":"warn","message":"CHAT_PHONE is the placeholder/);
        const admin = await answer(`http://localhost:${apiPort}/admin`);
        assert.equal(admin?.status, 200);
        assert.match(admin?.text ?? "", /<title>Back office<\/title>/);
        assert.match(admin?.text ?? "", /<script type="module" crossorigin src="\/admin\/assets\/index-[\w-]+\.js">/);
        // The store API holds DATA_DIR with a lock naming its process; a clean stop removes it.
        const lock = JSON.parse(readFileSync(path.join(dataDir, "store-api.lock"), "utf8"));
        assert.equal(lock.pid, apiPid);
        // node scripts/start.mjs, the supervisor: both servers' parent.
        const supervisorPid = parentOf(apiPid);
        assert.equal(parentOf(webPid), supervisorPid);
        leftovers.push(supervisorPid);

        // What `kill <npm's pid>` sends.
        process.kill(npm.pid, "SIGTERM");
        const npmEnd = await npmExited;
        await until(
          "the exits of both servers and the supervisor",
          () => [apiPid, webPid, supervisorPid].every((pid) => !isRunning(pid)),
          stopSeconds * 1_000,
        );
        console.log(
          `# npm exited with ${JSON.stringify(npmEnd)}; the supervisor and both servers stopped: ${minutes()}`,
        );
        assert.match(output, /store-api stopped \(exit code 0\)/);
        assert.match(output, /web stopped \(exit code 0\)/);
        assert.equal(existsSync(path.join(dataDir, "store-api.lock")), false, "the store API left its lock behind");
      } catch (error) {
        console.log(output.slice(-20_000));
        leftovers.push(pidOf("store-api"), pidOf("web"));
        throw error;
      }
    },
  );
});

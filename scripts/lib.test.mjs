// Tests of the helpers npm start uses: whether a build is current, and what each server is handed.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { describe, it } from "node:test";
import {
  adminBuildIsCurrent,
  apiBuildIsCurrent,
  apiEntry,
  environmentFor,
  newestSourceTime,
  root,
  runKeepingOutput,
  serverSettings,
  shopAddressLines,
  shopProcesses,
  startSettings,
  webBuildSettings,
  webEntry,
} from "./lib.mjs";

function fileAt(file, seconds) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "x");
  utimesSync(file, seconds, seconds);
}

describe("newest source time", () => {
  it("reads files named directly as well as folders, skipping outputs and missing paths", () => {
    const root = mkdtempSync(path.join(tmpdir(), "herbo-lib-"));
    fileAt(path.join(root, "src", "a.ts"), 1_000);
    fileAt(path.join(root, "src", "deep", "b.ts"), 2_000);
    fileAt(path.join(root, "src", "dist", "built.js"), 9_000);
    fileAt(path.join(root, "index.html"), 3_000);
    assert.equal(newestSourceTime([path.join(root, "src")]), 2_000_000);
    assert.equal(newestSourceTime([path.join(root, "src"), path.join(root, "index.html")]), 3_000_000);
    assert.equal(newestSourceTime([path.join(root, "missing"), path.join(root, "missing.html")]), 0);
  });

  it("answers for this repository's builds without failing, built or not", () => {
    assert.equal(typeof adminBuildIsCurrent(), "boolean");
    assert.equal(typeof apiBuildIsCurrent(), "boolean");
  });
});

/** An environment as `npm start` has it after reading .env: both servers' settings, secrets, and the machine's. */
const started = {
  PATH: "/usr/bin",
  HOME: "/home/shop",
  LC_ALL: "en_US.UTF-8",
  NODE_ENV: "production",
  PORT: "3000",
  SITE_URL: "https://shop.example",
  STORE_API_URL: "http://localhost:4000",
  STORE_ID: "local",
  RENDER_QUEUE: "16",
  HEADERS_TIMEOUT_MS: "10000",
  STORE_API_PORT: "4000",
  SHOP_NAME: "Herbo Shilajit",
  ADMIN_EMAIL: "owner@shop.example",
  ADMIN_PASSWORD: "a long passphrase for the owner",
  DATABASE_URL: "postgres://shop:db-password@db:5432/shop",
  PGPASSWORD: "db-password",
  SMTP_URL: "smtps://mailer:smtp-password@smtp.example.com:465",
  STRIPE_SECRET_KEY: "sk_live_0000000000",
  STRIPE_WEBHOOK_SECRET: "whsec_0000000000",
  KHALTI_SECRET_KEY: "live_secret_key_0000",
  ESEWA_PRODUCT_CODE: "EPAYTEST",
  ESEWA_SECRET_KEY: "esewa-secret-0000",
  COD_OPEN_LIMIT: "3",
  SOMETHING_ELSE_TOKEN: "unrelated-secret",
};
const secrets = [
  "ADMIN_PASSWORD",
  "ADMIN_EMAIL",
  "DATABASE_URL",
  "PGPASSWORD",
  "SMTP_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "KHALTI_SECRET_KEY",
  "ESEWA_SECRET_KEY",
];

describe("each server's environment", () => {
  it("gives the web server its own settings and the machine's, and none of the store API's secrets", () => {
    const web = environmentFor("web", started);
    assert.deepEqual(web, {
      PATH: "/usr/bin",
      HOME: "/home/shop",
      LC_ALL: "en_US.UTF-8",
      NODE_ENV: "production",
      PORT: "3000",
      SITE_URL: "https://shop.example",
      STORE_API_URL: "http://localhost:4000",
      STORE_ID: "local",
      RENDER_QUEUE: "16",
      HEADERS_TIMEOUT_MS: "10000",
      STORE_API_PORT: "4000",
    });
    const text = JSON.stringify(web);
    for (const secret of secrets) assert.ok(!text.includes(started[secret]), secret);
  });

  it("gives the store API its settings, its keys and libpq's variables, and nothing it does not read", () => {
    const api = environmentFor("store-api", started);
    for (const name of [...secrets, "ESEWA_PRODUCT_CODE", "SHOP_NAME", "STORE_API_PORT", "COD_OPEN_LIMIT", "PATH"]) {
      assert.equal(api[name], started[name], name);
    }
    for (const name of ["RENDER_QUEUE", "SOMETHING_ELSE_TOKEN"]) assert.equal(api[name], undefined, name);
  });

  it("hands those environments to npm start's two servers", () => {
    const [api, web] = shopProcesses(started);
    assert.deepEqual(
      [api, web].map(({ name, args, options }) => ({ name, args, cwd: options.cwd })),
      [
        { name: "store-api", args: [apiEntry], cwd: root },
        { name: "web", args: [webEntry], cwd: root },
      ],
    );
    assert.deepEqual(web.options.env, environmentFor("web", started));
    assert.deepEqual(api.options.env, environmentFor("store-api", started));
    assert.equal(web.options.env.ADMIN_PASSWORD, undefined);
    assert.equal(web.options.env.STRIPE_SECRET_KEY, undefined);
  });

  it("refuses an unknown server rather than handing it everything", () => {
    assert.throws(() => environmentFor("admin", started), /No settings list for the server "admin"/);
  });
});

describe("npm start's addresses", () => {
  it("follow PORT and STORE_API_PORT alone: the storefront calls and links to the moved ports", () => {
    const moved = { PATH: "/usr/bin", PORT: "3303", STORE_API_PORT: "4303" };
    assert.deepEqual(startSettings(moved).addresses, {
      SITE_URL: "http://localhost:3303",
      STORE_API_URL: "http://localhost:4303",
      PUBLIC_STORE_API_URL: "http://localhost:4303",
    });
    // The build records them, so a build made for the old ports is rebuilt.
    assert.deepEqual(webBuildSettings(moved), {
      SITE_URL: "http://localhost:3303",
      STORE_API_URL: "http://localhost:4303",
      PUBLIC_STORE_API_URL: "http://localhost:4303",
      STORE_ID: "local",
      CHAT_PHONE: "9779800000000",
    });
    assert.notDeepEqual(webBuildSettings({ PATH: "/usr/bin" }), webBuildSettings(moved));
    assert.deepEqual(shopAddressLines(moved), [
      "Shop: http://localhost:3303 (listening on port 3303)",
      "Store API: http://localhost:4303 (listening on port 4303); back office: http://localhost:4303/admin",
    ]);
  });

  it("keep the addresses that are set, and the defaults with no setting at all", () => {
    assert.deepEqual(startSettings({}).addresses, {
      SITE_URL: "http://localhost:3000",
      STORE_API_URL: "http://localhost:4000",
      PUBLIC_STORE_API_URL: "http://localhost:4000",
    });
    const set = { PORT: "3303", SITE_URL: "https://shop.example", STORE_API_URL: "http://127.0.0.1:4000" };
    assert.deepEqual(startSettings({ ...set, PUBLIC_STORE_API_URL: "https://api.shop.example" }).addresses, {
      SITE_URL: "https://shop.example",
      STORE_API_URL: "http://127.0.0.1:4000",
      PUBLIC_STORE_API_URL: "https://api.shop.example",
    });
    assert.equal(
      startSettings({ STORE_API_URL: "", STORE_API_PORT: "4303" }).addresses.STORE_API_URL,
      "http://localhost:4303",
    );
  });

  it("come with a warning while the contact number is the placeholder, and none once it is the shop's own", () => {
    for (const phone of [undefined, "", "9779800000000", "+977 980-0000000"]) {
      const [warning, ...more] = startSettings({ CHAT_PHONE: phone }).warnings;
      assert.match(
        warning ?? "",
        /^CHAT_PHONE is the placeholder \+977 9800000000: .* nobody answers\./,
        String(phone),
      );
      assert.deepEqual(more, []);
    }
    assert.deepEqual(startSettings({ CHAT_PHONE: "9779812345678" }).warnings, []);
  });
});

/** The setting names a source file's zod schema declares (`  NAME: z…`) or reads from process.env. */
function settingNames(file) {
  const text = readFileSync(path.join(root, file), "utf8");
  return [
    ...[...text.matchAll(/^\s+([A-Z][A-Z0-9_]+): z/gm)].map((match) => match[1]),
    ...[...text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]),
  ];
}

/** The store API's settings files: config.ts, and each provider's settings file that payment-settings.ts merges in. */
function storeApiSettingFiles() {
  const payments = "apps/store-api/src/payments";
  const merged = readFileSync(path.join(root, payments, "payment-settings.ts"), "utf8");
  const providers = [...merged.matchAll(/from "\.\/([a-z-]+-settings)\.ts"/g)].map(
    (match) => `${payments}/${match[1]}.ts`,
  );
  return ["apps/store-api/src/config.ts", ...providers];
}

describe("the settings lists", () => {
  it("name every setting the store API's config and payment providers read", () => {
    const names = storeApiSettingFiles().flatMap(settingNames);
    assert.ok(names.includes("ADMIN_PASSWORD") && names.length > 30);
    for (const providerKey of ["STRIPE_SECRET_KEY", "KHALTI_SECRET_KEY", "ESEWA_SECRET_KEY", "CYBERSOURCE_REST_URL"]) {
      assert.ok(names.includes(providerKey), `${providerKey} is read from its provider's settings file`);
    }
    const missing = names.filter((name) => !serverSettings["store-api"].names.includes(name));
    assert.deepEqual(missing, [], "add these to serverSettings['store-api'] in scripts/lib.mjs");
  });

  it("name every setting the web server and its pages read, and no secret", () => {
    const names = ["apps/web/server/settings.ts", "apps/web/app/lib/env.server.ts", "apps/web/server/app.ts"]
      .flatMap(settingNames)
      .filter((name) => name !== "CI");
    assert.ok(names.includes("SITE_URL") && names.includes("RENDER_QUEUE") && names.includes("LOG_REQUESTS"));
    const missing = names.filter((name) => !serverSettings.web.names.includes(name));
    assert.deepEqual(missing, [], "add these to serverSettings.web in scripts/lib.mjs");
    for (const name of serverSettings.web.names) assert.doesNotMatch(name, /SECRET|PASSWORD|KEY|SMTP|DATABASE|ADMIN/);
  });

  it("name every setting .env.example documents, so each reaches its server", () => {
    const documented = [
      ...readFileSync(path.join(root, ".env.example"), "utf8").matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm),
    ].map((match) => match[1]);
    assert.ok(documented.includes("PORT") && documented.includes("ESEWA_API_URL"));
    const listed = new Set([...serverSettings.web.names, ...serverSettings["store-api"].names]);
    assert.deepEqual(
      documented.filter((name) => !listed.has(name)),
      [],
    );
  });
});

describe("the parent watch", () => {
  it(
    "tells a script its shell died of a SIGTERM it did not pass on, as npm 11's shell does",
    { timeout: 30_000 },
    async () => {
      // A script run the way npm runs one: under `sh -c`, which here must wait for it (no exec).
      const script = path.join(mkdtempSync(path.join(tmpdir(), "herbo-parent-")), "script.mjs");
      writeFileSync(
        script,
        [
          `import { whenParentExits } from ${JSON.stringify(pathToFileURL(path.join(root, "scripts", "lib.mjs")).href)};`,
          'whenParentExits(() => { console.log("parent gone"); process.exit(0); }, { intervalMs: 50 });',
          'console.log("started " + process.pid);',
          "setInterval(() => {}, 1000);",
        ].join("\n"),
      );
      const shell = spawn("sh", ["-c", `"${process.execPath}" "${script}"; true`], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const lines = createInterface({ input: shell.stdout });
      const said = [];
      const heard = (prefix) =>
        new Promise((resolve) => {
          const found = said.find((line) => line.startsWith(prefix));
          if (found !== undefined) return resolve(found);
          lines.on("line", (line) => line.startsWith(prefix) && resolve(line));
        });
      lines.on("line", (line) => said.push(line));
      // The script holds the pipe's last writing end once the shell is gone: its end means the script ended.
      const ended = new Promise((resolve) => lines.once("close", resolve));
      await heard("started ");
      shell.kill("SIGTERM");
      assert.equal(await heard("parent gone"), "parent gone");
      await ended;
    },
  );
});

describe("the shop's own data on a laptop", () => {
  it("is never committed: ./data and the default BACKUP_DIR beside it (./backups) are ignored by git", () => {
    for (const file of ["data/shop/PG_VERSION", "backups/backup-20260301T100000.000Z.tar.gz"]) {
      const check = spawnSync("git", ["check-ignore", "--quiet", "--no-index", file], { cwd: root });
      assert.equal(check.status, 0, `${file} is not ignored by git`);
    }
    const kept = spawnSync("git", ["check-ignore", "--quiet", "--no-index", "apps/store-api/src/config.ts"], {
      cwd: root,
    });
    assert.equal(kept.status, 1, "the check itself works: source files are not ignored");
  });
});

describe("a step run beside another", () => {
  it("keeps what it wrote on both streams, for printing once it ends", async () => {
    const script = 'process.stdout.write("one\\n"); process.stderr.write("two\\n"); process.stdout.write("three\\n");';
    const { output, error } = await runKeepingOutput(process.execPath, ["-e", script]);
    assert.equal(error, undefined);
    assert.deepEqual(output.split("\n").filter(Boolean).sort(), ["one", "three", "two"]);
    // One stream's lines keep their order; the two streams' lines are kept in the order they arrived.
    assert.ok(output.indexOf("one") < output.indexOf("three"));
  });

  it("reports a failure with its output kept", async () => {
    const { output, error } = await runKeepingOutput(process.execPath, [
      "-e",
      'console.error("broken"); process.exit(3)',
    ]);
    assert.match(error?.message ?? "", /failed \(exit 3\)/);
    assert.equal(output, "broken\n");
  });
});

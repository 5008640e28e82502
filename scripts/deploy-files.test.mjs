// The container recipes in deploy/ are not run on CI (no container engine there), so their wiring is read
// here instead: every copy Caddy is told of exists, and each storefront copy asks a store API that exists.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { root } from "./lib.mjs";

const read = (file) => parse(readFileSync(path.join(root, "deploy", file), "utf8"));
const one = read("compose.yaml");
const copies = read("compose.copies.yaml");
/** What `docker compose -f compose.yaml -f compose.copies.yaml` runs: a service's settings merged key by key. */
const merged = { ...one.services };
for (const [name, service] of Object.entries(copies.services)) {
  const base = service.extends === undefined ? merged[name] : one.services[service.extends.service];
  merged[name] = {
    ...base,
    ...service,
    environment: { ...base?.environment, ...service.environment },
  };
}

function upstreamServices(services, setting) {
  return String(services.caddy.environment[setting])
    .split(/\s+/)
    .map((address) => address.split(":")[0]);
}

for (const [label, services] of [
  ["compose.yaml", one.services],
  ["with compose.copies.yaml", merged],
]) {
  test(`${label}: Caddy's upstreams are the store API and storefront services, each storefront asks a store API`, () => {
    const apis = upstreamServices(services, "HERBO_STORE_API_UPSTREAM");
    const webs = upstreamServices(services, "HERBO_WEB_UPSTREAM");
    const isApi = (name) => services[name]?.environment?.STORE_API_PORT === "4000";
    const isWeb = (name) => services[name]?.command?.includes("apps/web/dist/server.js") === true;
    assert.deepEqual(apis, Object.keys(services).filter(isApi));
    assert.deepEqual(webs, Object.keys(services).filter(isWeb));
    for (const web of webs) {
      const asked = new URL(services[web].environment.STORE_API_URL).hostname;
      assert.ok(apis.includes(asked), `${web} asks ${asked}, which is not a store API service`);
    }
    // Every store API copy shares the database and the one data volume (photos and the outbox).
    for (const api of apis) {
      assert.match(services[api].environment.DATABASE_URL, /@postgres:5432\//);
      assert.ok(services[api].volumes.includes("data:/data"));
    }
  });
}

test("two copies of each server behind Caddy", () => {
  assert.equal(upstreamServices(merged, "HERBO_STORE_API_UPSTREAM").length, 2);
  assert.equal(upstreamServices(merged, "HERBO_WEB_UPSTREAM").length, 2);
});

import http from "node:http";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebServer } from "./app";

/**
 * The web server over a build of three routes written here (no Vite build needed): `/probe`, a resource
 * route whose loader asks the store API for stock through the server's own client, `/list`, one that asks
 * for the product list (which renders share), and the root.
 */
const fakeBuild = `
export const entry = { module: { default: () => new Response("<!doctype html><p>page</p>", { headers: { "content-type": "text/html" } }) } };
export const routes = {
  root: { id: "root", path: "", module: { default: () => null } },
  "routes/probe": {
    id: "routes/probe",
    parentId: "root",
    path: "probe",
    module: {
      loader: async ({ context }) => {
        const list = await context.storeApi.getVariantStock(["prod_1"]).then(() => "answered", (error) => error.message);
        return Response.json({ list });
      },
    },
  },
  "routes/list": {
    id: "routes/list",
    parentId: "root",
    path: "list",
    module: {
      loader: async ({ context }) => {
        const list = await context.storeApi.listProducts().then((answer) => answer.count, (error) => error.message);
        return Response.json({ list });
      },
    },
  },
};
export const assets = { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" };
export const basename = "/";
export const publicPath = "/";
export const assetsBuildDirectory = "client";
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: "lazy", manifestPath: "/__manifest" };
`;

const token = "web-metrics-token-0123456789abcdef01234";
let buildFolder = "";
let storeApi: http.Server;
const storeRequests: http.IncomingHttpHeaders[] = [];
const logLines: Record<string, unknown>[] = [];

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startWeb(metricsToken: string | undefined): Promise<{ url: string; server: http.Server }> {
  const storeUrl = `http://127.0.0.1:${(storeApi.address() as AddressInfo).port}`;
  const server = await createWebServer({
    buildFolder,
    environment: {
      siteUrl: "http://shop.test",
      storeApiUrl: storeUrl,
      publicStoreApiUrl: storeUrl,
      storeId: "test-store",
      chatPhone: "9779800000000",
      storeApiTimeoutMs: 2_000,
    },
    pageCacheMs: 0,
    log: (entry) => logLines.push(entry),
    metricsToken,
  });
  return { url: await listen(server), server };
}

beforeAll(async () => {
  buildFolder = await mkdtemp(path.join(tmpdir(), "herbo-web-build-"));
  await mkdir(path.join(buildFolder, "server"));
  await mkdir(path.join(buildFolder, "client", "assets"), { recursive: true });
  await writeFile(path.join(buildFolder, "server", "index.js"), fakeBuild);
  await writeFile(path.join(buildFolder, "client", "assets", "site.css"), "body{}");
  storeApi = http.createServer((request, response) => {
    storeRequests.push({ ...request.headers, path: request.url });
    const listed = storeRequests.filter((headers) => headers.path?.includes("/products") === true).length;
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(request.url?.includes("/variants") === true ? '{"variants":[]}' : `{"count":${listed},"offset":0,"limit":0,"products":[]}`);
  });
  await listen(storeApi);
});

afterAll(async () => {
  storeApi.closeAllConnections();
  await new Promise((resolve) => storeApi.close(resolve));
  await rm(buildFolder, { recursive: true, force: true });
});

describe("the web server's request ids", () => {
  let web: { url: string; server: http.Server };
  beforeAll(async () => {
    web = await startWeb(undefined);
  });
  afterAll(async () => {
    web.server.closeAllConnections();
    await new Promise((resolve) => web.server.close(resolve));
  });

  it("passes a valid incoming id to the store API and answers it", async () => {
    const response = await fetch(`${web.url}/probe`, { headers: { "x-request-id": "edge-7.a_b" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ list: "answered" });
    expect(response.headers.get("x-request-id")).toBe("edge-7.a_b");
    expect(storeRequests.at(-1)?.["x-request-id"]).toBe("edge-7.a_b");
  });

  it("makes its own id for a request without one or with a hostile one, and sends that one on", async () => {
    const tries: Record<string, string>[] = [{}, { "x-request-id": "x".repeat(65) }, { "x-request-id": "two words" }];
    for (const headers of tries) {
      const response = await fetch(`${web.url}/probe`, { headers });
      const id = response.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(storeRequests.at(-1)?.["x-request-id"]).toBe(id);
    }
  });

  it("shares the store's product list between renders, and its call carries the id of the render that made it", async () => {
    const before = storeRequests.length;
    const answers = await Promise.all(
      ["shared-1", "shared-2", "shared-3"].map(async (id) => {
        const response = await fetch(`${web.url}/list`, { headers: { "x-request-id": id } });
        return (await response.json()) as { list: number };
      }),
    );
    const calls = storeRequests.slice(before);
    expect(calls).toHaveLength(1);
    expect(["shared-1", "shared-2", "shared-3"]).toContain(calls[0]?.["x-request-id"]);
    expect(new Set(answers.map((answer) => answer.list)).size).toBe(1);
  });

  it("answers the id on every kind of answer: asset, refused method, redirect", async () => {
    const answers = await Promise.all([
      fetch(`${web.url}/assets/site.css`),
      fetch(`${web.url}/probe`, { method: "POST" }),
      fetch(`${web.url}//probe`, { redirect: "manual" }),
    ]);
    for (const response of answers) expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes the id in its log line of a request", async () => {
    const previous = process.env.LOG_REQUESTS;
    process.env.LOG_REQUESTS = "1";
    try {
      await fetch(`${web.url}/probe`, { headers: { "x-request-id": "logged-1" } });
    } finally {
      if (previous === undefined) delete process.env.LOG_REQUESTS;
      else process.env.LOG_REQUESTS = previous;
    }
    expect(logLines.at(-1)).toMatchObject({ level: "info", requestId: "logged-1", status: 200 });
  });

  it("has no /metrics without METRICS_TOKEN: it is rendered like any unknown path", async () => {
    const metrics = await fetch(`${web.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const unknown = await fetch(`${web.url}/nowhere`);
    expect(metrics.status).toBe(unknown.status);
    expect(await metrics.text()).not.toContain("herbo_web_");
  });
});

describe("the web server's metrics", () => {
  let web: { url: string; server: http.Server };
  beforeAll(async () => {
    web = await startWeb(token);
  });
  afterAll(async () => {
    web.server.closeAllConnections();
    await new Promise((resolve) => web.server.close(resolve));
  });

  it("asks for the bearer token", async () => {
    for (const authorization of [undefined, `Bearer ${token}0`, `Basic ${token}`]) {
      const response = await fetch(
        `${web.url}/metrics`,
        authorization === undefined ? {} : { headers: { authorization } },
      );
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("herbo_web_");
    }
  });

  it("counts requests by route kind, never by path, with the render queue and page cache", async () => {
    await fetch(`${web.url}/probe?secret=asha@example.com`);
    await fetch(`${web.url}/assets/site.css`);
    const response = await fetch(`${web.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('herbo_web_http_requests_total{kind="page",method="GET",status_class="2xx"} 1');
    expect(text).toContain('herbo_web_http_requests_total{kind="asset",method="GET",status_class="2xx"} 1');
    expect(text).toContain('herbo_web_page_cache_lookups_total{outcome="miss"} 1');
    expect(text).toContain("herbo_web_render_queue_waiting 0");
    expect(text).toContain("herbo_web_render_busy_responses_total 0");
    expect(text).not.toContain("probe");
    expect(text).not.toContain("asha@");
    expect(logLines.map((entry) => JSON.stringify(entry)).join("\n")).not.toContain(token);
  });
});

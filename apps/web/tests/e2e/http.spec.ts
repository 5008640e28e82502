import http from "node:http";
import { gunzipSync } from "node:zlib";
import { e2eSettings } from "./settings.mjs";
import { expect, failedResource, test } from "./support/fixtures";
import { rawExchange, statusOf } from "./support/raw-http";

/** One request on its own connection, exactly as written (no client normalises the path). */
function rawRequest(requestLine: string, headers = ""): ReturnType<typeof rawExchange> {
  return rawExchange(e2eSettings.webUrl, `${requestLine}\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`, {
    giveUpMs: 10_000,
  });
}

const headerOf = (raw: string, name: string) => new RegExp(`\r\n${name}: ([^\r]*)`, "i").exec(raw)?.[1];

test.describe("HTTP answers of the web server", () => {
  test("fingerprinted assets are immutable, pages revalidate, both are compressed", async ({ request }) => {
    const page = await request.get("/blog", { headers: { "accept-encoding": "gzip" } });
    expect(page.status()).toBe(200);
    expect(page.headers()["cache-control"]).toBe("public, max-age=60, must-revalidate");
    expect(page.headers()["content-encoding"]).toBe("gzip");
    expect(page.headers().etag).toMatch(/^".+"$/);
    const html = await page.text();
    const asset = /"(\/assets\/entry\.client[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await request.get(asset ?? "", { headers: { "accept-encoding": "br" } });
    expect(js.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.headers()["content-encoding"]).toBe("br");
    const again = await request.get("/blog", { headers: { "if-none-match": page.headers().etag ?? "" } });
    expect(again.status()).toBe(304);
  });

  test("server-rendered pages are compressed and short-lived", async () => {
    // node:http does not decompress, so the encoding on the wire is visible.
    const { headers, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(`${e2eSettings.webUrl}/store`, { headers: { "accept-encoding": "gzip" } }, (message) => {
            const chunks: Buffer[] = [];
            message.on("data", (chunk: Buffer) => chunks.push(chunk));
            message.on("end", () => resolve({ headers: message.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      },
    );
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers["cache-control"]).toBe("no-cache");
    expect(gunzipSync(body).toString()).toContain("Our Store");
  });

  test("rendered and prerendered pages carry the whole stylesheet in their head, and no marker", async ({
    request,
  }) => {
    const styles: string[] = [];
    for (const path of ["/blog", "/store", "/product/prod_himalayan_resin", "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const style = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
      expect(style.length, path).toBeGreaterThan(10_000);
      expect(style, path).toContain("@font-face");
      expect(html, path).not.toContain("/*site-css*/");
      styles.push(style);
    }
    expect(new Set(styles).size).toBe(1);
  });

  test("every page carries the security headers and a script policy without 'unsafe-inline'", async ({ request }) => {
    for (const path of ["/", "/store", "/product/prod_himalayan_resin", "/blog", "/no-such-page"]) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["x-powered-by"], path).toBeUndefined();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      const policy = headers["content-security-policy"] ?? "";
      expect(policy, path).toContain("frame-ancestors 'none'");
      const scripts = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
      expect(scripts, path).not.toContain("unsafe-inline");
      expect(scripts, path).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
      // Plain http here: no HSTS (it is sent when SITE_URL is https).
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });

  test("canonical paths have no trailing slash: /blog/ redirects to /blog", async ({ request }) => {
    const response = await request.get("/blog/", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/blog");
  });

  test("a trailing-slash redirect never sends the browser to another site", async () => {
    for (const [path, location] of [
      ["//x//evil.com/", "/x//evil.com"],
      ["//evil.com/", "/evil.com"],
      ["/\\evil.com/", "/evil.com"],
      ["///", "/"],
      ["/blog//", "/blog"],
    ] as const) {
      const answer = await rawRequest(`GET ${path} HTTP/1.1`);
      expect(statusOf(answer.received), path).toBe(301);
      expect(headerOf(answer.received, "Location"), path).toBe(location);
    }
  });

  test("methods other than GET and HEAD get a small 405 without a render; unknown methods get 501", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"]) {
      const answer = await rawRequest(`${method} /store HTTP/1.1`, "Content-Length: 0\r\n");
      expect(statusOf(answer.received), method).toBe(405);
      expect(headerOf(answer.received, "Allow"), method).toBe("GET, HEAD");
      expect(answer.received.endsWith("\r\n\r\nMethod Not Allowed"), method).toBe(true);
    }
    const unknown = await rawRequest("FOO / HTTP/1.1");
    expect(statusOf(unknown.received)).toBe(501);
  });

  test("NUL bytes and overlong ids in paths answer 404 with the normal page, never 5xx", async ({ request }) => {
    for (const path of ["/product/%00", "/product/prod_himalayan_resin%00", `/product/${"a".repeat(5_000)}`]) {
      const response = await request.get(path);
      expect(response.status(), path.slice(0, 40)).toBe(404);
      expect(await response.text(), path.slice(0, 40)).toContain(
        "Error loading product: We could not find this product. The link may be mistyped, or it has been removed.",
      );
    }
    for (const path of ["/%00", "/blog/%00", "/shilajit-in-%00", `/${"a".repeat(5_000)}`, "/store%00"]) {
      const response = await request.get(path);
      expect(response.status(), path.slice(0, 40)).toBe(404);
      expect(await response.text(), path.slice(0, 40)).toContain("Page Not Found");
    }
  });

  test("a HEAD request does not leave an empty page in the cache for the next GET", async ({ request }) => {
    const head = await request.head("/product/prod_travel_tin");
    expect(head.status()).toBe(200);
    expect(await head.text()).toBe("");
    const page = await request.get("/product/prod_travel_tin");
    expect(await page.text()).toContain("Shilajit Travel Tin 5 g");
  });

  test("refuses oversized request bodies", async ({ request }) => {
    const response = await request.post("/store", {
      data: "x".repeat(100_000),
      headers: { "content-type": "text/plain" },
    });
    expect(response.status()).toBe(413);
  });
});

test.describe("in the browser", () => {
  test.use({ allowConsoleErrors: failedResource });

  test("no page breaks its own Content-Security-Policy", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of ["/", "/store", "/product/prod_himalayan_resin", "/blog", "/shilajit-nepal", "/no-such-page"]) {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    }
    expect(violations).toEqual([]);
  });
});

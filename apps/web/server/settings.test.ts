import { describe, expect, it } from "vitest";
import { webServerSettings } from "./settings";

describe("web server settings", () => {
  it("has defaults for everything", () => {
    expect(webServerSettings({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      pageCacheMs: 1_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      renderConcurrency: 4,
      renderQueueLength: 16,
    });
  });

  it("reads the page cache in seconds; 0 turns it off", () => {
    expect(webServerSettings({ PAGE_CACHE_SECONDS: "0" }).pageCacheMs).toBe(0);
    expect(webServerSettings({ PAGE_CACHE_SECONDS: "2.5" }).pageCacheMs).toBe(2_500);
    expect(webServerSettings({ PAGE_CACHE_SECONDS: "" }).pageCacheMs).toBe(1_000);
  });

  it("reads the timeouts and the render limits", () => {
    const settings = webServerSettings({
      HEADERS_TIMEOUT_MS: "500",
      REQUEST_TIMEOUT_MS: "1000",
      RENDER_CONCURRENCY: "2",
      RENDER_QUEUE: "0",
    });
    expect(settings).toMatchObject({
      headersTimeoutMs: 500,
      requestTimeoutMs: 1_000,
      renderConcurrency: 2,
      renderQueueLength: 0,
    });
  });

  it("has no metrics token unless METRICS_TOKEN is set, and refuses a short one without echoing it", () => {
    const token = "b".repeat(32);
    expect(webServerSettings({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => webServerSettings({ METRICS_TOKEN: "short-secret" })).toThrow(/METRICS_TOKEN/);
    expect(() => webServerSettings({ METRICS_TOKEN: "short-secret" })).not.toThrow(/short-secret/);
  });

  it("refuses bad values with a readable message", () => {
    expect(() => webServerSettings({ PAGE_CACHE_SECONDS: "-1" })).toThrow(/PAGE_CACHE_SECONDS/);
    expect(() => webServerSettings({ RENDER_CONCURRENCY: "0" })).toThrow(/RENDER_CONCURRENCY/);
    expect(() => webServerSettings({ REQUEST_TIMEOUT_MS: "abc" })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => webServerSettings({ HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" })).toThrow(
      /HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS/,
    );
  });
});

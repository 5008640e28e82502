import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("store API settings", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      publicUrl: "http://localhost:4000",
      storeId: "local",
      databaseUrl: undefined,
      reservationMs: 30 * 60_000,
    });
    expect(config.allowedOrigins).toContain("http://localhost:3000");
  });

  it("reads ALLOWED_ORIGINS as a list of origins and treats empty values as unset", () => {
    const config = loadConfig({ ALLOWED_ORIGINS: "https://shop.example/, https://www.shop.example", DATABASE_URL: "" });
    expect(config.allowedOrigins).toEqual(["https://shop.example", "https://www.shop.example"]);
    expect(config.databaseUrl).toBeUndefined();
  });

  it("reads the header and request timeouts, 10 s and 30 s by default", () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_MS: "500", REQUEST_TIMEOUT_MS: "1000" })).toMatchObject({
      headersTimeoutMs: 500,
      requestTimeoutMs: 1_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "5000", REQUEST_TIMEOUT_MS: "1000" })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "0" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it("refuses bad settings with a readable message", () => {
    expect(() => loadConfig({ STORE_API_PORT: "http" })).toThrow(/STORE_API_PORT/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: "not a url" })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ STORE_ID: "../etc" })).toThrow(/STORE_ID/);
  });
});

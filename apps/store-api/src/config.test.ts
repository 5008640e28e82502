import path from "node:path";
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

  it("sends emails to .eml files in DATA_DIR/outbox from the shop's name by default", () => {
    const config = loadConfig({ DATA_DIR: "/srv/herbo", SHOP_NAME: "Herbo Test" });
    expect(config.outboxDir).toBe(path.resolve("/srv/herbo/outbox"));
    expect(config.smtpUrl).toBeUndefined();
    expect(config.shopEmail).toBeUndefined();
    expect(config.mailFrom).toEqual({ name: "Herbo Test", address: "orders@localhost" });
    expect(config.messageIdDomain).toBe("localhost");
    expect(loadConfig({ STORE_API_URL: "https://api.shop.example" }).messageIdDomain).toBe("api.shop.example");
  });

  it("reads SHOP_EMAIL, MAIL_FROM, SMTP_URL and OUTBOX_DIR", () => {
    const config = loadConfig({
      SHOP_EMAIL: "owner@shop.example",
      MAIL_FROM: '"Herbo Shilajit, Kathmandu" <orders@shop.example>',
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      OUTBOX_DIR: "/var/mail/herbo",
      STORE_API_URL: "https://api.elsewhere.example",
    });
    expect(config.shopEmail).toBe("owner@shop.example");
    expect(config.mailFrom).toEqual({ name: "Herbo Shilajit, Kathmandu", address: "orders@shop.example" });
    expect(config.messageIdDomain).toBe("shop.example");
    expect(config.smtpUrl).toBe("smtps://user:secret@mail.example.com:465");
    expect(config.outboxDir).toBe(path.resolve("/var/mail/herbo"));
    expect(loadConfig({ MAIL_FROM: "orders@shop.example" }).mailFrom).toEqual({
      name: "",
      address: "orders@shop.example",
    });
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).smtpUrl).toBe("smtp://127.0.0.1:2525");
  });

  it("writes Message-ID domains in ASCII", () => {
    expect(loadConfig({ MAIL_FROM: "orders@bücher.example" }).messageIdDomain).toBe("xn--bcher-kva.example");
  });

  it("refuses bad email settings without repeating a password", () => {
    expect(() => loadConfig({ SHOP_EMAIL: "owner" })).toThrow(/SHOP_EMAIL/);
    expect(() => loadConfig({ MAIL_FROM: "a@shop.example, b@shop.example" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: "Herbo Shilajit" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: "https://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: "mail.example.com:587" })).toThrow(/SMTP_URL/);
    let message = "";
    try {
      loadConfig({ SMTP_URL: "http://user:hunter2@mail.example.com" });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/SMTP_URL/);
    expect(message).not.toContain("hunter2");
  });

  it("reads the first owner from ADMIN_EMAIL and ADMIN_PASSWORD, and refuses a malformed address", () => {
    expect(loadConfig({}).firstOwner).toEqual({ email: undefined, password: undefined });
    expect(loadConfig({ ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "a long passphrase" }).firstOwner).toEqual({
      email: "owner@shop.example",
      password: "a long passphrase",
    });
    expect(() => loadConfig({ ADMIN_EMAIL: "owner" })).toThrow(/ADMIN_EMAIL/);
  });

  it("never puts the password into its error messages", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "owner", ADMIN_PASSWORD: "hunter2-secret-words" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
    );
  });
});

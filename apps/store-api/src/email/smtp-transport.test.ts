import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEmailTransport } from "./create-transport.ts";
import { createSmtpTransport, describeSmtpUrl } from "./smtp-transport.ts";

describe("choosing and describing the transport", () => {
  it("describes an SMTP server without its user or password", () => {
    expect(describeSmtpUrl("smtps://shop:s3cret@mail.example.com:465")).toBe("SMTP smtps://mail.example.com:465");
    expect(createSmtpTransport("smtp://shop:s3cret@127.0.0.1:2525").description).toBe("SMTP smtp://127.0.0.1:2525");
  });

  it("refuses a URL that is not smtp:// or smtps://", () => {
    expect(() => createSmtpTransport("https://mail.example.com")).toThrow(/smtp:\/\/ or smtps:\/\//);
  });

  it("sends through SMTP when SMTP_URL is set, else writes .eml files to OUTBOX_DIR", () => {
    expect(createEmailTransport({ smtpUrl: "smtp://127.0.0.1:2525", outboxDir: "/tmp/x" }).description).toBe(
      "SMTP smtp://127.0.0.1:2525",
    );
    expect(createEmailTransport({ smtpUrl: undefined, outboxDir: path.resolve("/tmp/outbox") }).description).toBe(
      `.eml files in ${path.resolve("/tmp/outbox")}`,
    );
  });
});

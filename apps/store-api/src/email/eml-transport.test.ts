import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sampleCashOrder } from "../../test/email-fixtures.ts";
import { parseEmail } from "../../test/email-parse.ts";
import { composeEmail, type MailSettings } from "./compose.ts";
import { createEmlTransport, emlFileName } from "./eml-transport.ts";

const settings: MailSettings = {
  from: { name: "Herbo Shilajit", address: "orders@shop.example" },
  messageIdDomain: "shop.example",
  shopEmail: undefined,
};
const createdAt = new Date("2026-11-23T10:00:00.123Z");
const row = {
  id: "msg_abc-DEF_123",
  kind: "order_confirmation",
  recipient: "rita.sharma@example.com",
  createdAt,
  data: { order: sampleCashOrder() },
};
const email = { id: row.id, createdAt, message: composeEmail(row, settings) };
const never = new AbortController().signal;

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), "herbo-eml-"));
}

describe("the .eml transport", () => {
  it("names files after the row's time and id", () => {
    expect(emlFileName("msg_abc", createdAt)).toBe("2026-11-23T10-00-00Z-msg_abc.eml");
    expect(() => emlFileName("../escape", createdAt)).toThrow();
  });

  it("writes one complete RFC 822 message that mail programs open", async () => {
    const dir = path.join(folder(), "nested", "outbox");
    const transport = createEmlTransport(dir);
    await transport.deliver(email, never);
    await transport.close();
    expect(readdirSync(dir)).toEqual(["2026-11-23T10-00-00Z-msg_abc-DEF_123.eml"]);
    const raw = readFileSync(path.join(dir, "2026-11-23T10-00-00Z-msg_abc-DEF_123.eml"), "utf8");
    const parsed = parseEmail(raw);
    expect(parsed.headers.get("message-id")).toBe("<msg_abc-DEF_123@shop.example>");
    expect(parsed.headers.get("subject")).toBe("Your order HS-1001 is confirmed");
    expect(parsed.headers.get("from")).toBe("Herbo Shilajit <orders@shop.example>");
    expect(parsed.headers.get("to")).toBe("rita.sharma@example.com");
    expect(parsed.headers.get("date")).toBe("Mon, 23 Nov 2026 10:00:00 +0000");
    expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
    expect(parsed.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(parsed.text).toContain("Cash on delivery: please have Rs. 5700.00 ready in cash");
    expect(parsed.html).toContain('<html lang="en"');
    expect(parsed.html).toContain("Rs. 5700.00");
  });

  it("counts a file already there as delivered and leaves it untouched", async () => {
    const dir = folder();
    const target = path.join(dir, emlFileName(email.id, createdAt));
    writeFileSync(target, "written before a crash");
    const transport = createEmlTransport(dir);
    await transport.deliver(email, never);
    expect(readFileSync(target, "utf8")).toBe("written before a crash");
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("leaves no temp file behind and clears temp files a dead writer left over an hour ago", async () => {
    const dir = folder();
    const old = path.join(dir, ".2026-01-01T00-00-00Z-msg_old.eml.123-abcd.tmp");
    const recent = path.join(dir, ".2026-01-01T00-00-00Z-msg_new.eml.124-abcd.tmp");
    writeFileSync(old, "half a mess");
    writeFileSync(recent, "being written by another copy");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    const transport = createEmlTransport(dir);
    await transport.deliver(email, never);
    expect(readdirSync(dir).sort()).toEqual([path.basename(recent), emlFileName(email.id, createdAt)].sort());
    expect(statSync(path.join(dir, emlFileName(email.id, createdAt))).size).toBeGreaterThan(1000);
  });
});

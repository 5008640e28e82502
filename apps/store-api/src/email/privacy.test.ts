import { describe, expect, it } from "vitest";
import { describeError, maskEmail, redact } from "./privacy.ts";

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("rita@example.com")).toBe("r***@example.com");
    expect(maskEmail("a@b.np")).toBe("a***@b.np");
  });

  it("hides anything that is not an address", () => {
    expect(maskEmail("no-at-sign")).toBe("***");
    expect(maskEmail("@example.com")).toBe("***");
  });
});

describe("redact", () => {
  it("removes credentials from URLs and masks addresses", () => {
    expect(redact("connect smtps://owner:s3cret@mail.example.com:465 failed")).toBe(
      "connect smtps://***@mail.example.com:465 failed",
    );
    expect(redact("550 5.1.1 <rita.sharma@example.com>: Recipient address rejected")).toBe(
      "550 5.1.1 <r***@example.com>: Recipient address rejected",
    );
  });
});

describe("describeError", () => {
  it("is one short line with the code, the response code and the redacted message", () => {
    const error = Object.assign(
      new Error("Can't send mail - all recipients were rejected:\n550 <rita@example.com> unknown"),
      {
        code: "EENVELOPE",
        responseCode: 550,
      },
    );
    expect(describeError(error)).toBe(
      "EENVELOPE 550 Can't send mail - all recipients were rejected: 550 <r***@example.com> unknown",
    );
  });

  it("is cut to 300 characters", () => {
    const text = describeError(new Error("x".repeat(1000)));
    expect(text).toHaveLength(300);
    expect(text.endsWith("…")).toBe(true);
  });

  it("describes thrown non-errors", () => {
    expect(describeError("plain text")).toBe("plain text");
  });
});

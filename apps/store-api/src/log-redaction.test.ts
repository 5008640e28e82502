import { describe, expect, it } from "vitest";
import { redactedRequest, redactSessionIds, withRedactedUrls } from "./log-redaction.ts";

describe("session ids in logged URLs", () => {
  it("replaces every session id in paths and query values", () => {
    expect(redactSessionIds("/checkout/cs_01HABCDEF_x-y")).toBe("/checkout/cs_[redacted]");
    expect(redactSessionIds("/checkout/cs_abc/pay")).toBe("/checkout/cs_[redacted]/pay");
    expect(redactSessionIds("/x?session=cs_abc&b=cs_def")).toBe("/x?session=cs_[redacted]&b=cs_[redacted]");
  });

  it("leaves other ids alone, also ones that merely contain cs_", () => {
    expect(redactSessionIds("/store/local/products/prod_docs_kit")).toBe("/store/local/products/prod_docs_kit");
    expect(redactSessionIds("/store/local/variants?product_ids[]=prod_1")).toBe(
      "/store/local/variants?product_ids[]=prod_1",
    );
  });

  it("logs the usual request fields", () => {
    expect(
      redactedRequest({
        method: "POST",
        url: "/checkout/cs_abc/pay",
        ip: "10.0.0.1",
        host: "api.test",
        socket: { remotePort: 5 },
      }),
    ).toEqual({
      method: "POST",
      url: "/checkout/cs_[redacted]/pay",
      version: undefined,
      host: "api.test",
      remoteAddress: "10.0.0.1",
      remotePort: 5,
    });
  });

  it("keeps a logger that is off, off, and adds the serializer to any other", () => {
    expect(withRedactedUrls(undefined)).toBe(false);
    expect(withRedactedUrls(false)).toBe(false);
    expect(withRedactedUrls(true)).toEqual({ serializers: { req: redactedRequest } });
    expect(withRedactedUrls({ level: "warn" })).toEqual({ level: "warn", serializers: { req: redactedRequest } });
  });
});

import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  privateError,
  redactedRequest,
  redactFields,
  redactLine,
  redactSecrets,
  redactUrl,
  referenceTail,
  withPrivateLogs,
} from "./log-redaction.ts";

const orderToken = "Jq3vX9_aZ-0123456789abcdefABCDEF";

describe("checkout ids and order tokens in logged URLs", () => {
  it("replaces every session id and attempt id in paths", () => {
    expect(redactUrl("/checkout/cs_01HABCDEF_x-y")).toBe("/checkout/cs_[redacted]");
    expect(redactUrl("/checkout/cs_abc/pay")).toBe("/checkout/cs_[redacted]/pay");
    expect(redactUrl("/checkout/cs_abc/continue/pa_def")).toBe("/checkout/cs_[redacted]/continue/pa_[redacted]");
  });

  it("replaces the order page's token, whatever its length", () => {
    expect(redactUrl(`/orders/${orderToken}`)).toBe("/orders/[redacted]");
    expect(redactUrl("/orders/short")).toBe("/orders/[redacted]");
    expect(redactUrl(`/orders/${orderToken}/`)).toBe("/orders/[redacted]/");
  });

  it("leaves other ids alone, also ones that merely contain cs_, and the back office's order numbers", () => {
    expect(redactUrl("/store/local/products/prod_docs_kit")).toBe("/store/local/products/prod_docs_kit");
    expect(redactUrl("/store/local/variants?product_ids[]=prod_1")).toBe("/store/local/variants?product_ids[]=prod_1");
    expect(redactUrl("/admin/api/orders/HS-1001")).toBe("/admin/api/orders/HS-1001");
    expect(redactUrl("/admin/api/orders/export.csv?from=2026-01-01&to=2026-01-31")).toBe(
      "/admin/api/orders/export.csv?from=2026-01-01&to=2026-01-31",
    );
  });

  it("keeps the catalogue's and the filters' query values, and no other", () => {
    expect(redactUrl("/store/local/products?limit=5&order=asc&ids%5B%5D=prod_1")).toBe(
      "/store/local/products?limit=5&order=asc&ids%5B%5D=prod_1",
    );
    expect(redactUrl("/admin/api/orders?q=Asha+Gurung&paymentStatus=paid&page=2")).toBe(
      "/admin/api/orders?q=[redacted]&paymentStatus=paid&page=2",
    );
    expect(redactUrl("/x?session=cs_abc&b=cs_def&asha@example.com")).toBe(
      "/x?session=[redacted]&b=[redacted]&[redacted]",
    );
    expect(redactUrl("/checkout/cs_abc?country=NP")).toBe("/checkout/cs_[redacted]?country=NP");
  });

  it("drops a provider's whole return query", () => {
    expect(
      redactUrl("/checkout/cs_abc/return/khalti?pidx=bZQLD9wRVWo4CdESSfuSsB&transaction_id=GFq9&mobile=98XXXXX904"),
    ).toBe("/checkout/cs_[redacted]/return/khalti?[redacted]");
    expect(redactUrl("/checkout/cs_abc/return/esewa?data=eyJ0cmFuc2FjdGlvbl9jb2RlIjoiMDAwQUVPNSJ9")).toBe(
      "/checkout/cs_[redacted]/return/esewa?[redacted]",
    );
    expect(redactUrl("/checkout/cs_abc/return/stripe?reference=cs_test_a1b2")).toBe(
      "/checkout/cs_[redacted]/return/stripe?[redacted]",
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
});

describe("secrets in any text", () => {
  it("redacts ids and tokens in messages, but not file names or words that contain the prefixes", () => {
    expect(redactSecrets('{"session":"cs_live_a1B2","attempt":"pa_x-Y"}')).toBe(
      '{"session":"cs_[redacted]","attempt":"pa_[redacted]"}',
    );
    expect(redactSecrets(`see https://api.test/orders/${orderToken} now`)).toBe(
      "see https://api.test/orders/[redacted] now",
    );
    expect(redactSecrets("at src/orders/cash-on-delivery-limits.ts:12")).toBe(
      "at src/orders/cash-on-delivery-limits.ts:12",
    );
    expect(redactSecrets("prod_docs_kit spa_day")).toBe("prod_docs_kit spa_day");
  });

  it("removes a failed statement's parameters from a JSON line", () => {
    const line = JSON.stringify({
      msg: 'Failed query: select 1 where x = $1\nparams: asha@example.com,"a\\"b"',
      level: 50,
    });
    const redacted = redactLine(line);
    expect(redacted).not.toContain("asha@example.com");
    expect(JSON.parse(redacted)).toEqual({ msg: "Failed query: select 1 where x = $1\nparams: [redacted]", level: 50 });
  });
});

describe("fields of application log lines", () => {
  it("keeps a provider reference's last 4 characters and drops search text", () => {
    expect(referenceTail("bZQLD9wRVWo4CdESSfuSsB")).toBe("…uSsB");
    expect(referenceTail("short")).toBe("[redacted]");
    expect(
      redactFields({
        session: "cs_abc",
        attempt: "pa_def",
        order: "HS-1001",
        reference: "bZQLD9wRVWo4CdESSfuSsB",
        nested: { paymentReference: "pi_3MtwBwLkdIwHu7ix28a3tqPa", q: "Asha" },
        list: ["cs_x"],
      }),
    ).toEqual({
      session: "cs_[redacted]",
      attempt: "pa_[redacted]",
      order: "HS-1001",
      reference: "…uSsB",
      nested: { paymentReference: "…tqPa", q: "[redacted]" },
      list: ["cs_[redacted]"],
    });
  });

  it("leaves errors and requests to their serializers", () => {
    const error = new Error("boom");
    expect((redactFields({ err: error }) as { err: unknown }).err).toBe(error);
  });
});

describe("failed SQL statements", () => {
  /** The shape drizzle gives a failed statement: the parameters in the message and in `params`, pg's error as cause. */
  function failedStatement() {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "asha@example.com"'), {
      severity: "ERROR",
      code: "22P02",
      detail: "Key (email)=(asha@example.com) already exists.",
      where: "SQL function, asha@example.com",
      hint: "asha@example.com",
    });
    const error = new Error(
      "Failed query: select * from orders where access_token = $1 and email = $2\nparams: Jq3vX9,asha@example.com",
    );
    return Object.assign(error, {
      name: "DrizzleQueryError",
      query: "select * from orders where access_token = $1 and email = $2",
      params: ["Jq3vX9", "asha@example.com"],
      cause,
    });
  }

  it("keeps the statement, the SQLSTATE and the stack, and drops the parameters and quoted values", () => {
    const logged = privateError(failedStatement()) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    expect(text).not.toContain("asha@example.com");
    expect(text).not.toContain("Jq3vX9");
    expect(logged).toMatchObject({
      type: "Error",
      name: "DrizzleQueryError",
      message: "Failed query: select * from orders where access_token = $1 and email = $2\nparams: [redacted]",
      query: "select * from orders where access_token = $1 and email = $2",
      cause: { code: "22P02", severity: "ERROR", message: 'invalid input syntax for type integer: "[redacted]"' },
    });
    expect(logged).not.toHaveProperty("params");
    expect(logged.cause).not.toHaveProperty("detail");
    expect(String(logged.stack)).toMatch(/^DrizzleQueryError: Failed query: .*\nparams: \[redacted\]\n\s+at /);
  });

  it("is the logger's error serializer, so a 500 logs no parameter", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: withPrivateLogs({ level: "info", stream }) });
    app.get("/orders/:token", async () => {
      throw failedStatement();
    });
    app.setErrorHandler((error, request, reply) => {
      request.log.error({ err: error, session: "cs_abc", reference: "bZQLD9wRVWo4CdESSfuSsB" }, "request failed");
      return reply.code(500).send({ error: "internal" });
    });
    const answer = await app.inject({ method: "GET", url: `/orders/${orderToken}?q=Asha` });
    await app.close();
    expect(answer.statusCode).toBe(500);
    const text = lines.join("");
    expect(text).toContain("request failed");
    expect(text).toContain('"url":"/orders/[redacted]?q=[redacted]"');
    expect(text).toContain('"reference":"…uSsB"');
    for (const secret of ["asha@example.com", "Jq3vX9", "cs_abc", "Asha", "bZQLD9wRVWo4CdESSfuSsB"]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("the logger options", () => {
  it("keeps a logger that is off, off, and adds the serializers, formatter and hook to any other", () => {
    expect(withPrivateLogs(undefined)).toBe(false);
    expect(withPrivateLogs(false)).toBe(false);
    expect(withPrivateLogs(true)).toMatchObject({ serializers: { req: redactedRequest } });
    const options = withPrivateLogs({ level: "warn" });
    expect(options).toMatchObject({ level: "warn", serializers: { req: redactedRequest } });
    if (typeof options !== "object") throw new Error("expected options");
    const error = Object.assign(new Error("Failed query: select 1\nparams: asha@example.com"), {
      query: "select 1",
      code: "42P01",
      statusCode: 500,
    });
    expect(options.serializers?.err?.(error)).toEqual(privateError(error));
    expect(JSON.stringify(options.serializers?.err?.(error))).not.toContain("asha@example.com");
    expect(options.hooks?.streamWrite?.('{"session":"cs_abc"}')).toBe('{"session":"cs_[redacted]"}');
    expect(options.formatters?.log?.({ reference: "bZQLD9wRVWo4CdESSfuSsB" })).toEqual({ reference: "…uSsB" });
  });
});

describe("the rules, one by one", () => {
  it("keeps each harmless query parameter and redacts any other, whatever its form", () => {
    for (const key of [
      "ids",
      "ids[]",
      "product_ids",
      "product_ids[]",
      "fields",
      "limit",
      "offset",
      "order",
      "sort_by",
      "is_hidden",
      "to_date",
      "country",
      "page",
      "status",
      "paymentMethod",
      "paymentStatus",
      "fulfilmentStatus",
      "from",
      "to",
    ]) {
      expect(redactUrl(`/store/x?${key}=kept`), key).toBe(`/store/x?${key}=kept`);
    }
    expect(redactUrl("/store/x?ids%5B%5D=a&product_ids%5B%5D=b")).toBe("/store/x?ids%5B%5D=a&product_ids%5B%5D=b");
    expect(redactUrl("/x?flag")).toBe("/x?[redacted]");
    expect(redactUrl("/x?=secret")).toBe("/x?=[redacted]");
    expect(redactUrl("?q=secret")).toBe("?q=[redacted]");
    expect(redactUrl("/store?")).toBe("/store?");
    expect(redactUrl("/x?%E0%A4%A=secret")).toBe("/x?%E0%A4%A=[redacted]");
    // Only a provider's return at the start of the path loses its whole query.
    expect(redactUrl("/a/checkout/b/return/khalti?page=2")).toBe("/a/checkout/b/return/khalti?page=2");
    expect(redactUrl("/checkout/b/return/khalti?page=2")).toBe("/checkout/b/return/khalti?[redacted]");
  });

  it("logs a request's version header only when it is one string, and a request without a socket", () => {
    const base = { method: "GET", url: "/health", host: "api.test", ip: "203.0.113.9" };
    expect(redactedRequest({ ...base, headers: { "accept-version": "2" }, socket: { remotePort: 5 } })).toEqual({
      method: "GET",
      url: "/health",
      version: "2",
      host: "api.test",
      remoteAddress: "203.0.113.9",
      remotePort: 5,
    });
    expect(
      redactedRequest({ ...base, headers: { "accept-version": ["1", "2"] }, socket: null }).version,
    ).toBeUndefined();
    expect(redactedRequest({ ...base, socket: null }).remotePort).toBeUndefined();
    expect(redactedRequest({ method: "GET" }).url).toBe("");
  });

  it("keeps an error that is not an object as it is, with ids out of a string", () => {
    expect(privateError("paying cs_abc failed")).toBe("paying cs_[redacted] failed");
    expect(privateError(42)).toBe(42);
    expect(privateError(null)).toBeNull();
    expect(privateError(undefined)).toBeUndefined();
  });

  it("drops a quoted value at the end of a database error's message only, and drizzle's parameters everywhere", () => {
    const fromPg = { severity: "ERROR", message: 'invalid input syntax for type integer: "asha@example.com"' };
    expect(privateError(fromPg)).toMatchObject({ message: 'invalid input syntax for type integer: "[redacted]"' });
    const fromDrizzle = { query: "select $1", message: 'bad value: "asha@example.com"' };
    expect(privateError(fromDrizzle)).toMatchObject({ message: 'bad value: "[redacted]"', query: "select $1" });
    const quotedInside = { severity: "ERROR", message: 'column "email" does not exist' };
    expect(privateError(quotedInside)).toMatchObject({ message: 'column "email" does not exist' });
    const plain = new Error('the shopper typed: "Asha"');
    expect(privateError(plain)).toMatchObject({ type: "Error", message: 'the shopper typed: "Asha"' });
    const multiline = new Error("Failed query: select 1\nparams: asha@example.com,9812345678\nmore");
    expect(privateError(multiline)).toMatchObject({ message: "Failed query: select 1\nparams: [redacted]" });
  });

  it("keeps an error's stack frames only, its name when it differs, its describing fields and a short query", () => {
    const error = Object.assign(new TypeError("bad"), {
      stack:
        "TypeError: bad asha@example.com\n    at run (file.ts:1:1)\nasha@example.com\n    at main (cs_secret.ts:2:2)",
      name: "DatabaseError",
      code: "23505",
      statusCode: 409,
      constraint: "orders_number_unique",
      detail: "Key (email)=(asha@example.com) already exists.",
      hint: "asha",
      query: `select ${"x".repeat(3_000)}`,
    });
    const kept = privateError(error) as Record<string, unknown>;
    expect(kept.stack).toBe("DatabaseError: bad\n    at run (file.ts:1:1)\n    at main (cs_[redacted].ts:2:2)");
    expect(kept).toMatchObject({ type: "TypeError", name: "DatabaseError", code: "23505", statusCode: 409 });
    expect(kept.constraint).toBe("orders_number_unique");
    expect(kept.detail).toBeUndefined();
    expect(kept.hint).toBeUndefined();
    expect((kept.query as string).length).toBe(2_000);
    expect(privateError({ message: 7, name: "Object" })).toEqual({ type: "Object" });
    expect(privateError({ stack: "Error: x\n    at a (b:1:1)" })).toEqual({
      type: "Object",
      stack: "Object: \n    at a (b:1:1)",
    });
    expect(privateError({ code: { nested: true }, table: "orders" })).toEqual({ type: "Object", table: "orders" });
  });

  it("follows an error's causes three deep, no further", () => {
    const deep = {
      message: "1",
      cause: { message: "2", cause: { message: "3", cause: { message: "4", cause: { message: "5" } } } },
    };
    expect(privateError(deep)).toEqual({
      type: "Object",
      message: "1",
      cause: {
        type: "Object",
        message: "2",
        cause: { type: "Object", message: "3", cause: { type: "Object", message: "4" } },
      },
    });
    expect(privateError({ message: "alone" })).toEqual({ type: "Object", message: "alone" });
  });

  it("shortens every reference field and drops every private field, five objects deep", () => {
    const reference = "ref_0123456789";
    for (const field of ["reference", "paymentReference", "refundReference", "providerReference", "pidx"]) {
      expect(redactFields({ [field]: reference }), field).toEqual({ [field]: "…6789" });
    }
    for (const field of ["q", "search", "customer", "password"]) {
      expect(redactFields({ [field]: { name: "Asha" } }), field).toEqual({ [field]: "[redacted]" });
    }
    expect(redactFields({ reference: 12345 })).toEqual({ reference: 12345 });
    expect(redactFields({ list: [{ pidx: reference }, "cs_abc"] })).toEqual({
      list: [{ pidx: "…6789" }, "cs_[redacted]"],
    });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { reference });
    expect(redactFields(bare)).toEqual({ reference: "…6789" });
    const instance = new URL("http://x.test/?pidx=1");
    expect(redactFields({ at: instance })).toEqual({ at: instance });
    const nested = { a: { b: { c: { d: { pidx: reference } } } } };
    expect(redactFields(nested)).toEqual({ a: { b: { c: { d: { pidx: "…6789" } } } } });
    const deeper = { a: { b: { c: { d: { e: { pidx: reference } } } } } };
    expect(redactFields(deeper)).toEqual(deeper);
    expect(redactFields(null)).toBeNull();
    expect(redactFields(7)).toBe(7);
  });

  it("keeps the last 4 characters of a reference longer than 8, and nothing of a shorter one", () => {
    expect(referenceTail("12345678")).toBe("[redacted]");
    expect(referenceTail("123456789")).toBe("…6789");
  });

  it("runs a logger's own formatter and stream hook before its own rules", () => {
    const options = withPrivateLogs({
      formatters: { log: (object) => ({ ...object, pidx: "from-own-formatter-0000" }) },
      hooks: { streamWrite: (line) => `${line} cs_added` },
    });
    if (typeof options !== "object") throw new Error("expected options");
    expect(options.formatters?.log?.({ msg: "x" })).toEqual({ msg: "x", pidx: "…0000" });
    expect(options.hooks?.streamWrite?.("line")).toBe("line cs_[redacted]");
    const plain = withPrivateLogs(true);
    if (typeof plain !== "object") throw new Error("expected options");
    expect(plain.hooks?.streamWrite?.("cs_x")).toBe("cs_[redacted]");
    expect(plain.formatters?.log?.({ q: "Asha" })).toEqual({ q: "[redacted]" });
  });
});

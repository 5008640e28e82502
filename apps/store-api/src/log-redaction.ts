import type { FastifyServerOptions } from "fastify";

/**
 * What the logs keep. A log is read by more people, and kept longer, than the database: nothing in it may let
 * a reader pay, cancel or look at a shopper's order, or tell who the shopper is. So every line, whatever
 * wrote it, is passed through these rules:
 * - checkout session ids (`cs_…`, Stripe's `cs_test_…` too) and payment attempt ids (`pa_…`) become
 *   `cs_[redacted]` and `pa_[redacted]`, in URLs, fields, messages and stack traces alike;
 * - the token of an order page (`/orders/<token>`) becomes `/orders/[redacted]`;
 * - a URL keeps only the query parameters of the catalogue and the back office's filters; any other value
 *   (the back office's search text `q`, whatever a visitor makes up) becomes `[redacted]`, and a provider's
 *   return (`/checkout/…/return/…?pidx=…&mobile=…`, eSewa's `data`, Stripe's `reference`) loses its whole query;
 * - a provider's reference in a field keeps its last 4 characters (the back office shows it whole);
 * - a failed SQL statement is logged without its parameters, a database error without its `detail`;
 * - no request header is logged, so neither is the metrics scraper's `Authorization` (METRICS_TOKEN).
 */

/** A checkout session id or a payment attempt id, wherever it stands (not inside a word such as prod_docs_kit). */
const checkoutIds = /(?<![A-Za-z0-9_-])(cs|pa)_[A-Za-z0-9_-]+/g;
/** An order page's token after `/orders/` (not an order number such as HS-1001, nor a file such as src/orders/x.ts). */
const orderTokens = /(?<=\/orders\/)[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_.-])/g;
/** The parameters drizzle appends to a failed statement's message ("Failed query: …\nparams: …"), to the end. */
const statementParameters = /\nparams: [\s\S]*$/;
/** The same, inside a JSON log line: up to the end of the string value. */
const jsonStatementParameters = /\\nparams: (?:[^"\\]|\\.)*/g;

/** The text with every checkout session id, payment attempt id and order page token replaced. */
export function redactSecrets(text: string): string {
  return text.replace(checkoutIds, "$1_[redacted]").replace(orderTokens, "[redacted]");
}

/** Query parameters whose values tell nothing about a shopper: the catalogue's and the back office's filters. */
const harmlessQueryKeys = new Set([
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
]);

/** A provider's return: its whole query is the provider's answer (references, the payer's mobile, signed data). */
const providerReturn = /^\/checkout\/[^/?#]*\/return\//;

function decodedKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

function redactQuery(path: string, query: string): string {
  if (providerReturn.test(path)) return "[redacted]";
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const key = equals < 0 ? pair : pair.slice(0, equals);
      if (harmlessQueryKeys.has(decodedKey(key))) return redactSecrets(pair);
      return equals < 0 ? "[redacted]" : `${redactSecrets(key)}=[redacted]`;
    })
    .join("&");
}

/** A request URL as the access log keeps it: no checkout id, order token, search text or provider answer. */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  const keptPath = redactSecrets(path).replace(/^\/orders\/[^/]+/, "/orders/[redacted]");
  if (mark < 0) return keptPath;
  const query = url.slice(mark + 1);
  return query === "" ? `${keptPath}?` : `${keptPath}?${redactQuery(path, query)}`;
}

/** What the request serializer reads: Fastify passes its request, typed as Node's. */
interface LoggedRequest {
  method?: string | undefined;
  url?: string | undefined;
  ip?: string;
  host?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number | undefined } | null;
}

/** Fastify's request log line, with the URL as redactUrl keeps it. */
export function redactedRequest(request: LoggedRequest) {
  const version = request.headers?.["accept-version"];
  return {
    method: request.method,
    url: redactUrl(request.url ?? ""),
    version: typeof version === "string" ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields of an error that describe it without carrying data: pg's and drizzle's, Fastify's and Node's. */
const describingFields = [
  "code",
  "statusCode",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
] as const;

/** A database error's message may end by quoting the value it refused (`invalid input syntax …: "asha@…"`). */
const quotedValue = /(: )"[^"]*"$/;

/** The message without drizzle's parameters, without a quoted value at its end, and with ids redacted. */
function cleanMessage(message: string, fromDatabase: boolean): string {
  const withoutParameters = message.replace(statementParameters, "\nparams: [redacted]");
  return redactSecrets(fromDatabase ? withoutParameters.replace(quotedValue, '$1"[redacted]"') : withoutParameters);
}

/**
 * An error as the log keeps it: its type, message and stack, the fields that say what failed (SQLSTATE,
 * constraint, table), the statement (drizzle's `query`, with $1 placeholders), and its causes the same way.
 * Dropped: a statement's parameters (`params`, also in the message), pg's `detail`, `hint`, `where` and
 * `internalQuery`, which quote the values a statement carried.
 */
export function privateError(error: unknown, depth = 0): unknown {
  if (typeof error !== "object" || error === null) {
    return typeof error === "string" ? redactSecrets(error) : error;
  }
  const source = error as Record<string, unknown>;
  const fromDatabase = typeof source.severity === "string" || "query" in source;
  const type = error instanceof Error ? error.constructor.name : "Object";
  const message = typeof source.message === "string" ? cleanMessage(source.message, fromDatabase) : undefined;
  const result: Record<string, unknown> = { type };
  if (message !== undefined) result.message = message;
  if (typeof source.stack === "string") {
    const frames = source.stack.split("\n").filter((line) => /^\s+at /.test(line));
    result.stack = redactSecrets([`${String(source.name ?? type)}: ${message ?? ""}`, ...frames].join("\n"));
  }
  if (typeof source.name === "string" && source.name !== type) result.name = source.name;
  for (const field of describingFields) {
    const value = source[field];
    if (typeof value === "string" || typeof value === "number") result[field] = value;
  }
  if (typeof source.query === "string") result.query = redactSecrets(source.query.slice(0, 2_000));
  if (source.cause !== undefined && depth < 3) result.cause = privateError(source.cause, depth + 1);
  return result;
}

/** Fastify's error serializer: an error is always an object, so privateError answers one. */
function serializedError(error: Error): { type: string; message: string; stack: string } {
  return privateError(error) as { type: string; message: string; stack: string };
}

/** Fields whose value is a payment provider's reference: kept as its last 4 characters. */
const referenceFields = new Set(["reference", "paymentReference", "refundReference", "providerReference", "pidx"]);
/** Fields whose value is someone's words: never kept. */
const privateFields = new Set(["q", "search", "customer", "password", "authorization", "metricsToken"]);

/** The last 4 characters of a reference, enough to find it among a day's payments and no more. */
export function referenceTail(value: string): string {
  return value.length <= 8 ? "[redacted]" : `…${value.slice(-4)}`;
}

/** A log call's own fields with references shortened and private words dropped, in plain objects and arrays. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (depth > 4 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((entry) => redactFields(entry, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  // Requests, replies and errors are left to their serializers.
  if (prototype !== Object.prototype && prototype !== null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (privateFields.has(key)) result[key] = "[redacted]";
    else if (referenceFields.has(key) && typeof entry === "string") result[key] = referenceTail(entry);
    else result[key] = redactFields(entry, depth + 1);
  }
  return result;
}

/** The last look at every line before it is written: ids, order tokens and statement parameters, wherever they are. */
export function redactLine(line: string): string {
  return redactSecrets(line).replace(jsonStatementParameters, "\\nparams: [redacted]");
}

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** Logger options that keep what the rules above allow, and nothing more; off stays off. */
export function withPrivateLogs(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === undefined || logger === false) return false;
  const options: LoggerOptions = logger === true ? {} : logger;
  const ownLog = options.formatters?.log;
  const ownWrite = options.hooks?.streamWrite;
  return {
    ...options,
    serializers: { ...options.serializers, req: redactedRequest, err: serializedError },
    formatters: {
      ...options.formatters,
      log: (object) => redactFields(ownLog === undefined ? object : ownLog(object)) as Record<string, unknown>,
    },
    hooks: {
      ...options.hooks,
      streamWrite: (line) => redactLine(ownWrite === undefined ? line : ownWrite(line)),
    },
  };
}

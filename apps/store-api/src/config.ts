import path from "node:path";
import { z } from "zod";

const originList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
  )
  .pipe(z.array(z.url().transform((entry) => new URL(entry).origin)));

const environmentSchema = z.object({
  STORE_API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  STORE_API_HOST: z.string().default("0.0.0.0"),
  STORE_API_URL: z.url().default("http://localhost:4000"),
  STORE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "STORE_ID may hold letters, digits, '_' and '-'")
    .default("local"),
  SITE_URL: z.url().default("http://localhost:3000"),
  ALLOWED_ORIGINS: originList.optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  PAYMENT_PROVIDER: z.literal("sandbox").default("sandbox"),
  RESERVATION_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(30),
  TRUST_PROXY: z.enum(["true", "false", "1", "0"]).default("false"),
  SHOP_NAME: z.string().min(1).default("Herbo Shilajit"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
});

export interface StoreApiConfig {
  port: number;
  host: string;
  /** The public origin of this API; hosted checkout URLs are built on it. */
  publicUrl: string;
  storeId: string;
  /** Origins that may call the API from a browser and receive checkout redirects. */
  allowedOrigins: readonly string[];
  databaseUrl: string | undefined;
  dataDir: string;
  reservationMs: number;
  /** How long a catalogue answer may be reused when no stock changed in this process. */
  catalogCacheMs: number;
  /** Checkouts allowed per client address per minute; 0 turns the limit off. */
  checkoutRateLimit: number;
  /** Take the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  shopName: string;
  logLevel: string;
  /** Time allowed for a request line and headers, and for a whole request with its body, to arrive. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** Parses the environment once at start-up; throws a readable error for a bad setting. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): StoreApiConfig {
  const parsed = environmentSchema.safeParse(stripEmpty(environment));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid store API settings:\n  ${problems.join("\n  ")}`);
  }
  const settings = parsed.data;
  if (settings.HEADERS_TIMEOUT_MS > settings.REQUEST_TIMEOUT_MS) {
    throw new Error("Invalid store API settings:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS");
  }
  const siteOrigin = new URL(settings.SITE_URL).origin;
  const allowedOrigins = settings.ALLOWED_ORIGINS ?? [siteOrigin, "http://localhost:3000", "http://127.0.0.1:3000"];
  return {
    port: settings.STORE_API_PORT,
    host: settings.STORE_API_HOST,
    publicUrl: settings.STORE_API_URL.replace(/\/+$/, ""),
    storeId: settings.STORE_ID,
    allowedOrigins: [...new Set(allowedOrigins)],
    databaseUrl: settings.DATABASE_URL,
    dataDir: path.resolve(settings.DATA_DIR),
    reservationMs: Math.round(settings.RESERVATION_MINUTES * 60_000),
    catalogCacheMs: settings.CATALOG_CACHE_MS,
    checkoutRateLimit: settings.CHECKOUT_RATE_LIMIT,
    trustProxy: settings.TRUST_PROXY === "true" || settings.TRUST_PROXY === "1",
    shopName: settings.SHOP_NAME,
    logLevel: settings.LOG_LEVEL,
    headersTimeoutMs: settings.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
  };
}

/** Treats `FOO=` like an unset variable, as shells and .env files often produce it. */
function stripEmpty(environment: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(environment)) {
    if (value !== undefined && value !== "") result[key] = value;
  }
  return result;
}

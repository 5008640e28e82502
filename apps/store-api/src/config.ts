import path from "node:path";
import type { MediaBucketSettings } from "./media/bucket-media-store.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";
import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import { bearerTokenSetting } from "@herbo/hosted-api/bearer-token";
import { chatPhoneSetting, defaultPorts, localUrl, placeholderChatPhone } from "@herbo/hosted-api/shop-defaults";
import {
  paymentEnvironment,
  paymentSettingsOf,
  requiredSettingsOf,
  type PaymentSettings,
} from "./payments/payment-settings.ts";
import { defaultPaymentMethods, paymentMethodNames } from "./payments/registry.ts";

const originList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
  )
  .pipe(z.array(z.url().transform((entry) => new URL(entry).origin)));

/** One mailbox, "Name <address>" or a bare address; a list or group is refused. */
const mailbox = z.string().transform((value, context) => {
  const parsed = addressparser(value, { flatten: true });
  const [only] = parsed;
  if (
    parsed.length !== 1 ||
    only === undefined ||
    !z.email({ pattern: z.regexes.idnEmail }).safeParse(only.address).success
  ) {
    context.addIssue({ code: "custom", message: 'expected one address, e.g. "Herbo Shilajit <orders@shop.example>"' });
    return z.NEVER;
  }
  return { name: only.name, address: only.address };
});

/** A line of the seller's name or address: printable text, no line breaks or control characters. */
const sellerText = /^[^\p{Cc}]{1,120}$/u;

/** The bearer token a metrics scraper sends: long, random, and safe in a header. */
export const metricsToken = z.string().regex(bearerTokenSetting.pattern, bearerTokenSetting.message);

const environmentSchema = z.object({
  STORE_API_PORT: z.coerce.number().int().min(0).max(65535).default(defaultPorts.storeApi),
  STORE_API_HOST: z.string().default("0.0.0.0"),
  // Unset: this machine's address on STORE_API_PORT.
  STORE_API_URL: z.url().optional(),
  // The storefront's port: only for SITE_URL's and ALLOWED_ORIGINS' defaults when they are unset.
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  STORE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "STORE_ID may hold letters, digits, '_' and '-'")
    .default("local"),
  // Unset: this machine's address on the storefront's PORT.
  SITE_URL: z.url().optional(),
  ALLOWED_ORIGINS: originList.optional(),
  // The storefront's contact number: the store API only warns the owner while it is the placeholder.
  CHAT_PHONE: z.string().regex(chatPhoneSetting.pattern, chatPhoneSetting.message).default(placeholderChatPhone),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  BACKUP_DIR: z.string().min(1).optional(),
  // At most 24 days: a timer's longest wait.
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 24, "at most 576 (24 days); 0 turns scheduled backups off")
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1, "keep at least 1 backup").max(10_000).default(7),
  RESERVATION_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(30),
  PAYMENT_ATTEMPT_LIMIT: z.coerce.number().int().min(0).max(10_000).default(8),
  CHECKOUT_HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(10),
  CHECKOUT_UNITS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(60),
  // Hours after a checkout was started that a shopper who asked for it gets one reminder; a week at most.
  CHECKOUT_REMINDER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7, "at most 168 (a week)")
    .default(3),
  // Days after delivery that a buyer is asked to review what they bought; a quarter of a year at most.
  REVIEW_REQUEST_DAYS: z.coerce.number().min(0).max(90, "at most 90").default(10),
  COD_OPEN_LIMIT: z.coerce.number().int().min(0).max(1_000).default(3),
  // Rs 25,000 in paisa: several jars, never a wholesale load on a courier's word.
  COD_MAX_TOTAL: z.coerce.number().int().min(0).max(1_000_000_000).default(2_500_000),
  COD_CONFIRM_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  TRUST_PROXY: z.string().optional(),
  SHOP_NAME: z.string().min(1).default("Herbo Shilajit"),
  SHOP_EMAIL: z.email().optional(),
  // The seller its invoices and credit notes name: the legal name (default SHOP_NAME) and postal address.
  SELLER_NAME: z.string().trim().regex(sellerText, "expected the shop's legal name, at most 120 characters").optional(),
  SELLER_ADDRESS: z
    .string()
    .transform((value) =>
      value
        .split("|")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .pipe(
      z
        .array(z.string().regex(sellerText, "expected address lines of at most 120 characters"))
        .min(1)
        .max(6, 'expected at most 6 lines, separated by "|"'),
    )
    .optional(),
  PAYMENT_METHODS: z
    .string()
    .default(defaultPaymentMethods.join(","))
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(
      z
        .array(z.enum(paymentMethodNames))
        .min(1, "name at least one payment method")
        .refine((names) => new Set(names).size === names.length, "names a method twice"),
    ),
  MAIL_FROM: mailbox.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL" }).optional(),
  OUTBOX_DIR: z.string().min(1).optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  // An S3-compatible bucket for the photos instead of MEDIA_DIR: the endpoint (with the bucket as its path,
  // or the bucket in MEDIA_BUCKET), the signing region and an access key allowed to put, get and delete.
  MEDIA_BUCKET_URL: z.url({ protocol: /^https?$/, error: "expected the bucket's http(s) endpoint URL" }).optional(),
  MEDIA_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "expected a bucket name (3 to 63 lower-case letters, digits, '.', '-')",
    )
    .optional(),
  MEDIA_BUCKET_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, "expected a region such as eu-central-1, auto (R2) or us-east-1 (MinIO)")
    .optional(),
  MEDIA_BUCKET_ACCESS_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.+/=-]{3,128}$/, "expected the access key's id")
    .optional(),
  MEDIA_BUCKET_SECRET_ACCESS_KEY: z.string().min(8, "expected the access key's secret").optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SIGN_IN_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // Unset: no /metrics at all. Set: the scraper's bearer token (never logged).
  METRICS_TOKEN: metricsToken.optional(),
  // Each payment provider's keys (never shown on a page or in a log) and API origin, as its settings file in
  // payments/ checks them.
  ...paymentEnvironment,
});

type Settings = z.infer<typeof environmentSchema>;

/** For each method PAYMENT_METHODS names without all its required keys: the method and the keys not set. */
function missingPaymentSettings(settings: Settings): string[] {
  const given = settings as Record<string, unknown>;
  return settings.PAYMENT_METHODS.flatMap((name) => {
    const absent = requiredSettingsOf(name).filter((key) => given[key] === undefined);
    return absent.length === 0 ? [] : [`PAYMENT_METHODS: "${name}" needs ${absent.join(" and ")}`];
  });
}

const bucketSettingNames = [
  "MEDIA_BUCKET_URL",
  "MEDIA_BUCKET",
  "MEDIA_BUCKET_REGION",
  "MEDIA_BUCKET_ACCESS_KEY_ID",
  "MEDIA_BUCKET_SECRET_ACCESS_KEY",
] as const;

/**
 * The photo bucket when any MEDIA_BUCKET_* setting is given (undefined when none is: the folder), or the
 * problems that stop it: each missing setting by name, a bucket named twice or not at all, MEDIA_DIR beside it.
 */
function mediaBucketOf(settings: Settings): MediaBucketSettings | undefined | string[] {
  if (bucketSettingNames.every((name) => settings[name] === undefined)) return undefined;
  const problems: string[] = [];
  const required = [
    "MEDIA_BUCKET_URL",
    "MEDIA_BUCKET_REGION",
    "MEDIA_BUCKET_ACCESS_KEY_ID",
    "MEDIA_BUCKET_SECRET_ACCESS_KEY",
  ] as const;
  const absent = required.filter((name) => settings[name] === undefined);
  if (absent.length > 0) problems.push(`MEDIA_BUCKET_URL: a photo bucket also needs ${absent.join(" and ")}`);
  if (settings.MEDIA_DIR !== undefined) {
    problems.push(
      "MEDIA_DIR: photos go either to a folder or to a bucket; unset MEDIA_DIR or the MEDIA_BUCKET_* settings",
    );
  }
  const url = settings.MEDIA_BUCKET_URL === undefined ? undefined : new URL(settings.MEDIA_BUCKET_URL);
  let endpoint = "";
  let bucket = settings.MEDIA_BUCKET;
  if (url !== undefined) {
    if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
      problems.push(
        "MEDIA_BUCKET_URL: expected an endpoint without query, fragment or credentials (keys have their own settings)",
      );
    }
    const segments = url.pathname.split("/").filter((segment) => segment !== "");
    if (bucket === undefined) {
      // Path style: the URL's last segment is the bucket, as in https://s3.eu-central-1.amazonaws.com/herbo-media.
      bucket = segments.pop();
      if (bucket === undefined) {
        problems.push("MEDIA_BUCKET: name the bucket here or as the last part of MEDIA_BUCKET_URL's path");
      } else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
        problems.push(`MEDIA_BUCKET_URL: "${bucket}" is not a bucket name`);
      }
    }
    endpoint = `${url.origin}${segments.map((segment) => `/${segment}`).join("")}`;
  }
  if (problems.length > 0) return problems;
  return {
    endpoint,
    bucket: bucket ?? "",
    region: settings.MEDIA_BUCKET_REGION ?? "",
    accessKeyId: settings.MEDIA_BUCKET_ACCESS_KEY_ID ?? "",
    secretAccessKey: settings.MEDIA_BUCKET_SECRET_ACCESS_KEY ?? "",
  };
}

export interface StoreApiConfig {
  port: number;
  host: string;
  /** The public origin of this API; hosted checkout URLs are built on it. */
  publicUrl: string;
  /** The shop's public origin: the hosted pages link back to it (logo, policies). */
  siteUrl: string;
  storeId: string;
  /** Origins that may call the API from a browser and receive checkout redirects. */
  allowedOrigins: readonly string[];
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Backups of the embedded database, photos and sent mail: the folder (BACKUP_DIR, default a `backups` folder
   * beside DATA_DIR), how often one is written (BACKUP_EVERY_HOURS; 0: never by itself) and how many of those
   * scheduled ones are kept (BACKUP_KEEP).
   */
  backup: { dir: string; everyMs: number; keep: number };
  reservationMs: number;
  /** How long a catalogue answer may be reused when no stock changed in this process. */
  catalogCacheMs: number;
  /** Checkouts allowed per client address per minute; 0 turns the limit off. */
  checkoutRateLimit: number;
  /** Payment attempts per checkout in 15 minutes (ten times as many per address); 0 turns it off. */
  paymentAttemptLimit: number;
  /** How long a checkout holds stock before details are entered (CHECKOUT_HOLD_MINUTES, at most reservationMs). */
  holdMs: number;
  /** How long after a checkout starts its reminder goes out, when the shopper asked (CHECKOUT_REMINDER_HOURS). */
  reminderAfterMs: number;
  /** How long after delivery a buyer is asked for a review (REVIEW_REQUEST_DAYS). */
  reviewRequestAfterMs: number;
  /**
   * Units of stock one address's unpaid checkouts may hold together (CHECKOUT_UNITS_PER_ADDRESS; 0: no limit);
   * a new checkout beyond it releases the address's oldest ones no provider is taking a payment for.
   */
  maxUnitsPerAddress: number;
  /**
   * Cash on delivery before the shop's confirming call: unconfirmed orders one address, phone or email may
   * hold (COD_OPEN_LIMIT), the largest order in minor units (COD_MAX_TOTAL), and how long an order waits to
   * be confirmed before it is cancelled (COD_CONFIRM_HOURS).
   */
  cashOnDelivery: { openLimit: number; maxTotal: number; confirmWithinMs: number };
  /** Take the client address from X-Forwarded-For (behind a load balancer). */
  /** Who may tell the API a client's address: nobody, N proxy hops, or proxies at these addresses. */
  trustProxy: TrustProxy;
  shopName: string;
  /**
   * The seller on invoices and credit notes: its legal name (SELLER_NAME, default SHOP_NAME) and postal
   * address lines (SELLER_ADDRESS, lines separated by "|"; none when unset, which start-up warns about).
   */
  seller: { name: string; address: readonly string[] };
  /** The storefront's contact number, digits only (CHAT_PHONE): the overview warns while it is the placeholder. */
  chatPhone: string;
  /** Where new-order notices go, and shoppers' replies; no notice is written when unset. */
  shopEmail: string | undefined;
  /** The sender of every email (MAIL_FROM, default "<shop name> <orders@localhost>"). */
  mailFrom: { name: string; address: string };
  /** The right-hand side of Message-IDs: MAIL_FROM's domain, else the API's public host. */
  messageIdDomain: string;
  /** An SMTP server to send through; unset, emails are written as .eml files to outboxDir. */
  smtpUrl: string | undefined;
  outboxDir: string;
  /** Where uploaded product photos are kept, re-encoded (MEDIA_DIR, default DATA_DIR/media), unless in a bucket. */
  mediaDir: string;
  /** An S3-compatible bucket for the photos instead of the folder (MEDIA_BUCKET_*); undefined: the folder. */
  mediaBucket: MediaBucketSettings | undefined;
  /** The payment providers the hosted checkout offers, in this order (PAYMENT_METHODS). */
  paymentMethods: readonly string[];
  /** The first owner, created at start-up when no owner exists yet (ADMIN_EMAIL and ADMIN_PASSWORD). */
  firstOwner: { email: string | undefined; password: string | undefined };
  /**
   * Sign-in password checks (scrypt, 128 MiB each) one process runs at once (SIGN_IN_CONCURRENCY) and lets
   * wait (twice as many); more sign-ins are answered 503 at once.
   */
  passwordChecks: { concurrent: number; queue: number };
  /** Each provider's keys and API origin, when set. */
  paymentSettings: PaymentSettings;
  logLevel: string;
  /** Time allowed for a request line and headers, and for a whole request with its body, to arrive. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); undefined: there is no /metrics. */
  metricsToken: string | undefined;
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
  const trustProxy = parseTrustProxy(settings.TRUST_PROXY);
  if (typeof trustProxy === "object") throw new Error(`Invalid store API settings:\n  ${trustProxy.error}`);
  const missing = missingPaymentSettings(settings);
  if (missing.length > 0) throw new Error(`Invalid store API settings:\n  ${missing.join("\n  ")}`);
  const mediaBucket = mediaBucketOf(settings);
  if (Array.isArray(mediaBucket)) throw new Error(`Invalid store API settings:\n  ${mediaBucket.join("\n  ")}`);
  // Addresses not set follow the ports, as `npm start` derives them (@herbo/hosted-api/shop-defaults).
  const webPort = settings.PORT ?? defaultPorts.web;
  const publicUrl = (settings.STORE_API_URL ?? localUrl(settings.STORE_API_PORT)).replace(/\/+$/, "");
  const siteOrigin = new URL(settings.SITE_URL ?? localUrl(webPort)).origin;
  const allowedOrigins = settings.ALLOWED_ORIGINS ?? [siteOrigin, localUrl(webPort), `http://127.0.0.1:${webPort}`];
  return {
    port: settings.STORE_API_PORT,
    host: settings.STORE_API_HOST,
    publicUrl,
    siteUrl: siteOrigin,
    storeId: settings.STORE_ID,
    allowedOrigins: [...new Set(allowedOrigins)],
    databaseUrl: settings.DATABASE_URL,
    dataDir: path.resolve(settings.DATA_DIR),
    backup: {
      dir: path.resolve(settings.BACKUP_DIR ?? path.join(path.dirname(path.resolve(settings.DATA_DIR)), "backups")),
      everyMs: Math.round(settings.BACKUP_EVERY_HOURS * 3_600_000),
      keep: settings.BACKUP_KEEP,
    },
    reservationMs: Math.round(settings.RESERVATION_MINUTES * 60_000),
    catalogCacheMs: settings.CATALOG_CACHE_MS,
    checkoutRateLimit: settings.CHECKOUT_RATE_LIMIT,
    holdMs: Math.round(settings.CHECKOUT_HOLD_MINUTES * 60_000),
    reminderAfterMs: Math.round(settings.CHECKOUT_REMINDER_HOURS * 3_600_000),
    reviewRequestAfterMs: Math.round(settings.REVIEW_REQUEST_DAYS * 24 * 3_600_000),
    paymentAttemptLimit: settings.PAYMENT_ATTEMPT_LIMIT,
    maxUnitsPerAddress: settings.CHECKOUT_UNITS_PER_ADDRESS,
    cashOnDelivery: {
      openLimit: settings.COD_OPEN_LIMIT,
      maxTotal: settings.COD_MAX_TOTAL,
      confirmWithinMs: Math.round(settings.COD_CONFIRM_HOURS * 3_600_000),
    },
    trustProxy,
    shopName: settings.SHOP_NAME,
    seller: { name: settings.SELLER_NAME ?? settings.SHOP_NAME, address: settings.SELLER_ADDRESS ?? [] },
    shopEmail: settings.SHOP_EMAIL,
    chatPhone: settings.CHAT_PHONE.replace(/\D/g, ""),
    paymentMethods: settings.PAYMENT_METHODS,
    paymentSettings: paymentSettingsOf(settings),
    mailFrom: settings.MAIL_FROM ?? { name: settings.SHOP_NAME, address: "orders@localhost" },
    messageIdDomain: messageIdDomain(settings.MAIL_FROM?.address, publicUrl),
    smtpUrl: settings.SMTP_URL,
    outboxDir: path.resolve(settings.OUTBOX_DIR ?? path.join(settings.DATA_DIR, "outbox")),
    mediaDir: path.resolve(settings.MEDIA_DIR ?? path.join(settings.DATA_DIR, "media")),
    mediaBucket,
    firstOwner: { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD },
    passwordChecks: { concurrent: settings.SIGN_IN_CONCURRENCY, queue: settings.SIGN_IN_CONCURRENCY * 2 },
    logLevel: settings.LOG_LEVEL,
    headersTimeoutMs: settings.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
    metricsToken: settings.METRICS_TOKEN,
  };
}

/** The start-up warning when invoices would name the seller without an address, or undefined. */
export function sellerWarning(seller: StoreApiConfig["seller"]): string | undefined {
  return seller.address.length === 0
    ? "SELLER_ADDRESS is not set: invoices and credit notes name the seller without a postal address"
    : undefined;
}

/**
 * The start-up warning when the shop runs on PostgreSQL, which several copies share, while its photos go to the
 * default folder inside DATA_DIR, which each machine has its own of: a photo uploaded through one copy would be
 * missing on the others. A bucket, or a MEDIA_DIR set to a folder every copy shares, answers it.
 */
export function sharedMediaWarning(
  config: Pick<StoreApiConfig, "databaseUrl" | "mediaBucket" | "mediaDir" | "dataDir">,
): string | undefined {
  if (config.databaseUrl === undefined || config.mediaBucket !== undefined) return undefined;
  if (config.mediaDir !== path.join(config.dataDir, "media")) return undefined;
  return `DATABASE_URL is set but photos and certificates go to ${config.mediaDir}, this machine's own folder: several copies of the shop need a bucket (MEDIA_BUCKET_*) or a MEDIA_DIR they all share, or a photo uploaded through one copy is missing on the others`;
}

const hostName = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** MAIL_FROM's domain when it is set, else the API's host; as ASCII (punycode), "localhost" when neither fits. */
function messageIdDomain(mailFrom: string | undefined, publicUrl: string): string {
  const candidates = [
    mailFrom === undefined ? undefined : mailFrom.slice(mailFrom.lastIndexOf("@") + 1),
    new URL(publicUrl).hostname,
  ];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    try {
      const host = new URL(`http://${candidate}`).hostname;
      if (hostName.test(host)) return host;
    } catch {
      // not a host name: try the next
    }
  }
  return "localhost";
}

/** Treats `FOO=` like an unset variable, as shells and .env files often produce it. */
function stripEmpty(environment: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(environment)) {
    if (value !== undefined && value !== "") result[key] = value;
  }
  return result;
}

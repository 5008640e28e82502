import * as z from "zod";
import { bearerTokenSetting } from "@herbo/hosted-api/bearer-token";

const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(600_000).default(fallback);

const settingsSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    /** How long a server-rendered page is reused for identical requests; 0 renders every time. */
    PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(1),
    /** Time allowed for a request line and its headers to arrive. */
    HEADERS_TIMEOUT_MS: milliseconds(10_000),
    /** Time allowed for a whole request, headers and body, to arrive. */
    REQUEST_TIMEOUT_MS: milliseconds(30_000),
    /** Server renders running at once; more wait in the queue. */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(4),
    /** Renders that may wait for a slot; beyond that the server answers 503 with Retry-After. */
    RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
    /** The bearer token GET /metrics asks for; unset, there is no /metrics. Never logged. */
    METRICS_TOKEN: z.string().regex(bearerTokenSetting.pattern, bearerTokenSetting.message).optional(),
  })
  .refine((settings) => settings.HEADERS_TIMEOUT_MS <= settings.REQUEST_TIMEOUT_MS, {
    message: "HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS",
    path: ["HEADERS_TIMEOUT_MS"],
  });

/** The web server's own settings (the pages' settings are in app/lib/env.server.ts). */
export interface WebServerSettings {
  port: number;
  host: string;
  pageCacheMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  renderConcurrency: number;
  renderQueueLength: number;
  metricsToken: string | undefined;
}

/** Parses the environment once at start-up; a bad setting stops the server with a readable message. */
export function webServerSettings(source: NodeJS.ProcessEnv = process.env): WebServerSettings {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = settingsSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(
      `Invalid web server settings:\n  ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n  ")}`,
    );
  }
  const settings = parsed.data;
  return {
    port: settings.PORT,
    host: settings.HOST,
    pageCacheMs: Math.round(settings.PAGE_CACHE_SECONDS * 1_000),
    headersTimeoutMs: settings.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
    renderConcurrency: settings.RENDER_CONCURRENCY,
    renderQueueLength: settings.RENDER_QUEUE,
    metricsToken: settings.METRICS_TOKEN,
  };
}

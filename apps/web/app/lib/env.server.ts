import { chatPhoneSetting, defaultPorts, localUrl, placeholderChatPhone } from "@herbo/hosted-api/shop-defaults";
import * as z from "zod";

const environmentSchema = z.object({
  /** Unset: this machine's address on PORT. */
  SITE_URL: z.url().optional(),
  /** Unset: this machine's address on STORE_API_PORT. */
  STORE_API_URL: z.url().optional(),
  /** What the browser uses to reach the store API, when it differs from the server's address. */
  PUBLIC_STORE_API_URL: z.url().optional(),
  /** The ports, only for the two addresses' defaults (server/settings.ts reads the one this server listens on). */
  PORT: z.coerce.number().int().min(0).max(65535).default(defaultPorts.web),
  STORE_API_PORT: z.coerce.number().int().min(0).max(65535).default(defaultPorts.storeApi),
  STORE_ID: z.string().min(1).default("local"),
  CHAT_PHONE: z.string().regex(chatPhoneSetting.pattern, chatPhoneSetting.message).default(placeholderChatPhone),
  STORE_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_500),
});

export interface ServerEnvironment {
  siteUrl: string;
  storeApiUrl: string;
  publicStoreApiUrl: string;
  storeId: string;
  chatPhone: string;
  storeApiTimeoutMs: number;
}

/** What the browser may know; everything else stays on the server. */
export interface PublicEnvironment {
  siteUrl: string;
  storeApiUrl: string;
  storeId: string;
  chatPhone: string;
}

let cached: ServerEnvironment | undefined;

/** Parses the environment once; a bad setting stops the server with a readable message. */
export function serverEnvironment(source: NodeJS.ProcessEnv = process.env): ServerEnvironment {
  if (source === process.env && cached !== undefined) return cached;
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(
      `Invalid web settings:\n  ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n  ")}`,
    );
  }
  const settings = parsed.data;
  // Addresses not set follow the ports, as `npm start` derives them (@herbo/hosted-api/shop-defaults).
  const storeApiUrl = settings.STORE_API_URL ?? localUrl(settings.STORE_API_PORT);
  const environment: ServerEnvironment = {
    siteUrl: (settings.SITE_URL ?? localUrl(settings.PORT)).replace(/\/+$/, ""),
    storeApiUrl: storeApiUrl.replace(/\/+$/, ""),
    publicStoreApiUrl: (settings.PUBLIC_STORE_API_URL ?? storeApiUrl).replace(/\/+$/, ""),
    storeId: settings.STORE_ID,
    chatPhone: settings.CHAT_PHONE.replace(/\D/g, ""),
    storeApiTimeoutMs: settings.STORE_API_TIMEOUT_MS,
  };
  if (source === process.env) cached = environment;
  return environment;
}

export function publicEnvironment(environment: ServerEnvironment = serverEnvironment()): PublicEnvironment {
  return {
    siteUrl: environment.siteUrl,
    storeApiUrl: environment.publicStoreApiUrl,
    storeId: environment.storeId,
    chatPhone: environment.chatPhone,
  };
}

import * as z from "zod";

const environmentSchema = z.object({
  SITE_URL: z.url().default("http://localhost:3000"),
  STORE_API_URL: z.url().default("http://localhost:4000"),
  /** What the browser uses to reach the store API, when it differs from the server's address. */
  PUBLIC_STORE_API_URL: z.url().optional(),
  STORE_ID: z.string().min(1).default("local"),
  CHAT_PHONE: z
    .string()
    .regex(/^\+?[\d\s-]{6,20}$/, "CHAT_PHONE must be the contact number's digits")
    .default("9779800000000"),
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
  const environment: ServerEnvironment = {
    siteUrl: settings.SITE_URL.replace(/\/+$/, ""),
    storeApiUrl: settings.STORE_API_URL.replace(/\/+$/, ""),
    publicStoreApiUrl: (settings.PUBLIC_STORE_API_URL ?? settings.STORE_API_URL).replace(/\/+$/, ""),
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

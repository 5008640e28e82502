/** How long a provider's API may take to answer before the call fails (and is retried later). */
export const providerTimeoutMs = 15_000;

export class ProviderHttpError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ProviderHttpError";
  }
}

/**
 * Calls a provider's JSON API and answers its status and parsed body. Error bodies are returned too,
 * since some providers answer a decided payment with a 400 (Khalti's lookup of an expired payment).
 * Throws on a network failure, a timeout or a body that is not JSON; the message names no secret.
 */
export async function providerJson(
  provider: string,
  url: string,
  init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: unknown; bodyText?: string },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: init.method,
    headers: {
      accept: "application/json",
      ...(init.body === undefined && init.bodyText === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    // bodyText: JSON already written, for a provider whose signature covers the exact bytes.
    body: init.bodyText ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    signal: AbortSignal.timeout(providerTimeoutMs),
    redirect: "error",
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderHttpError(provider, response.status, `${provider} answered HTTP ${response.status} without JSON`);
  }
}

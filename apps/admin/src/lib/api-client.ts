/** The back office's only way to the store API: JSON over fetch to /admin/api, same origin, cookie included. */

export const apiBase = "/admin/api";

/** A refusal from the API, with its status, code, readable message and, for a refused field, which one. */
export class AdminApiError extends Error {
  override name = "AdminApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The field an invalid request names (`body.facts.servingSize`), so a form can show the message on it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

let signedOut: () => void = () => undefined;

/** Who to tell when the API answers 401: the session ended, so the app shows the sign-in form. */
export function onSignedOut(handler: () => void): void {
  signedOut = handler;
}

function errorOf(status: number, body: unknown): AdminApiError {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === "object" && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
    const field = typeof details === "object" && details !== null ? (details as { field?: unknown }).field : undefined;
    if (typeof code === "string" && typeof message === "string") {
      return new AdminApiError(status, code, message, typeof field === "string" ? field : undefined);
    }
  }
  return new AdminApiError(status, "unexpected", `The server answered ${status}. Please try again.`);
}

/** Sends one request; resolves with the JSON answer, rejects with an AdminApiError. */
export async function apiRequest<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  return send<T>(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * POSTs a file as it is, with the type the browser gave it unless told another (the API checks its content,
 * and refuses a type that does not match); resolves with the JSON answer, rejects with an AdminApiError.
 */
export function apiUpload<T>(path: string, file: Blob, contentType?: string): Promise<T> {
  return send<T>(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": contentType ?? (file.type === "" ? "application/octet-stream" : file.type) },
    body: file,
  });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, init);
  } catch {
    throw new AdminApiError(0, "offline", "The shop's server cannot be reached. Check the connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorOf(response.status, answer);
    if (response.status === 401 && error.code === "not_signed_in") signedOut();
    throw error;
  }
  return answer as T;
}

/** A query string from the values that are set, e.g. {q: "asha", page: undefined} → "?q=asha". */
export function queryString(values: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

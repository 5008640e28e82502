/** Keeps logs and stored errors free of shoppers' addresses and of credentials. */

/** "rita@example.com" → "r***@example.com"; anything that is not an address → "***". */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

const credentialsInUrl = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
const emailAddress = /[^\s<>"'@:,;()[\]/]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*/gi;
const maxErrorLength = 300;

/** Removes credentials from URLs and masks email addresses in free text. */
export function redact(text: string): string {
  return text.replace(emailAddress, (address) => maskEmail(address)).replace(credentialsInUrl, "$1***@");
}

/**
 * A short, single-line account of a failure, fit for the outbox's last_error and for logs: the error's
 * code and SMTP response code, then its message, redacted.
 */
export function describeError(error: unknown): string {
  const details = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const code = typeof details.code === "string" ? details.code : undefined;
  const responseCode = typeof details.responseCode === "number" ? String(details.responseCode) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const text = [code, responseCode, message].filter((part) => part !== undefined && part !== "").join(" ");
  const line = redact(text).replace(/\s+/g, " ").trim();
  return line.length > maxErrorLength ? `${line.slice(0, maxErrorLength - 1)}…` : line;
}

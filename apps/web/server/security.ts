export interface SecurityOptions {
  /** Origin of the store API as the browser reaches it (fetches and product images). */
  storeApiOrigin: string;
  /** Send Strict-Transport-Security: only when the site is served over HTTPS. */
  https: boolean;
}

/**
 * The Content-Security-Policy of a page. Scripts run only from this origin, or inline when they match one
 * of the page's own script hashes: never 'unsafe-inline'.
 */
export function contentSecurityPolicy(options: SecurityOptions, scriptSources: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // React sets a few style attributes (animation delays); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https: ${options.storeApiOrigin}`,
    "font-src 'self'",
    `connect-src 'self' ${options.storeApiOrigin}`,
    `form-action 'self' ${options.storeApiOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response of the web server carries. */
export function baseSecurityHeaders(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

import { createEmlTransport } from "./eml-transport.ts";
import { createSmtpTransport } from "./smtp-transport.ts";
import type { EmailTransport } from "./transport.ts";

/** SMTP when SMTP_URL is set, else .eml files in OUTBOX_DIR. */
export function createEmailTransport(settings: { smtpUrl: string | undefined; outboxDir: string }): EmailTransport {
  return settings.smtpUrl === undefined
    ? createEmlTransport(settings.outboxDir)
    : createSmtpTransport(settings.smtpUrl);
}

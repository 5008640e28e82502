import nodemailer from "nodemailer";
import type { EmailTransport, OutgoingEmail } from "./transport.ts";

/** Short enough that a send ends (delivered or failed) well inside the worker's claim on the row. */
const timeouts = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000, dnsTimeout: 10_000 };

/** The server part of an SMTP URL, for logs: scheme, host and port, never the user or password. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `SMTP ${parsed.protocol}//${parsed.host}`;
}

/**
 * Sends through the SMTP server of `url`: smtp://host:587 (STARTTLS when offered), smtps://host:465
 * (TLS from the start), with user:password@ for authentication and nodemailer's query options.
 */
export function createSmtpTransport(url: string): EmailTransport {
  const protocol = new URL(url).protocol;
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const transporter = nodemailer.createTransport({ ...timeouts, url });
  return {
    description: describeSmtpUrl(url),
    async deliver(email: OutgoingEmail, signal: AbortSignal): Promise<void> {
      await transporter.sendMail({ ...email.message, signal });
    },
    async close() {
      transporter.close();
    },
  };
}

import type { SendMailOptions } from "nodemailer";

/** One outbox row's message, ready to go. */
export interface OutgoingEmail {
  /** The outbox row id: names the .eml file and the Message-ID. */
  id: string;
  /** When the row was written. */
  createdAt: Date;
  message: SendMailOptions;
}

/** Where messages go: an SMTP server, or .eml files in a folder. */
export interface EmailTransport {
  /** Where emails go, for the start-up log line; never credentials. */
  readonly description: string;
  /** Resolves once the message is delivered (or was already, for the folder); rejects otherwise. */
  deliver(email: OutgoingEmail, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";

/** A message the fake server accepted. */
export interface ReceivedEmail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  messageId: string | undefined;
}

export interface FakeSmtpServer {
  /** smtp://user:password@127.0.0.1:port */
  url: string;
  received: ReceivedEmail[];
  /** Answer the next `count` messages (after DATA) with this temporary or permanent error. */
  refuseNext(count: number, code: number, text: string): void;
  /** Refuse every recipient with this code from now on (0 accepts them again). */
  rejectRecipients(code: number): void;
  /** Wait this long before answering each message, as a real server does. */
  delayMs: number;
  /** Messages whose data has arrived and whose answer is still being delayed. */
  readonly answering: number;
  close(): Promise<void>;
}

function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * A real SMTP server on a random local port (the `smtp-server` package), with a login, that records
 * what it accepts and can refuse on demand: the other side of nodemailer's SMTP transport, over TCP.
 */
export async function startFakeSmtpServer(
  credentials = { user: "shop", password: "s3cret-pass" },
): Promise<FakeSmtpServer> {
  const received: ReceivedEmail[] = [];
  let refusals: { count: number; code: number; text: string } = { count: 0, code: 0, text: "" };
  let recipientCode = 0;
  const state = { delayMs: 0, answering: 0 };

  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password)
        callback(null, { user: auth.username });
      else callback(smtpError(535, "Authentication failed"));
    },
    onRcptTo(_address, _session, callback) {
      callback(recipientCode === 0 ? null : smtpError(recipientCode, "Mailbox unavailable"));
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        state.answering += 1;
        setTimeout(() => {
          state.answering -= 1;
          if (refusals.count > 0) {
            refusals = { ...refusals, count: refusals.count - 1 };
            callback(smtpError(refusals.code, refusals.text));
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            mailFrom: session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address,
            rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw,
            messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim(),
          });
          callback(null);
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.user}:${credentials.password}@127.0.0.1:${port}`,
    received,
    refuseNext(count, code, text) {
      refusals = { count, code, text };
    },
    rejectRecipients(code) {
      recipientCode = code;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get answering() {
      return state.answering;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

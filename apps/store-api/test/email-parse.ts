/** Just enough of RFC 822 / MIME to read back the messages we write: headers and the decoded text and HTML parts. */
export interface ParsedEmail {
  headers: Map<string, string>;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) throw new Error("No blank line after the headers");
  return { head: raw.slice(0, end), body: raw.slice(end + 4) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
    }
    default:
      return body;
  }
}

export function parseEmail(raw: string): ParsedEmail {
  if (/(?<!\r)\n/.test(raw)) throw new Error("Bare LF in a message that should use CRLF");
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  if (boundary === undefined) throw new Error("Not a multipart message");
  const closing = `--${boundary}--`;
  if (!body.trimEnd().endsWith(closing)) throw new Error("The message is cut short: no closing boundary");
  const parsed: ParsedEmail = { headers, text: "", html: "" };
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const { head: partHead, body: partBody } = splitHead(part.replace(/^\r\n/, ""));
    const partHeaders = parseHeaders(partHead);
    const content = decodeBody(partBody.replace(/\r\n$/, ""), partHeaders.get("content-transfer-encoding"));
    const type = partHeaders.get("content-type") ?? "";
    if (type.startsWith("text/plain")) parsed.text = content;
    if (type.startsWith("text/html")) parsed.html = content;
  }
  return parsed;
}

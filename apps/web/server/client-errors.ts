import { STATUS_CODES } from "node:http";

/**
 * Status for a request Node's parser refused before our handler saw it. A method Node does not know
 * (`FOO /`) is one no server of ours implements: 501, not "malformed".
 */
export function clientErrorStatus(code: string | undefined): number {
  switch (code) {
    case "HPE_INVALID_METHOD":
      return 501;
    case "HPE_HEADER_OVERFLOW":
      return 431;
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return 408;
    default:
      return 400;
  }
}

/** The raw HTTP answer written to the socket; the connection closes after it. */
export function clientErrorAnswer(code: string | undefined): string {
  const status = clientErrorStatus(code);
  const body = STATUS_CODES[status] ?? "Bad Request";
  return `HTTP/1.1 ${status} ${body}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

import { describe, expect, it } from "vitest";
import { clientErrorAnswer, clientErrorStatus } from "./client-errors";

describe("answers to requests Node's parser refused", () => {
  it("gives an unknown method 501, not 400", () => {
    expect(clientErrorStatus("HPE_INVALID_METHOD")).toBe(501);
    expect(clientErrorAnswer("HPE_INVALID_METHOD")).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n/);
  });

  it("keeps Node's own statuses for the other errors", () => {
    expect(clientErrorStatus("HPE_HEADER_OVERFLOW")).toBe(431);
    expect(clientErrorStatus("ERR_HTTP_REQUEST_TIMEOUT")).toBe(408);
    expect(clientErrorStatus("HPE_INVALID_HEADER_TOKEN")).toBe(400);
    expect(clientErrorStatus(undefined)).toBe(400);
  });

  it("is a complete answer that closes the connection", () => {
    const answer = clientErrorAnswer("ERR_HTTP_REQUEST_TIMEOUT");
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toContain("Connection: close");
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body ?? "")}`);
    expect(body).toBe("Request Timeout");
  });
});

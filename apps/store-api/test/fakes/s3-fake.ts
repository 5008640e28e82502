import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One bucket's credentials, as an S3-compatible service holds them. */
export interface S3FakeBucket {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3FakeObject {
  bytes: Buffer;
  contentType: string | undefined;
}

export interface S3FakeRequest {
  method: string;
  key: string;
  /** The Authorization header as it came, and whether its Signature Version 4 signature was right. */
  authorization: string | undefined;
  contentSha256: string | undefined;
  signatureValid: boolean;
  status: number;
}

export interface RunningS3Fake {
  url: string;
  objects: Map<string, S3FakeObject>;
  requests: S3FakeRequest[];
  /** While set, every request is refused with this S3 error (status and code), as an outage or a revoked key. */
  refuseWith: { status: number; code: string } | undefined;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/**
 * Checks a request's `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` the way
 * S3 does, from the request as it arrived: the access key and scope, the payload hash header against the
 * body, then the signature recomputed from the canonical request with the bucket's secret.
 */
function checkSignature(
  incoming: http.IncomingMessage,
  body: Buffer,
  bucket: S3FakeBucket,
): { valid: true } | { valid: false; code: string } {
  const header = incoming.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (match === null) return { valid: false, code: "AccessDenied" };
  const [, accessKeyId = "", date = "", region = "", signedHeaders = "", signature = ""] = match;
  if (accessKeyId !== bucket.accessKeyId) return { valid: false, code: "InvalidAccessKeyId" };
  if (region !== bucket.region) return { valid: false, code: "AuthorizationHeaderMalformed" };
  const payloadHash = incoming.headers["x-amz-content-sha256"];
  const amzDate = incoming.headers["x-amz-date"];
  if (typeof payloadHash !== "string" || typeof amzDate !== "string" || !amzDate.startsWith(date)) {
    return { valid: false, code: "AccessDenied" };
  }
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256Hex(body)) {
    return { valid: false, code: "XAmzContentSHA256Mismatch" };
  }
  const names = signedHeaders.split(";");
  if (!["host", "x-amz-content-sha256", "x-amz-date"].every((name) => names.includes(name))) {
    return { valid: false, code: "AccessDenied" };
  }
  const url = new URL(incoming.url ?? "/", "http://fake");
  const canonicalRequest = [
    incoming.method ?? "GET",
    url.pathname,
    url.search.slice(1),
    ...names.map((name) => `${name}:${String(incoming.headers[name] ?? "").trim()}`),
    "",
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${bucket.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { valid: true }
    : { valid: false, code: "SignatureDoesNotMatch" };
}

/**
 * An S3-compatible service with one bucket, on 127.0.0.1, addressed path-style (`/<bucket>/<key>`): PUT,
 * GET and DELETE of objects, each request's Signature Version 4 checked, answers and error bodies as S3's.
 */
export async function startS3Fake(bucket: S3FakeBucket): Promise<RunningS3Fake> {
  const sockets = new Set<Socket>();
  const fake: Omit<RunningS3Fake, "url" | "close"> = { objects: new Map(), requests: [], refuseWith: undefined };
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = new URL(incoming.url ?? "/", "http://fake").pathname;
      const prefix = `/${bucket.bucket}/`;
      const key = path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : "";
      const signature = checkSignature(incoming, body, bucket);
      const answer = (status: number, headers: Record<string, string> = {}, content?: Buffer | string) => {
        fake.requests.push({
          method: incoming.method ?? "GET",
          key,
          authorization: incoming.headers.authorization,
          contentSha256: incoming.headers["x-amz-content-sha256"] as string | undefined,
          signatureValid: signature.valid,
          status,
        });
        outgoing.writeHead(status, headers);
        outgoing.end(content);
      };
      const fail = (status: number, code: string) =>
        answer(status, { "content-type": "application/xml" }, errorXml(code, code));
      if (!signature.valid) return fail(403, signature.code);
      if (fake.refuseWith !== undefined) return fail(fake.refuseWith.status, fake.refuseWith.code);
      if (!path.startsWith(prefix)) return fail(404, "NoSuchBucket");
      if (key === "") return fail(400, "InvalidRequest");
      switch (incoming.method) {
        case "PUT":
          fake.objects.set(key, { bytes: body, contentType: incoming.headers["content-type"] });
          return answer(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
        case "GET": {
          const object = fake.objects.get(key);
          if (object === undefined) return fail(404, "NoSuchKey");
          return answer(200, { "content-type": object.contentType ?? "application/octet-stream" }, object.bytes);
        }
        case "DELETE":
          fake.objects.delete(key);
          return answer(204);
        default:
          return fail(405, "MethodNotAllowed");
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** An address where nothing listens: a port a server just held and gave back. */
export async function unreachableUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { isMediaStoreName } from "./media-names.ts";
import { MediaStoreUnavailable, type MediaStore } from "./media-store.ts";

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2...), from the MEDIA_BUCKET_* settings. */
export interface MediaBucketSettings {
  /** The service's origin and any base path, without the bucket: `https://s3.eu-central-1.amazonaws.com`. */
  endpoint: string;
  bucket: string;
  /** The signing region: the bucket's on AWS, `auto` on R2, `us-east-1` on most MinIO servers. */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** How long one call to the bucket may take before the photo's upload or page answers that it is unavailable. */
const requestTimeoutMs = 15_000;

function checkedName(name: string): string {
  if (!isMediaStoreName(name)) throw new Error(`Not a media file name: ${JSON.stringify(name)}`);
  return name;
}

function contentTypeOf(name: string): string {
  if (name.endsWith(".pdf")) return "application/pdf";
  return name.endsWith(".jpg") ? "image/jpeg" : "image/webp";
}

/** The bucket's own error code from an S3 XML error body (`<Code>AccessDenied</Code>`), if it sent one. */
function errorCodeIn(body: string): string | undefined {
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body)?.[1];
}

/**
 * Photo files as objects of an S3-compatible bucket, named as in the folder, at path-style URLs
 * (`<endpoint>/<bucket>/<name>`) so that MinIO and other servers without per-bucket host names work too.
 * Requests are signed with AWS Signature Version 4 (aws4fetch), the body's SHA-256 included in what is
 * signed. A bucket that cannot be reached or refuses a call is a `MediaStoreUnavailable`.
 */
export function bucketMediaStore(settings: MediaBucketSettings): MediaStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: "s3",
    region: settings.region,
    // One retry of a 5xx or 429 answer; the owner's upload should not hang for the library's default ten.
    retries: 1,
  });
  const base = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}/`;

  async function call(method: "PUT" | "GET" | "DELETE", name: string, body?: Buffer): Promise<Response> {
    const payload = body ?? Buffer.alloc(0);
    const headers: Record<string, string> = {
      "x-amz-content-sha256": createHash("sha256").update(payload).digest("hex"),
    };
    if (body !== undefined) {
      headers["content-type"] = contentTypeOf(name);
      // The same caching as /media, for a CDN put in front of the bucket.
      headers["cache-control"] = "public, max-age=31536000, immutable";
    }
    try {
      return await client.fetch(base + checkedName(name), {
        method,
        headers,
        // A copy over its own ArrayBuffer, which is what fetch takes as a body.
        ...(body === undefined ? {} : { body: Uint8Array.from(body) }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      throw new MediaStoreUnavailable(`the media bucket could not be reached (${describe(error)})`, { cause: error });
    }
  }

  async function refused(response: Response, action: string): Promise<MediaStoreUnavailable> {
    const code = errorCodeIn(await response.text().catch(() => ""));
    return new MediaStoreUnavailable(
      `the media bucket refused to ${action} (HTTP ${response.status}${code === undefined ? "" : ` ${code}`})`,
    );
  }

  return {
    async write(name, bytes) {
      const response = await call("PUT", name, bytes);
      if (!response.ok) throw await refused(response, "store a file");
      await response.body?.cancel();
    },
    async read(name) {
      const response = await call("GET", name);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await refused(response, "send a file");
      try {
        return Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw new MediaStoreUnavailable(`the media bucket stopped sending a file (${describe(error)})`, {
          cause: error,
        });
      }
    },
    async remove(name) {
      const response = await call("DELETE", name);
      // S3 answers 204 whether or not the object was there; some servers say 404 for a missing one.
      if (!response.ok && response.status !== 404) throw await refused(response, "delete a file");
      await response.body?.cancel();
    },
  };
}

/** A network error's reason in a few words: the cause's code (ECONNREFUSED, ENOTFOUND) or the timeout. */
function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") return "no answer in time";
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined;
  if (code !== undefined) return code;
  return error instanceof Error ? error.message : String(error);
}

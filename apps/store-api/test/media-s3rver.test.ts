import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../src/db/schema.ts";
import { bucketMediaStore, type MediaBucketSettings } from "../src/media/bucket-media-store.ts";
import { certificatePdf } from "../src/media/certificate-fixtures.testing.ts";
import { gradientPicture } from "../src/media/photo-fixtures.testing.ts";
import { adminOrigin, signedInOwner, type AdminClient } from "./admin-helpers.ts";
import { databaseKinds, startApi, type RunningApi } from "./harness.ts";

/**
 * Photos and certificates in a real S3-compatible server, s3rver from npm, started here on a free port with a
 * folder of its own: what the shop writes is stored, served back, and deleted there. s3rver checks the access
 * key but not SigV4 signatures, so the signatures themselves are checked by the contract fake in
 * media-bucket.test.ts.
 */

const [kind = "pglite"] = await databaseKinds();

/** s3rver's one account. */
const credentials = { bucket: "herbo-media", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

describe(`product photos and certificates in s3rver, on ${kind}`, () => {
  let folder: string;
  let server: S3rver;
  let settings: MediaBucketSettings;
  let api: RunningApi;
  let owner: AdminClient;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "herbo-s3rver-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: folder,
      configureBuckets: [{ name: credentials.bucket, configs: [] }],
    });
    const { port } = (await server.run()) as { port: number };
    settings = { endpoint: `http://127.0.0.1:${port}`, ...credentials };
    api = await startApi(kind, { mediaBucket: settings });
    owner = await signedInOwner(api);
  });
  afterAll(async () => {
    await api.close();
    await server.close().catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  });

  function upload(target: RunningApi, client: AdminClient, bytes: Buffer): Promise<Response> {
    return fetch(`${target.baseUrl}/admin/api/products/prod_travel_tin/photos`, {
      method: "POST",
      headers: { cookie: client.cookie, origin: adminOrigin, "content-type": "image/jpeg" },
      body: Buffer.from(bytes),
    });
  }

  it("stores an uploaded photo's files in the bucket, serves them at /media, and deletes them from it", async () => {
    const response = await upload(api, owner, await gradientPicture("jpeg", 1000, 750));
    expect(response.status, await response.clone().text()).toBe(201);
    const id = ((await response.json()) as AdminProductPhotos).photos.at(-1)?.id ?? "";
    const bucket = bucketMediaStore(settings);
    const stored = await bucket.read(`${id}-640.webp`);
    expect(stored?.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(await readdir(api.mediaDir)).toEqual([]);

    const served = await fetch(`${api.baseUrl}/media/${id}-640.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);

    expect((await owner.request("DELETE", `/products/prod_travel_tin/photos/${id}`)).status).toBe(200);
    expect(await bucket.read(`${id}-640.webp`)).toBeUndefined();
    expect((await fetch(`${api.baseUrl}/media/${id}-640.webp`)).status).toBe(404);
  });

  it("stores a lab certificate there and serves it as a PDF", async () => {
    const pdf = await certificatePdf("HS-2612");
    const sha = createHash("sha256").update(pdf).digest("hex");
    const response = await fetch(`${api.baseUrl}/admin/api/products/prod_travel_tin/batches?lot=HS-2612`, {
      method: "POST",
      headers: { cookie: owner.cookie, origin: adminOrigin, "content-type": "application/pdf" },
      body: Buffer.from(pdf),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await bucketMediaStore(settings).read(`certificate-${sha}.pdf`)).toEqual(pdf);
    const served = await fetch(`${api.baseUrl}/media/certificates/${sha}.pdf`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
  });

  it("refuses an upload with a key the bucket does not know, and one while the bucket is down, storing nothing", async () => {
    const jpeg = await gradientPicture("jpeg", 400, 300);
    const wrongKey = await startApi(kind, { mediaBucket: { ...settings, accessKeyId: "NOT-A-KEY" } });
    try {
      const stranger = await signedInOwner(wrongKey);
      const before = await wrongKey.db.select({ total: count() }).from(media);
      const refused = await upload(wrongKey, stranger, jpeg);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
        "HTTP 403 InvalidAccessKeyId",
      );
      expect(await wrongKey.db.select({ total: count() }).from(media)).toEqual(before);
    } finally {
      await wrongKey.close();
    }

    const before = await api.db.select({ total: count() }).from(media);
    await server.close();
    const down = await upload(api, owner, jpeg);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { error: { message: string } }).error.message).toContain(
      "the media bucket could not be reached",
    );
    expect(await api.db.select({ total: count() }).from(media)).toEqual(before);
    const served = await fetch(`${api.baseUrl}/media/med_${"c".repeat(20)}-640.webp`);
    expect(served.status).toBe(503);
  });
});

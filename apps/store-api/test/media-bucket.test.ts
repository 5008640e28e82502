import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChanges, media, productBatches, productImages } from "../src/db/schema.ts";
import { bucketMediaStore, type MediaBucketSettings } from "../src/media/bucket-media-store.ts";
import { MediaStoreUnavailable } from "../src/media/media-store.ts";
import { certificatePdf } from "../src/media/certificate-fixtures.testing.ts";
import { gradientPicture } from "../src/media/photo-fixtures.testing.ts";
import { type AdminClient, adminOrigin, signedInOwner } from "./admin-helpers.ts";
import { startS3Fake, unreachableUrl, type RunningS3Fake } from "./fakes/s3-fake.ts";
import { databaseKinds, startApi, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();

const credentials = {
  bucket: "herbo-media",
  region: "auto",
  accessKeyId: "HERBOTESTKEY0001",
  secretAccessKey: "test-secret-0123456789abcdef",
};

function settingsFor(endpoint: string, changes: Partial<MediaBucketSettings> = {}): MediaBucketSettings {
  return { endpoint, ...credentials, ...changes };
}

function upload(api: RunningApi, owner: AdminClient, productId: string, bytes: Buffer): Promise<Response> {
  return fetch(`${api.baseUrl}/admin/api/products/${productId}/photos`, {
    method: "POST",
    headers: { cookie: owner.cookie, origin: adminOrigin, "content-type": "image/jpeg" },
    body: Buffer.from(bytes),
  });
}

/** A media file's name, as the shop makes them. */
const name = `med_${"0123456789".repeat(2)}-320.webp`;

describe("the bucket media store, against an S3-compatible service", () => {
  let fake: RunningS3Fake;
  let photo: Buffer;
  beforeAll(async () => {
    fake = await startS3Fake(credentials);
    photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#8a6420" } })
      .webp()
      .toBuffer();
  });
  afterAll(async () => {
    await fake.close();
  });

  it("puts, gets and deletes objects path-style, each request signed with the access key and the body's SHA-256", async () => {
    const store = bucketMediaStore(settingsFor(fake.url));
    await store.write(name, photo);
    expect(fake.objects.get(name)).toEqual({ bytes: photo, contentType: "image/webp" });
    expect(await store.read(name)).toEqual(photo);
    await store.remove(name);
    expect(fake.objects.has(name)).toBe(false);
    expect(await store.read(name)).toBeUndefined();
    await store.remove(name);
    expect(fake.requests.map((request) => [request.method, request.key, request.status])).toEqual([
      ["PUT", name, 200],
      ["GET", name, 200],
      ["DELETE", name, 204],
      ["GET", name, 404],
      ["DELETE", name, 204],
    ]);
    for (const request of fake.requests) {
      expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=HERBOTESTKEY0001\/\d{8}\/auto\/s3\//);
      expect(request.signatureValid).toBe(true);
      expect(request.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(fake.requests[0]?.contentSha256).toBe(createHash("sha256").update(photo).digest("hex"));
  });

  it("takes a refused signature, a refused call or an unreachable service for an unavailable store, naming why", async () => {
    const wrongSecret = bucketMediaStore(settingsFor(fake.url, { secretAccessKey: "not-the-secret-0000" }));
    await expect(wrongSecret.write(name, photo)).rejects.toThrow(
      new MediaStoreUnavailable("the media bucket refused to store a file (HTTP 403 SignatureDoesNotMatch)"),
    );
    const otherBucket = bucketMediaStore(settingsFor(fake.url, { bucket: "someone-else" }));
    await expect(otherBucket.read(name)).resolves.toBeUndefined();
    const nowhere = bucketMediaStore(settingsFor(await unreachableUrl()));
    await expect(nowhere.read(name)).rejects.toBeInstanceOf(MediaStoreUnavailable);
    await expect(nowhere.write(name, photo)).rejects.toThrow(/could not be reached \(ECONNREFUSED\)/);
    expect(fake.objects.size).toBe(0);
  });

  it("never sends a name that is not a media file's", async () => {
    const store = bucketMediaStore(settingsFor(fake.url));
    const before = fake.requests.length;
    await expect(store.read("../secrets.txt")).rejects.toThrow("Not a media file name");
    await expect(store.write("med_x/../../other.webp", photo)).rejects.toThrow("Not a media file name");
    expect(fake.requests).toHaveLength(before);
  });
});

describe.each(kinds)("product photos in an S3-compatible bucket on %s", (kind) => {
  let fake: RunningS3Fake;
  let api: RunningApi;
  let owner: AdminClient;
  let jpeg: Buffer;
  beforeAll(async () => {
    fake = await startS3Fake(credentials);
    api = await startApi(kind, { mediaBucket: settingsFor(fake.url) });
    owner = await signedInOwner(api);
    jpeg = await gradientPicture("jpeg", 1000, 750);
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  async function rowsStored() {
    const [mediaRows] = await api.db.select({ total: count() }).from(media);
    const [imageRows] = await api.db.select({ total: count() }).from(productImages);
    const [changes] = await api.db.select({ total: count() }).from(catalogChanges);
    return { media: mediaRows?.total, images: imageRows?.total, changes: changes?.total };
  }

  it("uploads a photo into the bucket, serves it at /media for a year, and deletes it from the bucket", async () => {
    const response = await upload(api, owner, "prod_travel_tin", jpeg);
    expect(response.status, await response.clone().text()).toBe(201);
    const added = ((await response.json()) as AdminProductPhotos).photos.at(-1);
    const id = added?.id ?? "";
    const names = [`${id}-1000.webp`, `${id}-320.webp`, `${id}-640.webp`, `${id}-960.webp`, `${id}-card.jpg`];
    expect([...fake.objects.keys()].sort()).toEqual(names);
    expect(fake.objects.get(`${id}-card.jpg`)?.contentType).toBe("image/jpeg");
    expect(fake.requests.every((request) => request.signatureValid)).toBe(true);
    expect(await readdir(api.mediaDir)).toEqual([]);

    const served = await fetch(`${api.baseUrl}/media/${id}-640.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(fake.objects.get(`${id}-640.webp`)?.bytes);
    expect((await fetch(`${api.baseUrl}/media/med_${"a".repeat(20)}-640.webp`)).status).toBe(404);

    const deleted = await owner.request("DELETE", `/products/prod_travel_tin/photos/${id}`);
    expect(deleted.status).toBe(200);
    expect(fake.objects.size).toBe(0);
    expect((await fetch(`${api.baseUrl}/media/${id}-640.webp`)).status).toBe(404);
  });

  it("tells the owner when the bucket refuses the photo, and stores no row and no file", async () => {
    const stored = await rowsStored();
    fake.refuseWith = { status: 403, code: "AccessDenied" };
    try {
      const response = await upload(api, owner, "prod_travel_tin", jpeg);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({
        code: "service_unavailable",
        message:
          "The photo was not saved: the media bucket refused to store a file (HTTP 403 AccessDenied). Try again in a minute; if it keeps failing, check the MEDIA_BUCKET settings.",
      });
    } finally {
      fake.refuseWith = undefined;
    }
    expect(await rowsStored()).toEqual(stored);
    expect(fake.objects.size).toBe(0);
  });

  it("tells the owner when the bucket cannot be reached, stores no row, and answers /media with 503 uncached", async () => {
    const offline = await startApi(kind, { mediaBucket: settingsFor(await unreachableUrl()) });
    try {
      const offlineOwner = await signedInOwner(offline);
      const before = await offline.db.select({ total: count() }).from(media);
      const response = await upload(offline, offlineOwner, "prod_travel_tin", jpeg);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("service_unavailable");
      expect(body.error.message).toContain("The photo was not saved: the media bucket could not be reached");
      expect(await offline.db.select({ total: count() }).from(media)).toEqual(before);
      const photos = (await offlineOwner.get<AdminProductPhotos>("/products/prod_travel_tin/photos")).photos;
      expect(photos.map((photo) => photo.kind)).toEqual(["artwork"]);

      const served = await fetch(`${offline.baseUrl}/media/med_${"b".repeat(20)}-640.webp`);
      expect(served.status).toBe(503);
      expect(served.headers.get("cache-control")).toBe("no-store");
    } finally {
      await offline.close();
    }
  });

  it("stores a certificate in the bucket as a PDF, and serves it at /media/certificates with its own headers", async () => {
    const pdf = await certificatePdf("HS-2611");
    const sha = createHash("sha256").update(pdf).digest("hex");
    const response = await fetch(`${api.baseUrl}/admin/api/products/prod_travel_tin/batches?lot=HS-2611`, {
      method: "POST",
      headers: { cookie: owner.cookie, origin: adminOrigin, "content-type": "application/pdf" },
      body: Buffer.from(pdf),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(fake.objects.get(`certificate-${sha}.pdf`)).toEqual({ bytes: pdf, contentType: "application/pdf" });
    expect(await readdir(api.mediaDir)).toEqual([]);
    const served = await fetch(`${api.baseUrl}/media/certificates/${sha}.pdf`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pdf);

    // A bucket that refuses the next one: 503 with the reason, and neither its row nor its file.
    const batches = await api.db.select({ total: count() }).from(productBatches);
    fake.refuseWith = { status: 403, code: "AccessDenied" };
    try {
      const other = await certificatePdf("HS-2612");
      const refused = await fetch(`${api.baseUrl}/admin/api/products/prod_travel_tin/batches?lot=HS-2612`, {
        method: "POST",
        headers: { cookie: owner.cookie, origin: adminOrigin, "content-type": "application/pdf" },
        body: Buffer.from(other),
      });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        "The certificate was not saved: the media bucket refused to store a file (HTTP 403 AccessDenied). Try again in a minute; if it keeps failing, check the MEDIA_BUCKET settings.",
      );
    } finally {
      fake.refuseWith = undefined;
    }
    expect(await api.db.select({ total: count() }).from(productBatches)).toEqual(batches);
    expect([...fake.objects.keys()]).toEqual([`certificate-${sha}.pdf`]);
  });
});

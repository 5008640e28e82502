import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import type { WireDetailProduct, WireListProduct } from "@herbo/hosted-api";
import { readdir } from "node:fs/promises";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogChanges, media, productImages, products, variants } from "../src/db/schema.ts";
import { photoLimits } from "../src/media/encode-photo.ts";
import { maxPhotosPerProduct } from "../src/media/photos.ts";
import {
  emptyZip,
  gradientPicture,
  pngDeclaring,
  scriptedPage,
  scriptedSvg,
  withPngCompressedText,
} from "../src/media/photo-fixtures.testing.ts";
import { AdminClient, adminOrigin, ownerEmail, backOfficeSuite } from "./admin-helpers.ts";
import { databaseKinds, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();

/** Sends a file to a product's photos as the back office's page does: its bytes, with a content type. */
function upload(
  api: RunningApi,
  productId: string,
  bytes: Uint8Array,
  contentType: string | null,
  headers: { cookie?: string; origin?: string | null } = {},
): Promise<Response> {
  const sent: Record<string, string> = {};
  if (headers.cookie !== undefined) sent.cookie = headers.cookie;
  if (headers.origin !== null) sent.origin = headers.origin ?? adminOrigin;
  if (contentType !== null) sent["content-type"] = contentType;
  return fetch(`${api.baseUrl}/admin/api/products/${productId}/photos`, {
    method: "POST",
    headers: sent,
    body: Buffer.from(bytes),
  });
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe.each(kinds)("the back office's product photos on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test" });
  let landscape: Buffer;
  beforeAll(async () => {
    landscape = await gradientPicture("jpeg", 2000, 1500);
  });

  const photosOf = (productId: string) => shop.owner.get<AdminProductPhotos>(`/products/${productId}/photos`);
  const uploadAs = (client: AdminClient, productId: string, bytes: Uint8Array, type: string) =>
    upload(shop.api, productId, bytes, type, { cookie: client.cookie });
  async function storeProduct(productId: string): Promise<WireDetailProduct> {
    const response = await fetch(`${shop.api.storeUrl}/products/${productId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { product: WireDetailProduct }).product;
  }
  /** What a refused upload must leave as it was: the files, and every table a photo touches. */
  async function everythingStored() {
    const [mediaRows] = await shop.api.db.select({ total: count() }).from(media);
    const images = await shop.api.db.select().from(productImages);
    const [changes] = await shop.api.db.select({ total: count() }).from(catalogChanges);
    const files = await readdir(shop.api.mediaDir);
    return { media: mediaRows?.total, images, changes: changes?.total, files: files.sort() };
  }

  it("uploads a JPEG: WebP files at each width up to 1280, the photo last in the list, and a history entry", async () => {
    const before = await photosOf("prod_travel_tin");
    expect(before.photos).toHaveLength(1);
    expect(before.photos[0]).toMatchObject({ kind: "artwork", previewUrl: "/images/travel-tin.svg", width: null });
    const response = await uploadAs(shop.owner, "prod_travel_tin", landscape, "image/jpeg");
    expect(response.status, await response.clone().text()).toBe(201);
    const answer = (await response.json()) as AdminProductPhotos;
    expect(answer.photos).toHaveLength(2);
    const photo = answer.photos[1];
    expect(photo).toMatchObject({ kind: "upload", alt: "", width: 1280, height: 960 });
    const id = photo?.id ?? "";
    expect(id).toMatch(/^med_[0-9a-f]{20}$/);
    expect(photo?.previewUrl).toBe(`/media/${id}-320.webp`);
    expect(answer.version).not.toBe(before.version);

    const files = (await readdir(shop.api.mediaDir)).filter((name) => name.startsWith(id)).sort();
    expect(files).toEqual([`${id}-1280.webp`, `${id}-320.webp`, `${id}-640.webp`, `${id}-960.webp`, `${id}-card.jpg`]);
    for (const width of [320, 640, 960, 1280]) {
      const served = await fetch(`${shop.api.baseUrl}/media/${id}-${width}.webp`);
      expect(served.status).toBe(200);
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", width, (width * 3) / 4]);
    }
    const [row] = await shop.api.db.select().from(media).where(eq(media.id, id));
    expect(row).toMatchObject({ format: "webp", width: 1280, height: 960, widths: [320, 640, 960, 1280] });
    expect(row?.createdBy).toBe(ownerEmail);
    const history = await shop.api.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entityId, "prod_travel_tin"));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actor: ownerEmail,
      entity: "product_photos",
      before: { photos: [{ id: before.photos[0]?.id, alt: "" }] },
      after: {
        photos: [
          { id: before.photos[0]?.id, alt: "" },
          { id, alt: "" },
        ],
      },
    });
  });

  it("never makes a small photo larger", async () => {
    const small = await gradientPicture("png", 500, 400);
    const response = await uploadAs(shop.owner, "prod_starter_kit", small, "image/png");
    expect(response.status).toBe(201);
    const answer = (await response.json()) as AdminProductPhotos;
    const photo = answer.photos.at(-1);
    expect(photo).toMatchObject({ width: 500, height: 400 });
    const [row] = await shop.api.db
      .select()
      .from(media)
      .where(eq(media.id, photo?.id ?? ""));
    expect(row?.widths).toEqual([320, 500]);
  });

  it("puts a photo first with its alt text: the storefront shows it at once, with its sizes and a social card drawn from it", async () => {
    const current = await photosOf("prod_travel_tin");
    const [artwork, photo] = current.photos;
    const response = await shop.owner.put("/products/prod_travel_tin/photos", {
      version: current.version,
      photos: [
        { id: photo?.id, alt: "  The travel tin <b>open</b> on a wooden table " },
        { id: artwork?.id, alt: "" },
      ],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as AdminProductPhotos;
    expect(answer.photos.map((entry) => [entry.id, entry.alt])).toEqual([
      [photo?.id, "The travel tin open on a wooden table"],
      [artwork?.id, ""],
    ]);

    const id = photo?.id ?? "";
    const product = await storeProduct("prod_travel_tin");
    expect(product.thumbnail).toBe(`http://api.test/media/${id}-1280.webp`);
    expect(product.media[0]).toEqual({
      url: `http://api.test/media/${id}-1280.webp`,
      order: 1,
      type: "image",
      alt: "The travel tin open on a wooden table",
      width: 1280,
      height: 960,
      sizes: [320, 640, 960, 1280].map((width) => ({ url: `http://api.test/media/${id}-${width}.webp`, width })),
    });
    expect(product.media[1]).toMatchObject({ url: "http://api.test/images/travel-tin.svg", width: null, sizes: [] });
    expect(product.metadata.social_image).toEqual({
      url: `http://api.test/media/${id}-card.jpg`,
      width: 1200,
      height: 630,
    });
    const list = (await (await fetch(`${shop.api.storeUrl}/products?limit=50`)).json()) as {
      products: WireListProduct[];
    };
    expect(list.products.find((entry) => entry.id === "prod_travel_tin")?.images[0]?.width).toBe(1280);

    const card = await fetch(`${shop.api.baseUrl}/media/${id}-card.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/jpeg");
    const cardSize = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([cardSize.width, cardSize.height]).toEqual([1200, 630]);
  });

  it("refuses an arrangement made from an old list, and one that does not name every photo once", async () => {
    const seen = await photosOf("prod_travel_tin");
    const ids = seen.photos.map((photo) => photo.id);
    const first = await shop.owner.put("/products/prod_travel_tin/photos", {
      version: seen.version,
      photos: ids.map((id) => ({ id, alt: "Owner's words" })),
    });
    expect(first.status).toBe(200);
    const changesBefore = await everythingStored();
    const late = await shop.partner.put("/products/prod_travel_tin/photos", {
      version: seen.version,
      photos: [...ids].reverse().map((id) => ({ id, alt: "Partner's words" })),
    });
    expect(late.status).toBe(409);
    const now = await photosOf("prod_travel_tin");
    expect(await late.json()).toMatchObject({ error: { code: "edit_conflict", details: { version: now.version } } });
    expect(now.photos.map((photo) => [photo.id, photo.alt])).toEqual(ids.map((id) => [id, "Owner's words"]));

    for (const photos of [
      ids.slice(1).map((id) => ({ id, alt: "" })),
      [...ids, ids[0]].map((id) => ({ id, alt: "" })),
      [{ id: "med_00000000000000000000", alt: "" }, ...ids.slice(1).map((id) => ({ id, alt: "" }))],
    ]) {
      const wrong = await shop.owner.put("/products/prod_travel_tin/photos", { version: now.version, photos });
      expect(wrong.status).toBe(400);
      expect(await errorCode(wrong)).toBe("invalid_request");
    }
    expect((await shop.owner.put("/products/prod_travel_tin/photos", { photos: [] })).status).toBe(400);
    expect((await shop.owner.put("/products/prod_nothing/photos", { version: 1, photos: [] })).status).toBe(404);
    expect(await everythingStored()).toEqual(changesBefore);
  });

  it("chooses a variant's photo from the current list; the storefront's variant shows it", async () => {
    const seen = await photosOf("prod_value_pack");
    expect(seen.variants.map((variant) => variant.photoId)).toEqual(seen.photos.map((photo) => photo.id));
    const added = (await (
      await uploadAs(shop.owner, "prod_value_pack", landscape, "image/jpeg")
    ).json()) as AdminProductPhotos;
    const photo = added.photos.at(-1);
    const stale = await shop.owner.put("/products/prod_value_pack/variants/var_value_3x20/photo", {
      version: seen.version,
      photoId: photo?.id,
    });
    expect(stale.status).toBe(409);
    const chosen = await shop.owner.put("/products/prod_value_pack/variants/var_value_3x20/photo", {
      version: added.version,
      photoId: photo?.id,
    });
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    expect(((await chosen.json()) as AdminProductPhotos).variants.find((v) => v.id === "var_value_3x20")?.photoId).toBe(
      photo?.id,
    );
    const product = await storeProduct("prod_value_pack");
    expect(product.variants.find((variant) => variant.id === "var_value_3x20")?.image_url).toBe(
      `http://api.test/media/${photo?.id}-1280.webp`,
    );
    const latest = await photosOf("prod_value_pack");
    const foreign = await shop.owner.put("/products/prod_value_pack/variants/var_resin_10g/photo", {
      version: latest.version,
      photoId: null,
    });
    expect(foreign.status).toBe(404);
  });

  it("deletes a photo: its files, its rows and any variant's choice of it go, and the history says so", async () => {
    const seen = await photosOf("prod_value_pack");
    const photo = seen.photos.at(-1);
    const id = photo?.id ?? "";
    expect(photo?.kind).toBe("upload");
    const response = await shop.owner.request("DELETE", `/products/prod_value_pack/photos/${id}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as AdminProductPhotos;
    expect(answer.photos.map((entry) => entry.id)).toEqual(seen.photos.slice(0, -1).map((entry) => entry.id));
    expect((await readdir(shop.api.mediaDir)).filter((name) => name.startsWith(id))).toEqual([]);
    expect(await shop.api.db.select().from(media).where(eq(media.id, id))).toEqual([]);
    const [variant] = await shop.api.db.select().from(variants).where(eq(variants.id, "var_value_3x20"));
    expect(variant?.imageUrl).toBeNull();
    expect((await fetch(`${shop.api.baseUrl}/media/${id}-320.webp`)).status).toBe(404);
    const [history] = await shop.api.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entityId, "prod_value_pack"))
      .orderBy(catalogChanges.at);
    expect(history?.entity).toBe("product_photos");
    expect((await shop.owner.request("DELETE", `/products/prod_value_pack/photos/${id}`)).status).toBe(404);

    // A drawing the catalogue came with can go too, and the product's thumbnail follows its first picture.
    const drawings = await photosOf("prod_gift_box");
    const drawing = drawings.photos[0]?.id ?? "";
    expect((await shop.owner.request("DELETE", `/products/prod_gift_box/photos/${drawing}`)).status).toBe(200);
    const [giftBox] = await shop.api.db.select().from(products).where(eq(products.id, "prod_gift_box"));
    expect(giftBox?.thumbnail).toBeNull();
    expect((await storeProduct("prod_gift_box")).media).toEqual([]);
  });

  it("refuses each hostile or broken file with a clear answer, storing nothing at all", async () => {
    const stored = await everythingStored();
    const jpeg = await gradientPicture("jpeg", 64, 48);
    const png = await gradientPicture("png", 64, 48);
    const cases: [string, Uint8Array, string | null, number, string][] = [
      ["an SVG with a script", scriptedSvg, "image/svg+xml", 415, "unsupported_media_type"],
      ["a GIF", Buffer.from("GIF89a\u0001\u0000\u0001\u0000", "latin1"), "image/gif", 415, "unsupported_media_type"],
      ["an SVG with a script sent as a PNG", scriptedSvg, "image/png", 415, "unsupported_media_type"],
      [
        "a decompression bomb (30000×30000 declared)",
        pngDeclaring(30_000, 30_000),
        "image/png",
        400,
        "image_too_large",
      ],
      ["a photo too wide", pngDeclaring(9_000, 50), "image/png", 400, "image_too_large"],
      [
        "a JPEG with a web page after it",
        Buffer.concat([jpeg, scriptedPage]),
        "image/jpeg",
        400,
        "image_hidden_content",
      ],
      ["a JPEG with a ZIP after it", Buffer.concat([jpeg, emptyZip]), "image/jpeg", 400, "image_hidden_content"],
      [
        "a PNG with a web page in a zTXt chunk",
        withPngCompressedText(png, scriptedPage, "zTXt"),
        "image/png",
        400,
        "image_hidden_content",
      ],
      [
        "a PNG with a web page in a compressed iTXt chunk",
        withPngCompressedText(png, scriptedPage, "iTXt"),
        "image/png",
        400,
        "image_hidden_content",
      ],
      ["a PNG sent as a JPEG", png, "image/jpeg", 415, "unsupported_media_type"],
      ["a JPEG cut short", jpeg.subarray(0, jpeg.length - 200), "image/jpeg", 400, "image_unreadable"],
      ["an empty file", Buffer.alloc(0), "image/jpeg", 400, "image_unreadable"],
      ["a form post", jpeg, "multipart/form-data; boundary=x", 415, "unsupported_media_type"],
      ["text", jpeg, "text/plain", 415, "unsupported_media_type"],
      ["no type at all", jpeg, null, 415, "unsupported_media_type"],
      ["JSON", Buffer.from('{"photo":"x"}'), "application/json", 415, "unsupported_media_type"],
      ["a body over 20 MB", Buffer.alloc(photoLimits.maxBytes + 1, 0xff), "image/jpeg", 413, "body_too_large"],
    ];
    for (const [label, bytes, type, status, code] of cases) {
      const refused = await upload(shop.api, "prod_himalayan_resin", bytes, type, { cookie: shop.owner.cookie });
      expect(refused.status, label).toBe(status);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code, label).toBe(code);
      expect(body.error.message.length, label).toBeGreaterThan(10);
    }
    // An SVG is refused for what its content is, whichever image type it came as.
    const svg = await upload(shop.api, "prod_himalayan_resin", scriptedSvg, "image/svg+xml", {
      cookie: shop.owner.cookie,
    });
    expect(((await svg.json()) as { error: { message: string } }).error.message).toContain("SVG");
    expect(await everythingStored()).toEqual(stored);
  });

  it("answers 401 without a session and 403 from another origin on every photo route, storing nothing", async () => {
    const stored = await everythingStored();
    const jpeg = await gradientPicture("jpeg", 64, 48);
    expect((await upload(shop.api, "prod_travel_tin", jpeg, "image/jpeg")).status).toBe(401);
    for (const origin of ["http://evil.test", "null", null]) {
      const response = await upload(shop.api, "prod_travel_tin", jpeg, "image/jpeg", {
        cookie: shop.owner.cookie,
        origin,
      });
      expect(response.status, String(origin)).toBe(403);
    }
    const photoId = (await photosOf("prod_travel_tin")).photos[0]?.id ?? "";
    const routes: [string, string][] = [
      ["GET", "/products/prod_travel_tin/photos"],
      ["PUT", "/products/prod_travel_tin/photos"],
      ["DELETE", `/products/prod_travel_tin/photos/${photoId}`],
      ["PUT", "/products/prod_travel_tin/variants/var_travel_tin/photo"],
    ];
    const stranger = new AdminClient(shop.api, "herbo_admin_session=none");
    for (const [method, path] of routes) {
      const body = method === "PUT" ? { version: 1, photos: [], photoId: null } : undefined;
      expect((await stranger.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await shop.owner.request(method, path, body, "http://evil.test")).status, `${method} ${path}`).toBe(403);
    }
    expect(await everythingStored()).toEqual(stored);
  });

  it("keeps a product to at most 20 photos", async () => {
    const tiny = await gradientPicture("webp", 40, 40);
    let answer = await photosOf("prod_starter_kit");
    while (answer.photos.length < maxPhotosPerProduct) {
      const response = await uploadAs(shop.owner, "prod_starter_kit", tiny, "image/webp");
      expect(response.status).toBe(201);
      answer = (await response.json()) as AdminProductPhotos;
    }
    const over = await uploadAs(shop.owner, "prod_starter_kit", tiny, "image/webp");
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ error: { code: "too_many_photos", details: { max: 20 } } });
  });

  it("serves photo files for a year with their own type and nothing else from the media folder", async () => {
    const [photo] = (await photosOf("prod_travel_tin")).photos;
    const response = await fetch(`${shop.api.baseUrl}/media/${photo?.id}-640.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    for (const address of [
      `/media/${photo?.id}-641.webp`,
      `/media/${photo?.id}-640.png`,
      `/media/${photo?.id}-640.WEBP`,
      "/media/med_00000000000000000000-640.webp",
      "/media/..%2f..%2fpackage.json",
      "/media/%2e%2e/package.json",
      "/media/../package.json",
      `/media/.${photo?.id}-640.webp.partial`,
      "/media/",
    ]) {
      const answer = await fetch(`${shop.api.baseUrl}${address}`);
      expect(answer.status, address).toBe(404);
      expect(answer.headers.get("content-type"), address).not.toMatch(/^image\//);
    }
  });
});

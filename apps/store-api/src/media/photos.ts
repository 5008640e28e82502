import type { AdminPhoto, AdminPhotoArrangement, AdminProductPhotos } from "@herbo/hosted-api/admin";
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { catalogChanges, media, productImages, products, variants } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import { checkPhotoContent } from "./content-check.ts";
import { encodePhoto, photoLimits } from "./encode-photo.ts";
import { cardFileName, mediaPath, newMediaId, photoFileName } from "./media-names.ts";
import { MediaStoreUnavailable, type MediaStore } from "./media-store.ts";
import { plainAltText } from "./alt-text.ts";

type Reader = Database | Transaction;
type ImageRow = typeof productImages.$inferSelect;
type MediaRow = typeof media.$inferSelect;

export const maxPhotosPerProduct = 20;
const photoEntity = "product_photos";

export interface PhotoServices {
  db: Database;
  /** Where photo files go (a folder or a bucket); undefined when none is set, and then uploads are refused. */
  store: MediaStore | undefined;
  now: () => Date;
  /** Told about files a deleted photo left behind that could not be removed (they harm nothing). */
  onLeftover: (names: string[], error: unknown) => void;
}

interface StoredPhoto {
  id: string;
  row: ImageRow;
  media: MediaRow | null;
}

interface PhotoList {
  product: { id: string; title: string };
  photos: StoredPhoto[];
  variants: { id: string; title: string; imageUrl: string | null }[];
}

/** A drawing's id, from its URL: the same URL twice in one list gets a count after it. */
function artworkId(url: string, occurrence: number): string {
  const digest = createHash("sha256").update(url).digest("hex").slice(0, 12);
  return occurrence === 1 ? `art_${digest}` : `art_${digest}_${occurrence}`;
}

async function loadList(db: Reader, productId: string, lock: boolean): Promise<PhotoList> {
  const query = db.select({ id: products.id, title: products.title, deletedAt: products.deletedAt }).from(products);
  const [product] = await (lock
    ? query.where(eq(products.id, productId)).for("update")
    : query.where(eq(products.id, productId)));
  if (product === undefined || product.deletedAt !== null) throw notFound("No such product");
  const rows = await db
    .select({ image: productImages, media })
    .from(productImages)
    .leftJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder));
  const seen = new Map<string, number>();
  const photos = rows.map(({ image, media: stored }): StoredPhoto => {
    if (stored !== null) return { id: stored.id, row: image, media: stored };
    const occurrence = (seen.get(image.url) ?? 0) + 1;
    seen.set(image.url, occurrence);
    return { id: artworkId(image.url, occurrence), row: image, media: null };
  });
  const variantRows = await db
    .select({ id: variants.id, title: variants.title, imageUrl: variants.imageUrl })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.sortOrder), asc(variants.id));
  return { product: { id: product.id, title: product.title }, photos, variants: variantRows };
}

function variantChoices(list: PhotoList): { id: string; title: string; photoId: string | null }[] {
  return list.variants.map((variant) => ({
    id: variant.id,
    title: variant.title,
    photoId: list.photos.find((photo) => photo.row.url === variant.imageUrl)?.id ?? null,
  }));
}

/** What a change is checked against and the history keeps: the order, the alt texts, the variants' choices. */
function snapshot(list: PhotoList) {
  return {
    photos: list.photos.map((photo) => ({ id: photo.id, alt: photo.row.alt })),
    variants: variantChoices(list).map((variant) => ({ id: variant.id, photoId: variant.photoId })),
  };
}

/** The list's version: a number drawn from its snapshot, so any change to what the owner saw changes it. */
export function listVersion(list: PhotoList): number {
  const digest = createHash("sha256")
    .update(JSON.stringify(snapshot(list)))
    .digest("hex");
  return Number.parseInt(digest.slice(0, 12), 16);
}

function answerOf(list: PhotoList): AdminProductPhotos {
  return {
    productId: list.product.id,
    productTitle: list.product.title,
    version: listVersion(list),
    photos: list.photos.map((photo): AdminPhoto =>
      photo.media === null
        ? { id: photo.id, kind: "artwork", previewUrl: photo.row.url, alt: photo.row.alt, width: null, height: null }
        : {
            id: photo.id,
            kind: "upload",
            previewUrl: mediaPath(photoFileName(photo.media.id, photo.media.widths[0] ?? photo.media.width)),
            alt: photo.row.alt,
            width: photo.media.width,
            height: photo.media.height,
          },
    ),
    variants: variantChoices(list),
    maxPhotos: maxPhotosPerProduct,
    maxUploadBytes: photoLimits.maxBytes,
  };
}

export async function listPhotos(db: Database, productId: string): Promise<AdminProductPhotos> {
  return answerOf(await loadList(db, productId, false));
}

function conflict(list: PhotoList): ApiError<"edit_conflict"> {
  return new ApiError(
    409,
    "edit_conflict",
    "Someone else changed these photos since you opened them. Their change is shown now; make yours again if it still applies.",
    { version: listVersion(list) },
  );
}

const tooMany = () =>
  new ApiError(409, "too_many_photos", `A product can have at most ${maxPhotosPerProduct} photos: delete one first.`, {
    max: maxPhotosPerProduct,
  });

/** Writes the list's rows in this order (numbered from 1), the product's thumbnail (its first picture) and time. */
async function writeRows(tx: Transaction, productId: string, rows: readonly ImageRow[], now: Date): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (rows.length > 0) {
    await tx.insert(productImages).values(rows.map((row, index) => ({ ...row, productId, sortOrder: index + 1 })));
  }
  await tx
    .update(products)
    .set({ thumbnail: rows[0]?.url ?? null, updatedAt: now })
    .where(eq(products.id, productId));
}

async function recordChange(
  tx: Transaction,
  input: { productId: string; actor: string; before: PhotoList; now: Date },
): Promise<PhotoList> {
  const after = await loadList(tx, input.productId, false);
  await tx.insert(catalogChanges).values({
    id: `cc_${randomUUID()}`,
    at: input.now,
    actor: input.actor,
    entity: photoEntity,
    entityId: input.productId,
    before: snapshot(input.before),
    after: snapshot(after),
  });
  return after;
}

/**
 * Adds an uploaded photo at the end of a product's list: checked by its content, re-encoded, its files
 * written, then its rows and history entry in one transaction (the files are removed again if that fails).
 * Nothing is written for a refused upload.
 */
export async function uploadPhoto(
  services: PhotoServices,
  input: { productId: string; actor: string; bytes: Buffer; contentType: string | undefined },
): Promise<AdminProductPhotos> {
  const { db, store } = services;
  if (store === undefined) {
    throw new ApiError(503, "service_unavailable", "Photo storage is not set up on this server (MEDIA_DIR).");
  }
  if ((await loadList(db, input.productId, false)).photos.length >= maxPhotosPerProduct) throw tooMany();
  const format = checkPhotoContent(input.bytes, input.contentType);
  if (format instanceof ApiError) throw format;
  const encoded = await encodePhoto(input.bytes, format);
  const id = newMediaId();
  const files = [
    ...encoded.files.map((file) => ({ name: photoFileName(id, file.width), bytes: file.bytes })),
    { name: cardFileName(id), bytes: encoded.card },
  ];
  const written: string[] = [];
  try {
    for (const file of files) {
      await store.write(file.name, file.bytes);
      written.push(file.name);
    }
    const now = services.now();
    const after = await db.transaction(async (tx) => {
      const before = await loadList(tx, input.productId, true);
      if (before.photos.length >= maxPhotosPerProduct) throw tooMany();
      await tx.insert(media).values({
        id,
        format: "webp",
        width: encoded.width,
        height: encoded.height,
        widths: encoded.files.map((file) => file.width),
        bytes: files.reduce((sum, file) => sum + file.bytes.length, 0),
        sha256: createHash("sha256").update(input.bytes).digest("hex"),
        createdAt: now,
        createdBy: input.actor,
      });
      const added: ImageRow = {
        productId: input.productId,
        url: mediaPath(photoFileName(id, encoded.width)),
        sortOrder: 0,
        type: "image",
        alt: "",
        mediaId: id,
      };
      await writeRows(tx, input.productId, [...before.photos.map((photo) => photo.row), added], now);
      return recordChange(tx, { productId: input.productId, actor: input.actor, before, now });
    });
    return answerOf(after);
  } catch (error) {
    await Promise.all(written.map((name) => store.remove(name).catch(() => undefined)));
    if (error instanceof MediaStoreUnavailable) {
      throw new ApiError(
        503,
        "service_unavailable",
        `The photo was not saved: ${error.message}. Try again in a minute; if it keeps failing, check the MEDIA_BUCKET settings.`,
      );
    }
    throw error;
  }
}

/**
 * Sets the order and alt texts of all of a product's photos at once, from the version the owner saw: a list
 * changed since then is refused with 409 and the current version. The body must name every photo once.
 */
export async function arrangePhotos(
  services: PhotoServices,
  input: { productId: string; actor: string; arrangement: AdminPhotoArrangement },
): Promise<AdminProductPhotos> {
  const wanted = input.arrangement.photos.map((photo) => ({ id: photo.id, alt: plainAltText(photo.alt) }));
  const now = services.now();
  const after = await services.db.transaction(async (tx) => {
    const before = await loadList(tx, input.productId, true);
    if (listVersion(before) !== input.arrangement.version) throw conflict(before);
    const byId = new Map(before.photos.map((photo) => [photo.id, photo]));
    const named = new Set(wanted.map((photo) => photo.id));
    if (named.size !== wanted.length || wanted.length !== before.photos.length || wanted.some((p) => !byId.has(p.id))) {
      throw invalidRequest("List each of the product's photos once, in the new order", "body.photos");
    }
    const rows = wanted.map(({ id, alt }) => ({ ...(byId.get(id) as StoredPhoto).row, alt }));
    const unchanged = rows.every(
      (row, index) => row.url === before.photos[index]?.row.url && row.alt === before.photos[index]?.row.alt,
    );
    if (unchanged) return before;
    await writeRows(tx, input.productId, rows, now);
    return recordChange(tx, { productId: input.productId, actor: input.actor, before, now });
  });
  return answerOf(after);
}

/**
 * Removes one photo from a product: its row, its media record, and any variant's choice of it, with a
 * history entry; its files go after the transaction commits (a file left behind is only disk space).
 */
export async function deletePhoto(
  services: PhotoServices,
  input: { productId: string; actor: string; photoId: string },
): Promise<AdminProductPhotos> {
  const now = services.now();
  const { after, removed } = await services.db.transaction(async (tx) => {
    const before = await loadList(tx, input.productId, true);
    const target = before.photos.find((photo) => photo.id === input.photoId);
    if (target === undefined) throw notFound("No such photo of this product");
    const rest = before.photos.filter((photo) => photo !== target).map((photo) => photo.row);
    await writeRows(tx, input.productId, rest, now);
    if (!rest.some((row) => row.url === target.row.url)) {
      await tx
        .update(variants)
        .set({ imageUrl: null, updatedAt: now })
        .where(and(eq(variants.productId, input.productId), eq(variants.imageUrl, target.row.url)));
    }
    if (target.media !== null) await tx.delete(media).where(eq(media.id, target.media.id));
    const after = await recordChange(tx, { productId: input.productId, actor: input.actor, before, now });
    return { after, removed: target.media };
  });
  if (removed !== null && services.store !== undefined) {
    const names = [...removed.widths.map((width) => photoFileName(removed.id, width)), cardFileName(removed.id)];
    const store = services.store;
    await Promise.all(names.map((name) => store.remove(name))).catch((error: unknown) =>
      services.onLeftover(names, error),
    );
  }
  return answerOf(after);
}

/** Chooses the photo a variant shows when a shopper picks it (or none), from the version the owner saw. */
export async function chooseVariantPhoto(
  services: PhotoServices,
  input: { productId: string; variantId: string; actor: string; version: number; photoId: string | null },
): Promise<AdminProductPhotos> {
  const now = services.now();
  const after = await services.db.transaction(async (tx) => {
    const before = await loadList(tx, input.productId, true);
    if (!before.variants.some((variant) => variant.id === input.variantId)) {
      throw notFound("No such variant of this product");
    }
    if (listVersion(before) !== input.version) throw conflict(before);
    const photo = input.photoId === null ? null : before.photos.find((entry) => entry.id === input.photoId);
    if (photo === undefined) throw invalidRequest("No such photo of this product", "body.photoId");
    await tx
      .update(variants)
      .set({ imageUrl: photo?.row.url ?? null, updatedAt: now })
      .where(eq(variants.id, input.variantId));
    await tx.update(products).set({ updatedAt: now }).where(eq(products.id, input.productId));
    return recordChange(tx, { productId: input.productId, actor: input.actor, before, now });
  });
  return answerOf(after);
}

import type { AdminBatch, AdminProductBatches } from "@herbo/hosted-api/admin";
import { lotNumberPattern, lotNumberRule } from "@herbo/hosted-api/admin";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { productBatches, products } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import { certificateMaxBytes } from "../media/certificate-check.ts";
import { checkCertificate } from "../media/certificate-pdf.ts";
import { certificateFileName, certificatePath } from "../media/media-names.ts";
import { MediaStoreUnavailable, type MediaStore } from "../media/media-store.ts";
import { addDays, dayOf, isDay } from "../shop-time.ts";
import { writeChange } from "./product-edits.ts";
import { batchesEntity, type BatchChange } from "./product-fields.ts";

type Reader = Database | Transaction;
type BatchRow = typeof productBatches.$inferSelect;

export interface BatchServices {
  db: Database;
  /** Where certificates go (a folder or a bucket); undefined when none is set, and then uploads are refused. */
  store: MediaStore | undefined;
  now: () => Date;
}

interface BatchList {
  product: { id: string; title: string };
  /** Newest first. */
  batches: BatchRow[];
}

async function loadList(db: Reader, productId: string, lock: boolean): Promise<BatchList> {
  const query = db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  const [product] = await (lock ? query.for("update") : query);
  if (product === undefined) throw notFound("No such product");
  const batches = await db
    .select()
    .from(productBatches)
    .where(eq(productBatches.productId, productId))
    .orderBy(desc(productBatches.createdAt), desc(productBatches.id));
  return { product, batches };
}

/** The list's version: a number drawn from its batches and which is current, so any change moves it on. */
function listVersion(list: BatchList): number {
  const seen = list.batches.map((batch) => [batch.id, batch.current]);
  return Number.parseInt(createHash("sha256").update(JSON.stringify(seen)).digest("hex").slice(0, 12), 16);
}

function answerOf(list: BatchList): AdminProductBatches {
  return {
    productId: list.product.id,
    productTitle: list.product.title,
    version: listVersion(list),
    batches: list.batches.map((batch): AdminBatch => ({
      id: batch.id,
      lot: batch.lot,
      testedOn: batch.testedOn,
      certificateUrl: certificatePath(batch.certificateSha256),
      current: batch.current,
      addedAt: batch.createdAt.toISOString(),
      addedBy: batch.createdBy,
    })),
    maxCertificateBytes: certificateMaxBytes,
  };
}

export async function listBatches(db: Database, productId: string): Promise<AdminProductBatches> {
  return answerOf(await loadList(db, productId, false));
}

/** The lot as typed, trimmed, or a 400 saying what a lot number may hold. */
function checkedLot(lot: string): string {
  const trimmed = lot.trim();
  if (!lotNumberPattern.test(trimmed)) throw invalidRequest(lotNumberRule, "query.lot");
  return trimmed;
}

/** The test date (empty: none), a real day no later than today in the shop's time zone. */
function checkedTestDay(testedOn: string | undefined, now: Date): string | null {
  const day = testedOn?.trim() ?? "";
  if (day === "") return null;
  if (!isDay(day)) throw invalidRequest("A test date is a day written YYYY-MM-DD", "query.testedOn");
  // A day's slack: the owner's own calendar may already be on tomorrow when Kathmandu's is not.
  if (day > addDays(dayOf(now), 1)) throw invalidRequest("The test date cannot be in the future", "query.testedOn");
  return day;
}

/** Makes one batch the product's current one (none other is), in the caller's transaction. */
async function makeCurrent(tx: Transaction, productId: string, batchId: string): Promise<void> {
  await tx
    .update(productBatches)
    .set({ current: false })
    .where(and(eq(productBatches.productId, productId), eq(productBatches.current, true)));
  await tx.update(productBatches).set({ current: true }).where(eq(productBatches.id, batchId));
}

/** Whether a batch of any product has this certificate: then its file must stay. */
async function isCertificateKept(db: Database, sha256: string): Promise<boolean> {
  const rows = await db
    .select({ id: productBatches.id })
    .from(productBatches)
    .where(eq(productBatches.certificateSha256, sha256))
    .limit(1);
  return rows.length > 0;
}

/**
 * Adds a batch with its lab certificate, which becomes the product's current batch. The lot, the date and the
 * PDF are checked before anything is written; then the file (named by its SHA-256), then the row and its
 * history entry in one transaction. A refusal, or a failure after the file was written, leaves nothing new.
 */
export async function addBatch(
  services: BatchServices,
  input: { productId: string; actor: string; lot: string; testedOn: string | undefined; bytes: Buffer },
): Promise<AdminProductBatches> {
  const { db, store } = services;
  if (store === undefined) {
    throw new ApiError(503, "service_unavailable", "Certificate storage is not set up on this server (MEDIA_DIR).");
  }
  await loadList(db, input.productId, false);
  const lot = checkedLot(input.lot);
  const testedOn = checkedTestDay(input.testedOn, services.now());
  const refusal = await checkCertificate(input.bytes);
  if (refusal !== undefined) throw refusal;
  const sha256 = createHash("sha256").update(input.bytes).digest("hex");
  const name = certificateFileName(sha256);
  try {
    // Written again when another batch has it too: the same bytes under the same name.
    await store.write(name, input.bytes);
    const now = services.now();
    const after = await db.transaction(async (tx) => {
      const before = await loadList(tx, input.productId, true);
      const id = `bat_${randomBytes(10).toString("hex")}`;
      await tx.insert(productBatches).values({
        id,
        productId: input.productId,
        lot,
        testedOn,
        certificateSha256: sha256,
        certificateBytes: input.bytes.length,
        createdAt: now,
        createdBy: input.actor,
      });
      await makeCurrent(tx, input.productId, id);
      await tx.update(products).set({ updatedAt: now }).where(eq(products.id, input.productId));
      const change: BatchChange = { added: { lot }, current: lot };
      await writeChange(
        tx,
        {
          actor: input.actor,
          entity: batchesEntity,
          entityId: input.productId,
          before: { current: currentLot(before) },
          after: { ...change, added: { id, lot, testedOn, certificateSha256: sha256 } },
        },
        now,
      );
      return loadList(tx, input.productId, false);
    });
    return answerOf(after);
  } catch (error) {
    // The file stays when a batch has it (the same PDF uploaded for another lot or product), or when that
    // cannot be asked now: a file left behind is only disk space, a batch without its file is a broken link.
    if (!(await isCertificateKept(db, sha256).catch(() => true))) {
      await store.remove(name).catch(() => undefined);
    }
    if (error instanceof MediaStoreUnavailable) {
      throw new ApiError(
        503,
        "service_unavailable",
        `The certificate was not saved: ${error.message}. Try again in a minute; if it keeps failing, check the MEDIA_BUCKET settings.`,
      );
    }
    throw error;
  }
}

function currentLot(list: BatchList): string | null {
  return list.batches.find((batch) => batch.current)?.lot ?? null;
}

/**
 * Makes an earlier batch the current one again, from the list's version the owner saw (a list changed since,
 * say by a batch another owner added, is refused with 409). The history keeps the lot before and after.
 */
export async function chooseCurrentBatch(
  services: BatchServices,
  input: { productId: string; actor: string; version: number; batchId: string },
): Promise<AdminProductBatches> {
  const now = services.now();
  const after = await services.db.transaction(async (tx) => {
    const before = await loadList(tx, input.productId, true);
    const chosen = before.batches.find((batch) => batch.id === input.batchId);
    if (chosen === undefined) throw notFound("No such batch of this product");
    if (listVersion(before) !== input.version) {
      throw new ApiError(
        409,
        "edit_conflict",
        "Someone else changed these batches since you opened them. Their change is shown now; make yours again if it still applies.",
        { version: listVersion(before) },
      );
    }
    if (chosen.current) return before;
    await makeCurrent(tx, input.productId, chosen.id);
    await tx.update(products).set({ updatedAt: now }).where(eq(products.id, input.productId));
    const change: BatchChange = { current: chosen.lot };
    await writeChange(
      tx,
      {
        actor: input.actor,
        entity: batchesEntity,
        entityId: input.productId,
        before: { current: currentLot(before) },
        after: change,
      },
      now,
    );
    return loadList(tx, input.productId, false);
  });
  return answerOf(after);
}

/** A certificate to serve: its bytes, and the lot it is named after (the newest batch that has it). */
export interface ServedCertificate {
  bytes: Buffer;
  lot: string;
}

/**
 * The certificate with this SHA-256, when a batch has it and its file is in the store; undefined otherwise,
 * so a file no batch names is never served. Reading the store may throw MediaStoreUnavailable.
 */
export async function certificateToServe(
  db: Database,
  store: MediaStore | undefined,
  sha256: string,
): Promise<ServedCertificate | undefined> {
  if (store === undefined) return undefined;
  const [batch] = await db
    .select({ lot: productBatches.lot })
    .from(productBatches)
    .where(eq(productBatches.certificateSha256, sha256))
    .orderBy(desc(productBatches.createdAt))
    .limit(1);
  if (batch === undefined) return undefined;
  const bytes = await store.read(certificateFileName(sha256));
  return bytes === undefined ? undefined : { bytes, lot: batch.lot };
}

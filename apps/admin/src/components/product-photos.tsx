import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { useApi } from "../hooks/use-api.ts";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import {
  arrangementOf,
  currentDraft,
  draftChanged,
  moveItem,
  type PhotoDraft,
  type PhotoMessage,
} from "../lib/photos.ts";
import { Notice } from "./notice.tsx";
import { PhotoItem } from "./photo-item.tsx";
import { PhotoUpload } from "./photo-upload.tsx";
import { VariantPhotos } from "./variant-photos.tsx";

/**
 * A product's photos in the back office: previews in the shop's order, uploads, Move up/Move down and alt
 * texts saved together from the version shown, deletion after a confirmation, and each variant's photo.
 */
export function ProductPhotos({ productId }: { productId: string }) {
  const path = `/products/${encodeURIComponent(productId)}/photos`;
  const { data, error, replace, reload } = useApi<AdminProductPhotos>(path);
  const [edits, setEdits] = useState<PhotoDraft>();
  const [message, setMessage] = useState<PhotoMessage>();
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState("");

  if (data === undefined) {
    return error === undefined ? (
      <p className="muted">Loading photos…</p>
    ) : (
      <Notice kind="error">{error.message}</Notice>
    );
  }
  const list = data;
  const draft = currentDraft(list, edits);
  const changed = draftChanged(list, draft);
  const byId = new Map(list.photos.map((photo) => [photo.id, photo]));

  function move(index: number, step: -1 | 1) {
    const photos = moveItem(draft.photos, index, step);
    setEdits({ ...draft, photos });
    setMoved(`Moved to place ${index + step + 1} of ${photos.length}. Save to show the new order in the shop.`);
  }

  /** Runs one change; a conflict loads the other owner's list, and the answer replaces the list shown. */
  async function change(run: () => Promise<AdminProductPhotos>, done: string): Promise<boolean> {
    setBusy(true);
    setMessage(undefined);
    try {
      replace(await run());
      setEdits(undefined);
      setMessage({ kind: "success", text: done });
      return true;
    } catch (failure) {
      const refusal = failure as AdminApiError;
      setMessage({ kind: "error", text: refusal.message });
      if (refusal.code === "edit_conflict" || refusal.code === "not_found") reload();
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card space-y-4" aria-labelledby="product-photos-heading">
      <h2 id="product-photos-heading" className="text-lg font-semibold">
        Photos
      </h2>
      <p className="muted">
        The first photo is the product&apos;s main picture and its preview on social networks. Describe each photo in
        its alt text for shoppers who cannot see it.
      </p>
      {list.photos.length === 0 ? <p>No photos yet: the shop shows &ldquo;No Image&rdquo;.</p> : null}
      <ol className="space-y-3" aria-label={`Photos of ${list.productTitle}`}>
        {draft.photos.map((entry, index) => {
          const photo = byId.get(entry.id);
          if (photo === undefined) return null;
          return (
            <PhotoItem
              key={entry.id}
              photo={photo}
              alt={entry.alt}
              position={index + 1}
              count={draft.photos.length}
              busy={busy}
              locked={changed}
              onAltChange={(alt) =>
                setEdits({
                  ...draft,
                  photos: draft.photos.map((item) => (item.id === entry.id ? { ...item, alt } : item)),
                })
              }
              onMove={(step) => move(index, step)}
              onDelete={() =>
                change(() => apiRequest("DELETE", `${path}/${encodeURIComponent(photo.id)}`), "Photo deleted.")
              }
            />
          );
        })}
      </ol>
      <p className="sr-only" role="status">
        {moved}
      </p>
      {list.photos.length === 0 ? null : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="button"
            disabled={busy || !changed}
            onClick={() =>
              void change(
                () => apiRequest("PUT", path, arrangementOf(draft)),
                "Saved. The shop shows the new order and alt texts now.",
              )
            }
          >
            Save order and alt texts
          </button>
          <button
            type="button"
            className="button-quiet"
            disabled={busy || !changed}
            onClick={() => setEdits(undefined)}
          >
            Undo changes
          </button>
        </div>
      )}
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
      {changed ? <p className="muted">Save or undo your changes before adding, deleting or assigning photos.</p> : null}
      <PhotoUpload
        path={path}
        list={list}
        disabled={busy || changed}
        onBusy={setBusy}
        onAdded={replace}
        onMessage={setMessage}
      />
      <VariantPhotos
        list={list}
        disabled={busy || changed}
        onChoose={(variantId, photoId) =>
          change(
            () =>
              apiRequest(
                "PUT",
                `/products/${encodeURIComponent(productId)}/variants/${encodeURIComponent(variantId)}/photo`,
                {
                  version: list.version,
                  photoId,
                },
              ),
            "Saved. The shop shows this photo when a shopper picks the variant.",
          )
        }
      />
    </section>
  );
}

import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { useApi } from "../hooks/use-api.ts";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { arrangementOf, currentDraft, draftChanged, moveItem, type PhotoDraft } from "../lib/photos.ts";
import { MessageNotice, Notice } from "./notice.tsx";
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
  const [moved, setMoved] = useState("");
  // A photo someone else deleted (not found) also means the list shown is out of date: it loads again.
  const saving = useVersionedSave<AdminProductPhotos>({
    version: data?.version,
    onSaved: (answer) => {
      replace(answer);
      setEdits(undefined);
    },
    onStale: reload,
    staleCodes: ["edit_conflict", "not_found"],
  });

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
              busy={saving.busy}
              locked={changed}
              onAltChange={(alt) =>
                setEdits({
                  ...draft,
                  photos: draft.photos.map((item) => (item.id === entry.id ? { ...item, alt } : item)),
                })
              }
              onMove={(step) => move(index, step)}
              onDelete={() =>
                saving.save(() => apiRequest("DELETE", `${path}/${encodeURIComponent(photo.id)}`), "Photo deleted.")
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
            disabled={saving.busy || !changed}
            onClick={() =>
              void saving.save(
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
            disabled={saving.busy || !changed}
            onClick={() => setEdits(undefined)}
          >
            Undo changes
          </button>
        </div>
      )}
      <MessageNotice message={saving.message} />
      {changed ? <p className="muted">Save or undo your changes before adding, deleting or assigning photos.</p> : null}
      <PhotoUpload
        path={path}
        list={list}
        disabled={saving.busy || changed}
        onBusy={saving.setBusy}
        onAdded={replace}
        onMessage={saving.show}
      />
      <VariantPhotos
        list={list}
        disabled={saving.busy || changed}
        onChoose={(variantId, photoId) =>
          saving.save(
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

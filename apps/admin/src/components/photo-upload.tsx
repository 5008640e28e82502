import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import { useState, type ChangeEvent } from "react";
import { apiUpload, type AdminApiError } from "../lib/api-client.ts";
import { acceptedPhotoTypes, fileSize, uploadRefusal, type PhotoMessage } from "../lib/photos.ts";

interface Props {
  path: string;
  list: AdminProductPhotos;
  disabled: boolean;
  onBusy(busy: boolean): void;
  onAdded(list: AdminProductPhotos): void;
  onMessage(message: PhotoMessage | undefined): void;
}

/** A file input for one or more photos, sent one after another; each refusal is named with its file. */
export function PhotoUpload({ path, list, disabled, onBusy, onAdded, onMessage }: Props) {
  const [progress, setProgress] = useState("");
  const full = list.photos.length >= list.maxPhotos;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    if (files.length === 0) return;
    onBusy(true);
    onMessage(undefined);
    const problems: string[] = [];
    let added = 0;
    for (const [index, file] of files.entries()) {
      setProgress(`Adding ${file.name} (${index + 1} of ${files.length})…`);
      const refusal = uploadRefusal(file, list.maxUploadBytes);
      if (refusal !== undefined) {
        problems.push(refusal);
        continue;
      }
      try {
        onAdded(await apiUpload<AdminProductPhotos>(path, file));
        added += 1;
      } catch (failure) {
        problems.push(`${file.name}: ${(failure as AdminApiError).message}`);
      }
    }
    // The same file can be chosen again after it was fixed.
    input.value = "";
    setProgress("");
    onBusy(false);
    const addedText = added === 0 ? "" : `${added === 1 ? "1 photo" : `${added} photos`} added at the end. `;
    onMessage(
      problems.length === 0
        ? { kind: "success", text: `${addedText}Give each one its alt text, and move it up to show it first.` }
        : { kind: "error", text: `${addedText}${problems.join(" ")}` },
    );
  }

  return (
    <div className="space-y-1">
      <label className="label" htmlFor="product-photo-files">
        Add photos
      </label>
      <input
        id="product-photo-files"
        type="file"
        multiple
        accept={acceptedPhotoTypes}
        disabled={disabled || full}
        aria-describedby="product-photo-files-hint"
        onChange={(event) => void upload(event)}
        className="block w-full text-sm file:mr-3 file:rounded file:border file:border-bark/50 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-resin"
      />
      <p id="product-photo-files-hint" className="muted">
        {full
          ? `This product has ${list.maxPhotos} photos, the most it may have: delete one to add another.`
          : `JPEG, PNG, WebP or AVIF, up to ${fileSize(list.maxUploadBytes)} each. The shop makes smaller copies for phones.`}
      </p>
      <p role="status" className="muted">
        {progress}
      </p>
    </div>
  );
}

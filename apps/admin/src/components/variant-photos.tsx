import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import { photoLabel } from "../lib/photos.ts";

interface Props {
  list: AdminProductPhotos;
  disabled: boolean;
  onChoose(variantId: string, photoId: string | null): void;
}

/** Which photo the product page shows when a shopper picks each variant; saved as soon as it is chosen. */
export function VariantPhotos({ list, disabled, onChoose }: Props) {
  if (list.variants.length < 2 || list.photos.length === 0) return null;
  return (
    <fieldset className="space-y-2 rounded border border-line p-3">
      <legend className="px-1 text-sm font-semibold">Photo shown for each variant</legend>
      {list.variants.map((variant) => (
        <label key={variant.id} className="label">
          {variant.title}
          <select
            className="field"
            value={variant.photoId ?? ""}
            disabled={disabled}
            onChange={(event) => onChoose(variant.id, event.target.value === "" ? null : event.target.value)}
          >
            <option value="">No photo of its own</option>
            {list.photos.map((photo, index) => (
              <option key={photo.id} value={photo.id}>
                {photoLabel(photo, index + 1)}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

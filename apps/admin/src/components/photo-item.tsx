import type { AdminPhoto } from "@herbo/hosted-api/admin";
import { useEffect, useRef, useState } from "react";
import { ConfirmStep } from "./confirm-step.tsx";

interface Props {
  photo: AdminPhoto;
  /** The alt text as the owner is editing it. */
  alt: string;
  /** 1-based place in the list, and the list's length. */
  position: number;
  count: number;
  busy: boolean;
  /** Unsaved changes elsewhere in the list: deleting would lose them. */
  locked: boolean;
  onAltChange(alt: string): void;
  onMove(step: -1 | 1): void;
  /** Resolves true once the photo is deleted. */
  onDelete(): Promise<boolean>;
}

/** One photo: its preview, its alt text, Move up/Move down, and Delete after a second press. */
export function PhotoItem({ photo, alt, position, count, busy, locked, onAltChange, onMove, onDelete }: Props) {
  const [confirming, setConfirming] = useState(false);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<-1 | 1>(undefined);
  const altId = `photo-alt-${photo.id}`;

  // Keyboard users keep their place: focus stays on the moved photo's buttons, on the other one at an end.
  useEffect(() => {
    const step = pendingFocus.current;
    if (step === undefined) return;
    pendingFocus.current = undefined;
    const atEnd = step === -1 ? position === 1 : position === count;
    const target = (step === -1) !== atEnd ? up.current : down.current;
    target?.focus();
  }, [position, count]);

  function move(step: -1 | 1) {
    pendingFocus.current = step;
    onMove(step);
  }

  return (
    <li className="flex flex-col gap-3 rounded border border-line p-3 sm:flex-row" data-testid="product-photo">
      <img
        src={photo.previewUrl}
        // The saved alt text says what the preview shows; without one it is only decoration beside the fields.
        alt={photo.alt}
        width={160}
        height={photo.width !== null && photo.height !== null ? Math.round((160 * photo.height) / photo.width) : 160}
        className="h-32 w-32 shrink-0 rounded border border-line bg-cream object-contain"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm font-semibold">
          Photo {position} of {count}
          <span className="ml-2 font-normal text-bark">
            {photo.kind === "artwork" ? "drawing from the catalogue" : `${photo.width} × ${photo.height} px`}
          </span>
        </p>
        <label className="label" htmlFor={altId}>
          Alt text <span className="sr-only">of photo {position}</span>
        </label>
        <input
          id={altId}
          className="field"
          value={alt}
          maxLength={250}
          autoComplete="off"
          placeholder="What the photo shows, e.g. “A 20 g jar of resin, open”"
          onChange={(event) => onAltChange(event.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <button
            ref={up}
            type="button"
            className="button-quiet"
            disabled={busy || position === 1}
            onClick={() => move(-1)}
          >
            Move up<span className="sr-only"> photo {position}</span>
          </button>
          <button
            ref={down}
            type="button"
            className="button-quiet"
            disabled={busy || position === count}
            onClick={() => move(1)}
          >
            Move down<span className="sr-only"> photo {position}</span>
          </button>
          {confirming ? null : (
            <button
              type="button"
              className="button-quiet"
              disabled={busy || locked}
              onClick={() => setConfirming(true)}
            >
              Delete<span className="sr-only"> photo {position}</span>
            </button>
          )}
        </div>
        {confirming ? (
          <ConfirmStep
            question={`Delete photo ${position}? The shop stops showing it at once; this cannot be undone.`}
            confirmLabel={`Delete photo ${position}`}
            busy={busy}
            onConfirm={() => void onDelete().then((deleted) => deleted || setConfirming(false))}
            onBack={() => setConfirming(false)}
          />
        ) : null}
      </div>
    </li>
  );
}

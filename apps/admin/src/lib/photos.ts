import type { AdminPhoto, AdminPhotoArrangement, AdminProductPhotos } from "@herbo/hosted-api/admin";

/** The types the shop takes; the server checks each file's content whatever the browser says. */
export const acceptedPhotoTypes = "image/jpeg,image/png,image/webp,image/avif";

/** What the photo section tells the owner after an action. */
export interface PhotoMessage {
  kind: "error" | "success";
  text: string;
}

/** The owner's unsaved order and alt texts, on top of the list version they started from. */
export interface PhotoDraft {
  version: number;
  photos: { id: string; alt: string }[];
}

export function draftOf(list: AdminProductPhotos): PhotoDraft {
  return { version: list.version, photos: list.photos.map((photo) => ({ id: photo.id, alt: photo.alt })) };
}

/** The draft to show: the owner's while it belongs to the list shown, else the list as saved. */
export function currentDraft(list: AdminProductPhotos, draft: PhotoDraft | undefined): PhotoDraft {
  return draft !== undefined && draft.version === list.version ? draft : draftOf(list);
}

/** The items with the one at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const moving = items[index];
  if (moving === undefined || target < 0 || target >= items.length) return [...items];
  const moved = items.filter((_, position) => position !== index);
  moved.splice(target, 0, moving);
  return moved;
}

/** Whether the draft differs from the saved list, in order or in any alt text (ignoring outer spaces). */
export function draftChanged(list: AdminProductPhotos, draft: PhotoDraft): boolean {
  return (
    draft.photos.length !== list.photos.length ||
    draft.photos.some((photo, index) => {
      const saved = list.photos[index];
      return saved === undefined || saved.id !== photo.id || saved.alt !== photo.alt.trim();
    })
  );
}

export function arrangementOf(draft: PhotoDraft): AdminPhotoArrangement {
  return { version: draft.version, photos: draft.photos.map((photo) => ({ id: photo.id, alt: photo.alt.trim() })) };
}

/** "2.4 MB", "640 KB": a file size as the owner's computer shows it (powers of 1000). */
export function fileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** Why a chosen file is not sent at all: too large to be taken. The server judges everything else. */
export function uploadRefusal(file: { name: string; size: number }, maxBytes: number): string | undefined {
  if (file.size <= maxBytes) return undefined;
  return `${file.name} is ${fileSize(file.size)}; a photo may be at most ${fileSize(maxBytes)}. Make it smaller and add it again.`;
}

/** A photo's name for people: its alt text, else its place in the list. */
export function photoLabel(photo: Pick<AdminPhoto, "alt">, position: number): string {
  return photo.alt.trim() === "" ? `Photo ${position}` : `Photo ${position}: ${photo.alt.trim()}`;
}

import type { AdminProductPhotos } from "@herbo/hosted-api/admin";
import { describe, expect, it } from "vitest";
import {
  acceptedPhotoTypes,
  arrangementOf,
  currentDraft,
  draftChanged,
  draftOf,
  fileSize,
  moveItem,
  photoLabel,
  uploadRefusal,
} from "./photos.ts";

const photo = (id: string, alt = "") => ({
  id,
  kind: "upload" as const,
  previewUrl: `/media/${id}-320.webp`,
  alt,
  width: 1280,
  height: 960,
});
const list: AdminProductPhotos = {
  productId: "prod_resin",
  productTitle: "Resin",
  version: 7,
  photos: [photo("a", "The jar"), photo("b"), photo("c")],
  variants: [],
  maxPhotos: 20,
  maxUploadBytes: 20_000_000,
};

describe("moving a photo", () => {
  it("swaps it with its neighbour up or down", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
  });

  it("leaves the list as it is at either end", () => {
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a"], 5, -1)).toEqual(["a"]);
    // One place past the end is not a place: nothing moves there.
    expect(moveItem(["a", "b"], 1, 1)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 2, -1)).toEqual(["a", "b"]);
  });
});

describe("the owner's draft of order and alt texts", () => {
  it("starts as the saved list and is kept only while it belongs to the version shown", () => {
    const draft = draftOf(list);
    expect(draft).toEqual({
      version: 7,
      photos: [
        { id: "a", alt: "The jar" },
        { id: "b", alt: "" },
        { id: "c", alt: "" },
      ],
    });
    const edited = { ...draft, photos: moveItem(draft.photos, 2, -1) };
    expect(currentDraft(list, edited)).toBe(edited);
    expect(currentDraft({ ...list, version: 8 }, edited)).toEqual({ ...draftOf(list), version: 8 });
    expect(currentDraft(list, undefined)).toEqual(draft);
  });

  it("counts a new order or a new alt text as a change, outer spaces aside", () => {
    const draft = draftOf(list);
    expect(draftChanged(list, draft)).toBe(false);
    expect(draftChanged(list, { ...draft, photos: moveItem(draft.photos, 0, 1) })).toBe(true);
    const spaced = draft.photos.map((entry) => (entry.id === "b" ? { ...entry, alt: "  " } : entry));
    expect(draftChanged(list, { ...draft, photos: spaced })).toBe(false);
    const worded = draft.photos.map((entry) => (entry.id === "b" ? { ...entry, alt: "Lid" } : entry));
    expect(draftChanged(list, { ...draft, photos: worded })).toBe(true);
    // A photo fewer or one more (deleted or added elsewhere) is a change too.
    expect(draftChanged(list, { ...draft, photos: draft.photos.slice(0, 2) })).toBe(true);
    expect(draftChanged(list, { ...draft, photos: [...draft.photos, { id: "d", alt: "" }] })).toBe(true);
    const swapped = draft.photos.map((entry) => (entry.id === "c" ? { ...entry, id: "z" } : entry));
    expect(draftChanged(list, { ...draft, photos: swapped })).toBe(true);
  });

  it("is saved as every photo in order, with trimmed alt texts and the version it started from", () => {
    const draft = {
      version: 7,
      photos: [
        { id: "b", alt: " Lid " },
        { id: "a", alt: "The jar" },
        { id: "c", alt: "" },
      ],
    };
    expect(arrangementOf(draft)).toEqual({
      version: 7,
      photos: [
        { id: "b", alt: "Lid" },
        { id: "a", alt: "The jar" },
        { id: "c", alt: "" },
      ],
    });
  });
});

describe("files and labels", () => {
  it("refuses before sending only a file over the size limit, saying both sizes", () => {
    expect(uploadRefusal({ name: "jar.jpg", size: 20_000_000 }, 20_000_000)).toBeUndefined();
    expect(uploadRefusal({ name: "jar.jpg", size: 24_560_000 }, 20_000_000)).toBe(
      "jar.jpg is 24.6 MB; a photo may be at most 20 MB. Make it smaller and add it again.",
    );
    expect(fileSize(640_400)).toBe("640 KB");
    expect(fileSize(12)).toBe("1 KB");
    expect(fileSize(1_000_000)).toBe("1 MB");
    expect(fileSize(999_999)).toBe("1000 KB");
    expect(fileSize(10_050_000)).toBe("10.1 MB");
  });

  it("offers the four photo formats the shop takes in the file picker", () => {
    expect(acceptedPhotoTypes.split(",")).toEqual(["image/jpeg", "image/png", "image/webp", "image/avif"]);
  });

  it("names a photo by its alt text, else its place", () => {
    expect(photoLabel({ alt: " The jar " }, 1)).toBe("Photo 1: The jar");
    expect(photoLabel({ alt: "" }, 2)).toBe("Photo 2");
    expect(photoLabel({ alt: "   " }, 3)).toBe("Photo 3");
  });
});

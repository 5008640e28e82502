import { randomBytes } from "node:crypto";

/** A photo's id: `med_` and 20 hex digits, random, so its files' names never repeat and can be cached for good. */
export const mediaIdPattern = /^med_[0-9a-f]{20}$/;

export function newMediaId(): string {
  return `med_${randomBytes(10).toString("hex")}`;
}

/** A photo's encoding at one width: `<id>-<width>.webp`. */
export function photoFileName(id: string, width: number): string {
  return `${id}-${width}.webp`;
}

/** A photo's 1200×630 social card: `<id>-card.jpg`. */
export function cardFileName(id: string): string {
  return `${id}-card.jpg`;
}

/** Where the public serves a file of the media folder. */
export function mediaPath(name: string): string {
  return `/media/${name}`;
}

export type MediaFile = { id: string; kind: "photo"; width: number } | { id: string; kind: "card" };

/**
 * Reads a file name of the media folder; anything else (another extension, a path, an encoded dot, a width
 * with a leading zero) is undefined, so no name from a request can reach another file.
 */
export function parseMediaFileName(name: string): MediaFile | undefined {
  const match = /^(med_[0-9a-f]{20})-(?:([1-9][0-9]{0,4})\.webp|(card)\.jpg)$/.exec(name);
  if (match === null) return undefined;
  const [, id = "", width, card] = match;
  if (card !== undefined) return { id, kind: "card" };
  return { id, kind: "photo", width: Number(width) };
}

/** The media file a stored URL points to, such as `/media/med_…-1280.webp`; undefined for other URLs. */
export function mediaFileOfUrl(url: string): MediaFile | undefined {
  const match = /^\/media\/([^/]+)$/.exec(url);
  return match?.[1] === undefined ? undefined : parseMediaFileName(match[1]);
}

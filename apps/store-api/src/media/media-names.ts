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

const sha256Hex = "[0-9a-f]{64}";

/** A lab certificate's file in the media store: `certificate-<sha256>.pdf`, named by its content. */
export function certificateFileName(sha256: string): string {
  return `certificate-${sha256}.pdf`;
}

/** The SHA-256 a certificate's file is named by; undefined for any other name. */
export function certificateOfFileName(name: string): string | undefined {
  return new RegExp(`^certificate-(${sha256Hex})\\.pdf$`).exec(name)?.[1];
}

/** Where the public reads a certificate: `/media/certificates/<sha256>.pdf`. */
export function certificatePath(sha256: string): string {
  return `/media/certificates/${sha256}.pdf`;
}

/** The SHA-256 of the last part of a certificate's address (`<sha256>.pdf`); undefined for anything else. */
export function certificateOfAddressName(name: string): string | undefined {
  return new RegExp(`^(${sha256Hex})\\.pdf$`).exec(name)?.[1];
}

/** Whether a name is one the media store keeps: a photo's width, its card, or a certificate. */
export function isMediaStoreName(name: string): boolean {
  return parseMediaFileName(name) !== undefined || certificateOfFileName(name) !== undefined;
}

/**
 * The name a certificate is saved under, `<lot>-certificate.pdf`, safe between the quotes of a
 * Content-Disposition header: any character but letters, digits, `.` and `-` (a lot's `/` among them) is a `-`.
 */
export function certificateDownloadName(lot: string): string {
  return `${lot.replace(/[^A-Za-z0-9.-]/g, "-")}-certificate.pdf`;
}

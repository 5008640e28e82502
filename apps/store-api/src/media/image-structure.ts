import { constants, crc32, inflateSync } from "node:zlib";

/** The raster formats the shop accepts for product photos. */
export type PhotoFormat = "jpeg" | "png" | "webp" | "avif";

/** What the first bytes of a file say it is; "markup" is text that starts with `<` (SVG, HTML, XML). */
export type SniffedFormat = PhotoFormat | "gif" | "heic" | "tiff" | "markup" | "unknown";

/**
 * Where an image's own structure ends, and the byte ranges that hold metadata rather than pixels (text
 * chunks, EXIF, XMP, comments): those are searched for markup, since browsers never look into pixel data.
 */
export interface ImageLayout {
  end: number;
  metadata: [start: number, end: number][];
  /** zlib streams of text (a PNG's zTXt and compressed iTXt chunks): searched once inflated, by inflateText. */
  compressed?: [start: number, end: number][];
}

/** Why a walk stopped: the file ends inside the image, or its structure is not the format's. */
export type LayoutProblem = "truncated" | "malformed";

type Walk = ImageLayout | LayoutProblem;

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const avifBrands = new Set(["avif", "avis"]);
const heicBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((value, index) => bytes[at + index] === value);
}

function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function u32be(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0
  );
}

function u32le(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at + 3] ?? 0) << 24) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 1] ?? 0) << 8) | (bytes[at] ?? 0)) >>> 0
  );
}

/** The brands an ISO media file (AVIF, HEIC) declares in its leading `ftyp` box. */
function isoBrands(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return undefined;
  const size = Math.min(u32be(bytes, 0), bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

/** The format the content says, from its signature alone; the declared type and the name play no part. */
export function sniffFormat(bytes: Uint8Array): SniffedFormat {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, pngSignature)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  const brands = isoBrands(bytes);
  if (brands !== undefined) {
    if (brands.some((brand) => avifBrands.has(brand))) return "avif";
    if (brands.some((brand) => heicBrands.has(brand))) return "heic";
    return "unknown";
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "gif";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  // Text: skip a byte-order mark and white space, then look for a tag.
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 256)).replace(/^\uFEFF/, "");
  if (/^\s*</.test(text)) return "markup";
  return "unknown";
}

/**
 * A JPEG's segments from SOI to EOI: each marker segment's declared length must fit, and each scan's
 * entropy-coded data runs to the next marker (0xFF followed by neither 0x00 nor a restart marker).
 */
function walkJpeg(bytes: Uint8Array, start: number): Walk {
  if (!startsWith(bytes, [0xff, 0xd8], start)) return "malformed";
  const metadata: [number, number][] = [];
  let at = start + 2;
  for (;;) {
    if (at >= bytes.length) return "truncated";
    if (bytes[at] !== 0xff) return "malformed";
    while (bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) return "truncated";
    const marker = bytes[at] ?? 0;
    at += 1;
    if (marker === 0xd9) return { end: at, metadata };
    if (marker === 0xd8 || marker === 0x00) return "malformed";
    // Restart markers and TEM stand alone.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > bytes.length) return "truncated";
    const length = u16be(bytes, at);
    if (length < 2) return "malformed";
    if (at + length > bytes.length) return "truncated";
    // APPn (EXIF, XMP, ICC, ...) and COM carry text that is not pixels.
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) metadata.push([at + 2, at + length]);
    at += length;
    if (marker === 0xda) {
      for (;;) {
        if (at + 1 >= bytes.length) return "truncated";
        if (bytes[at] !== 0xff) {
          at += 1;
          continue;
        }
        const next = bytes[at + 1] ?? 0;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
          at += 2;
          continue;
        }
        if (next === 0xff) {
          // Fill bytes before a marker.
          at += 1;
          continue;
        }
        break;
      }
    }
  }
}

/**
 * Where the zlib stream of a PNG text chunk's data [start, end) begins: zTXt is keyword, NUL, method, stream;
 * iTXt is keyword, NUL, compression flag, method, language, NUL, translated keyword, NUL, text (a stream only
 * when the flag is set). Null when the text is not compressed, "malformed" when the separators are missing.
 */
function compressedTextStart(bytes: Uint8Array, type: string, start: number, end: number): number | null | "malformed" {
  const nul = (from: number) => {
    const at = bytes.subarray(0, end).indexOf(0, from);
    return at === -1 ? undefined : at;
  };
  const keywordEnd = nul(start);
  if (keywordEnd === undefined) return "malformed";
  if (type === "zTXt") return keywordEnd + 2 <= end ? keywordEnd + 2 : "malformed";
  if (keywordEnd + 3 > end) return "malformed";
  const compressed = bytes[keywordEnd + 1] !== 0;
  const languageEnd = nul(keywordEnd + 3);
  const translatedEnd = languageEnd === undefined ? undefined : nul(languageEnd + 1);
  if (translatedEnd === undefined) return "malformed";
  return compressed ? translatedEnd + 1 : null;
}

/** A PNG's chunks from IHDR to IEND, each with its declared length and a correct CRC. */
function walkPng(bytes: Uint8Array): Walk {
  if (!startsWith(bytes, pngSignature)) return "malformed";
  const metadata: [number, number][] = [];
  const compressed: [number, number][] = [];
  let at = 8;
  let first = true;
  for (;;) {
    if (at + 8 > bytes.length) return "truncated";
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return "malformed";
    if (first && (type !== "IHDR" || length !== 13)) return "malformed";
    first = false;
    const dataEnd = at + 8 + length;
    if (dataEnd + 4 > bytes.length) return "truncated";
    if (crc32(bytes.subarray(at + 4, dataEnd)) !== u32be(bytes, dataEnd)) return "malformed";
    if (type !== "IDAT" && type !== "fdAT") metadata.push([at + 8, dataEnd]);
    if (type === "zTXt" || type === "iTXt") {
      const stream = compressedTextStart(bytes, type, at + 8, dataEnd);
      if (stream === "malformed") return "malformed";
      if (stream !== null) compressed.push([stream, dataEnd]);
    }
    at = dataEnd + 4;
    if (type === "IEND") return compressed.length === 0 ? { end: at, metadata } : { end: at, metadata, compressed };
  }
}

/** A WebP's RIFF container: the declared size covers exactly its chunks. */
function walkWebp(bytes: Uint8Array): Walk {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return "malformed";
  const end = 8 + u32le(bytes, 4);
  if (end > bytes.length) return "truncated";
  const metadata: [number, number][] = [];
  let at = 12;
  while (at < end) {
    if (at + 8 > end) return "malformed";
    const type = ascii(bytes, at, 4);
    const size = u32le(bytes, at + 4);
    const dataEnd = at + 8 + size;
    if (dataEnd > end) return "malformed";
    if (!["VP8 ", "VP8L", "ALPH", "ANMF"].includes(type)) metadata.push([at + 8, dataEnd]);
    at = dataEnd + (size % 2);
  }
  return at === end ? { end, metadata } : "malformed";
}

/** The top-level boxes an AVIF file may hold; the walk ends at anything else, which is then extra content. */
const isoTopLevelBoxes = new Set([
  "ftyp",
  "meta",
  "mdat",
  "moov",
  "free",
  "skip",
  "uuid",
  "moof",
  "mfra",
  "styp",
  "sidx",
]);

/** An ISO media file's top-level boxes (ftyp, meta, mdat, ...), from the start to the first that is none. */
function walkIsoBoxes(bytes: Uint8Array): Walk {
  const metadata: [number, number][] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return at === 0 ? "truncated" : { end: at, metadata };
    let size = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (!isoTopLevelBoxes.has(type) || (at === 0 && type !== "ftyp")) {
      return at === 0 ? "malformed" : { end: at, metadata };
    }
    let header = 8;
    if (size === 1) {
      if (at + 16 > bytes.length) return "truncated";
      size = u32be(bytes, at + 8) * 2 ** 32 + u32be(bytes, at + 12);
      header = 16;
    } else if (size === 0) {
      size = bytes.length - at;
    }
    if (size < header) return "malformed";
    if (at + size > bytes.length) return "truncated";
    if (type !== "mdat") metadata.push([at + header, at + size]);
    at += size;
  }
  return { end: at, metadata };
}

/** Walks the image's own structure from the start of the file. */
export function imageLayout(bytes: Uint8Array, format: PhotoFormat): Walk {
  switch (format) {
    case "jpeg":
      return walkJpeg(bytes, 0);
    case "png":
      return walkPng(bytes);
    case "webp":
      return walkWebp(bytes);
    case "avif":
      return walkIsoBoxes(bytes);
  }
}

/**
 * What follows a JPEG's EOI, read as more JPEGs: cameras and phones append their extra pictures (MPF
 * previews, gain maps) this way. Undefined when anything else follows; zero padding is allowed.
 */
export function appendedJpegs(bytes: Uint8Array, from: number): ImageLayout[] | undefined {
  const layouts: ImageLayout[] = [];
  let at = from;
  while (at < bytes.length && bytes[at] === 0xff) {
    const walk = walkJpeg(bytes, at);
    if (typeof walk === "string") return undefined;
    layouts.push(walk);
    at = walk.end;
  }
  for (; at < bytes.length; at += 1) if (bytes[at] !== 0) return undefined;
  return layouts;
}

/**
 * Whether a ZIP archive's end record sits in the file's last 64 KiB with its comment running exactly to the
 * file's end: what makes ZIP readers open an image as an archive.
 */
export function hasZipDirectory(bytes: Uint8Array): boolean {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (
      bytes[at] === 0x50 &&
      bytes[at + 1] === 0x4b &&
      bytes[at + 2] === 0x05 &&
      bytes[at + 3] === 0x06 &&
      ((bytes[at + 21] ?? 0) << 8) + (bytes[at + 20] ?? 0) === bytes.length - at - 22
    ) {
      return true;
    }
  }
  return false;
}

/** Markup and archive signatures that have no business in a photo's metadata (lower case). */
const metadataSignatures = [
  "<script",
  "<html",
  "<body",
  "<iframe",
  "<svg",
  "<object",
  "<embed",
  "<!doctype",
  "<?php",
  "javascript:",
  "onerror=",
  "onload=",
  "pk\u0003\u0004",
];

/** Long enough that compressed pixels never hold it by chance: searched in the whole file. */
const anywhereSignatures = ["<script"];

/** The first signature found in bytes[start, end), compared without regard to ASCII case. */
function findSignature(
  bytes: Uint8Array,
  start: number,
  end: number,
  signatures: readonly string[],
): string | undefined {
  const firsts = new Set(signatures.map((signature) => signature.charCodeAt(0)));
  for (let at = start; at < end; at += 1) {
    const byte = bytes[at] ?? 0;
    const lower = byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
    if (!firsts.has(lower)) continue;
    for (const signature of signatures) {
      if (at + signature.length > end) continue;
      let matches = true;
      for (let index = 0; index < signature.length && matches; index += 1) {
        const candidate = bytes[at + index] ?? 0;
        const folded = candidate >= 0x41 && candidate <= 0x5a ? candidate + 0x20 : candidate;
        matches = folded === signature.charCodeAt(index);
      }
      if (matches) return signature;
    }
  }
  return undefined;
}

/**
 * How much compressed text a photo may unpack to, all its streams together: far more than any camera's or
 * editor's metadata, and small enough that a stream made to unpack to gigabytes (a zip bomb) stops here.
 */
export const maxInflatedText = 4 * 1024 * 1024;

/**
 * The layouts' compressed text, inflated, so that it can be searched like the rest of the metadata: "too
 * large" once it passes `limit` bytes in all, "unreadable" when a stream is not zlib data. A stream cut short
 * gives what it holds, as lenient readers would.
 */
export function inflateText(
  bytes: Uint8Array,
  layouts: readonly ImageLayout[],
  limit = maxInflatedText,
): Uint8Array[] | "too large" | "unreadable" {
  const texts: Uint8Array[] = [];
  let left = limit;
  for (const [start, end] of layouts.flatMap((layout) => layout.compressed ?? [])) {
    try {
      const text = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: Math.max(left, 1),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      if (text.length > left) return "too large";
      left -= text.length;
      texts.push(text);
    } catch (error) {
      return error instanceof RangeError ? "too large" : "unreadable";
    }
  }
  return texts;
}

/**
 * Markup or an archive in the metadata ranges or the inflated texts, or a script tag anywhere; undefined when
 * there is none.
 */
export function hiddenContent(
  bytes: Uint8Array,
  layouts: readonly ImageLayout[],
  inflated: readonly Uint8Array[] = [],
): string | undefined {
  for (const layout of layouts) {
    for (const [start, end] of layout.metadata) {
      const found = findSignature(bytes, start, end, metadataSignatures);
      if (found !== undefined) return found;
    }
  }
  for (const text of inflated) {
    const found = findSignature(text, 0, text.length, metadataSignatures);
    if (found !== undefined) return found;
  }
  return findSignature(bytes, 0, bytes.length, anywhereSignatures);
}

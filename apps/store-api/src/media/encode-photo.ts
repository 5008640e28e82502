import type SharpModule from "sharp";
import type { Metadata, Sharp } from "sharp";
import { onFirstUse } from "../lazy-module.ts";
import { ApiError } from "../errors.ts";
import { socialCardSize } from "./social-card.ts";
import type { PhotoFormat } from "./image-structure.ts";

const sharp = onFirstUse<typeof SharpModule>("sharp");

/**
 * What the shop decodes: at most 8192 pixels a side and 50 megapixels in all (a 48-megapixel phone photo
 * fits; a decompression bomb's declared 30000×30000 does not), from an upload of at most 20 MB.
 */
export const photoLimits = { maxSide: 8192, maxPixels: 50_000_000, maxBytes: 20_000_000 } as const;

/** The widths a photo is encoded at, for `srcset`; never wider than the photo itself. */
export const standardWidths = [320, 640, 960, 1280] as const;

/** The widths to encode a photo of this width at: the standard ones below it, then its own width (capped). */
export function photoWidths(sourceWidth: number): number[] {
  const largest = Math.min(sourceWidth, Math.max(...standardWidths));
  return [...standardWidths.filter((width) => width < largest), largest];
}

export interface EncodedPhoto {
  /** The largest encoding's size. */
  width: number;
  height: number;
  files: { width: number; height: number; bytes: Buffer }[];
  /** The 1200×630 social card drawn from the photo, as JPEG. */
  card: Buffer;
}

const tooLarge = () =>
  new ApiError(
    400,
    "image_too_large",
    `The photo is too large: at most ${photoLimits.maxSide} pixels a side and ${photoLimits.maxPixels / 1_000_000} megapixels. Make it smaller and upload it again.`,
    { max_side: photoLimits.maxSide, max_pixels: photoLimits.maxPixels },
  );

const damaged = () => new ApiError(400, "image_unreadable", "The photo could not be read: the file may be damaged.");

/** sharp names AVIF "heif" (with AV1 compression). */
function formatMatches(metadata: Metadata, format: PhotoFormat): boolean {
  if (format === "avif") return metadata.format === "heif" && metadata.compression === "av1";
  return metadata.format === format;
}

function decoder(bytes: Buffer): Sharp {
  // limitInputPixels is the decoder's own guard, behind the header check below.
  return sharp()(bytes, { limitInputPixels: photoLimits.maxPixels, failOn: "error", animated: false });
}

/** One photo decoded at a time per process: a large photo takes hundreds of megabytes while it is. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Decodes a photo whose content was checked (content-check.ts) and encodes it afresh: turned upright by its
 * EXIF orientation, stripped of all metadata, as WebP at each of `photoWidths`, plus its social card.
 * Refuses with an ApiError a photo whose header declares too many pixels, before decoding any.
 */
export function encodePhoto(bytes: Buffer, format: PhotoFormat): Promise<EncodedPhoto> {
  return oneAtATime(async () => {
    let metadata: Metadata;
    try {
      // The header alone: no limit here, so that too many pixels get their own answer below.
      metadata = await sharp()(bytes, { limitInputPixels: false, failOn: "error" }).metadata();
    } catch {
      throw damaged();
    }
    if (!formatMatches(metadata, format)) throw damaged();
    const { width, height } = metadata;
    if (width > photoLimits.maxSide || height > photoLimits.maxSide || width * height > photoLimits.maxPixels) {
      throw tooLarge();
    }
    try {
      const files: EncodedPhoto["files"] = [];
      for (const target of photoWidths(metadata.autoOrient.width)) {
        const { data, info } = await decoder(bytes)
          .autoOrient()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        files.push({ width: info.width, height: info.height, bytes: data });
      }
      const largest = files[files.length - 1];
      if (largest === undefined) throw damaged();
      return { width: largest.width, height: largest.height, files, card: await drawCard(bytes) };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw damaged();
    }
  });
}

/** A 1200×630 card: the whole photo in the middle, over a blurred, darkened copy of it filling the frame. */
async function drawCard(bytes: Buffer): Promise<Buffer> {
  const { width, height } = socialCardSize;
  const margin = 30;
  const background = await decoder(bytes)
    .autoOrient()
    .resize(width, height, { fit: "cover" })
    .blur(28)
    .modulate({ brightness: 0.65 })
    .toBuffer();
  const picture = await decoder(bytes)
    .autoOrient()
    .resize(width - 2 * margin, height - 2 * margin, { fit: "inside" })
    .toBuffer();
  return sharp()(background)
    .composite([{ input: picture, gravity: "centre" }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

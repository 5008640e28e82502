import { ApiError } from "../errors.ts";
import {
  appendedJpegs,
  hasZipDirectory,
  hiddenContent,
  imageLayout,
  inflateText,
  maxInflatedText,
  sniffFormat,
  type ImageLayout,
  type PhotoFormat,
} from "./image-structure.ts";

/** The content type each accepted format must be sent with. */
export const photoContentTypes: Readonly<Record<PhotoFormat, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

const formatNames: Readonly<Record<PhotoFormat, string>> = { jpeg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" };

const accepted = "Upload a JPEG, PNG, WebP or AVIF photo.";

/** The media type of a Content-Type header, lower case and without parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Any image type: what an upload may declare, so that its content (SVG, GIF, HEIC...) gets the refusal. */
export const imageContentType = /^image\/[a-z0-9!#$&^_.+-]+$/;

export function isImageContentType(contentType: string | undefined): boolean {
  return imageContentType.test(mediaTypeOf(contentType));
}

const unreadable = (message: string) => new ApiError(400, "image_unreadable", message);
const hidden = () =>
  new ApiError(
    400,
    "image_hidden_content",
    "This file carries something besides the picture (data after its end, web page code or an archive), so it is refused. Open the photo in an image editor, save it again, and upload that.",
  );

/**
 * Checks an upload by its bytes, never its name: the signature must be an accepted format, the declared
 * content type must be that format's, the image's structure must be whole and end where the file ends, and
 * its metadata (compressed text included, once unpacked) must hold no markup or archive. Pixels are not decoded here (encode-photo.ts does that).
 */
export function checkPhotoContent(bytes: Uint8Array, contentType: string | undefined): PhotoFormat | ApiError {
  if (bytes.length === 0) return unreadable("The file is empty.");
  const sniffed = sniffFormat(bytes);
  switch (sniffed) {
    case "markup":
      return new ApiError(
        415,
        "unsupported_media_type",
        `SVG drawings and other text files are not accepted as photos: they can carry scripts. ${accepted}`,
      );
    case "gif":
      return new ApiError(415, "unsupported_media_type", `GIF files are not accepted. ${accepted}`);
    case "heic":
      return new ApiError(
        415,
        "unsupported_media_type",
        `HEIC photos (an iPhone's default) are not accepted: export the photo as JPEG first. ${accepted}`,
      );
    case "tiff":
    case "unknown":
      return new ApiError(415, "unsupported_media_type", `This file is not a photo the shop can use. ${accepted}`);
  }
  const declared = mediaTypeOf(contentType);
  if (declared !== photoContentTypes[sniffed]) {
    return new ApiError(
      415,
      "unsupported_media_type",
      `The file is a ${formatNames[sniffed]} image but was sent as ${declared === "" ? "no type" : declared}. Check the file's name ends in the right extension and upload it again.`,
    );
  }
  const layout = imageLayout(bytes, sniffed);
  if (layout === "truncated") {
    return unreadable(`The ${formatNames[sniffed]} file is cut short: upload the whole file again.`);
  }
  if (layout === "malformed") {
    return unreadable(`The ${formatNames[sniffed]} file is damaged and cannot be read.`);
  }
  const layouts: ImageLayout[] = [layout];
  if (layout.end < bytes.length) {
    const appended = sniffed === "jpeg" ? appendedJpegs(bytes, layout.end) : undefined;
    if (appended === undefined) return hidden();
    layouts.push(...appended);
  }
  const inflated = inflateText(bytes, layouts);
  if (inflated === "unreadable") {
    return unreadable(`The ${formatNames[sniffed]} file is damaged and cannot be read.`);
  }
  if (inflated === "too large") {
    return new ApiError(
      400,
      "image_hidden_content",
      `This file's text notes unpack to more than ${maxInflatedText / 1024 / 1024} MB, far more than a photo carries, so it is refused. Open the photo in an image editor, save it again, and upload that.`,
    );
  }
  if (hasZipDirectory(bytes) || hiddenContent(bytes, layouts, inflated) !== undefined) return hidden();
  return sniffed;
}

import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** Pictures and hostile files for the photo tests, made on the fly rather than committed as binaries. */

/** A photo-like picture (a gradient, so it compresses like one) in an accepted format. */
export async function gradientPicture(
  format: "jpeg" | "png" | "webp" | "avif",
  width = 48,
  height = 32,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 255);
      pixels[at + 1] = Math.round((y / height) * 255);
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A well-formed PNG whose header declares width × height grey pixels while its data holds a few rows:
 * what a decompression bomb shows before anything is decoded.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(Math.min(height, 4) * (width + 1)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG with a comment segment (COM) holding `text`, right after its start marker. */
export function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const payload = Buffer.from(text, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}

/** A PNG with a text chunk inserted right after IHDR. */
export function withPngText(png: Buffer, text: string): Buffer {
  const afterHeader = 8 + 8 + 13 + 4;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk("tEXt", Buffer.from(`Comment\0${text}`, "latin1")),
    png.subarray(afterHeader),
  ]);
}

/** A PNG with `text` deflated into a zTXt chunk, or a compressed iTXt chunk, right after IHDR. */
export function withPngCompressedText(png: Buffer, text: string | Buffer, type: "zTXt" | "iTXt"): Buffer {
  const afterHeader = 8 + 8 + 13 + 4;
  const stream = deflateSync(typeof text === "string" ? Buffer.from(text, "utf8") : text);
  // zTXt: keyword, NUL, method 0. iTXt: keyword, NUL, compressed, method 0, language "en", NUL, no translation, NUL.
  const header =
    type === "zTXt" ? Buffer.from("Comment\0\0", "latin1") : Buffer.from("Comment\0\u0001\0en\0\0", "latin1");
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk(type, Buffer.concat([header, stream])),
    png.subarray(afterHeader),
  ]);
}

/** The smallest ZIP archive: an end-of-central-directory record with no entries. */
export const emptyZip = Buffer.concat([Buffer.from("PK\u0005\u0006", "latin1"), Buffer.alloc(18)]);

/** An SVG drawing that runs a script when opened on its own. */
export const scriptedSvg = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

/** A web page to join to a picture. */
export const scriptedPage = Buffer.from(
  "<html><body><script>fetch('/admin/api/orders').then((r) => r.text())</script></body></html>",
);
